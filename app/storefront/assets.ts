import type { StorefrontResponse } from './response.js'
import type { StorefrontTheme } from './theme-files.js'

/** Where the storefront serves a theme's text assets (CSS, JS, SVG, fonts' CSS): on the store's own host. */
export const ASSET_PREFIX = '/cdn/assets/'

const TEXT_TYPES: Record<string, string> = {
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  txt: 'text/plain; charset=utf-8',
}

/**
 * `{{ 'base.css' | asset_url }}`: a text asset at `/cdn/assets/base.css?v=<checksum>` (the
 * version makes it cacheable for a year), a binary one where the storage serves its bytes.
 * Liquid assets (`x.css.liquid`) are served rendered under their name without `.liquid` (see liquid-assets.ts).
 */
export function themeAssetUrl(theme: StorefrontTheme, storeId: string, name: string): string {
  const path = `assets/${name.replace(/^\/+/, '')}`
  const binary = theme.binaryAssets.get(path)
  if (binary) return `/storage/${storeId}/theme-assets/${binary}`
  const checksum = theme.textChecksums.get(path)
  return `${ASSET_PREFIX}${encodeURI(name)}${checksum ? `?v=${checksum.slice(0, 16)}` : ''}`
}

/** The response for `/cdn/assets/<name>`, or null when the URL is not an asset's. */
export function assetResponse(theme: StorefrontTheme, url: URL): StorefrontResponse | null {
  if (!url.pathname.startsWith(ASSET_PREFIX)) return null
  let name: string
  try {
    name = decodeURIComponent(url.pathname.slice(ASSET_PREFIX.length))
  } catch {
    return null
  }
  const content = theme.files.get(`assets/${name}`)
  const type = TEXT_TYPES[name.split('.').pop() ?? '']
  if (content === undefined || !type) return null
  const versioned = url.searchParams.get('v') === theme.textChecksums.get(`assets/${name}`)?.slice(0, 16)
  return {
    status: 200,
    headers: {
      'content-type': type,
      'cache-control': versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      'x-content-type-options': 'nosniff',
    },
    body: content,
  }
}
