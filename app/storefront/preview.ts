import type { Platform } from '../platform.js'
import { previewSigningKey, verifyPreview, type PreviewGrant } from '../webstore/theme/preview-token.js'

/** The query parameter a preview link carries (`/?preview_theme=<token>`); empty, it ends the preview. */
export const PREVIEW_PARAM = 'preview_theme'
const SECURE_COOKIE = '__Host-emporium_preview'
/** On plain-http localhost browsers drop Secure cookies, and `__Host-` requires Secure: the bare name. */
const LOCAL_COOKIE = 'emporium_preview'

export interface PreviewRequest {
  /** Path and query, as received. */
  url: string
  cookieHeader: string | undefined
  /** Plain http to this machine (`*.localhost`): the cookie goes without `__Host-` and Secure. */
  plainLocal: boolean
  now: Date
}

export interface PreviewDecision {
  /** The theme to render instead of the main one, or null. */
  grant: PreviewGrant | null
  /** Starts the preview for the rest of the visit, or forgets an ended or broken one. */
  setCookie: string | null
}

/**
 * Whether this storefront request previews a theme: a valid `preview_theme` token in the query
 * (the link, which then becomes a cookie so the shopper can browse), else a valid cookie. A
 * token of another store, a forged or an expired one shows the live store, as without it.
 */
export async function decidePreview(
  platform: Platform,
  storeId: string,
  request: PreviewRequest,
): Promise<PreviewDecision> {
  const query = new URL(request.url, 'http://storefront.invalid').searchParams
  const name = request.plainLocal ? LOCAL_COOKIE : SECURE_COOKIE
  const linked = query.get(PREVIEW_PARAM)
  const token = linked ?? cookieValue(request.cookieHeader, name)
  if (token === null) return { grant: null, setCookie: null }
  const grant = token === '' ? null : verifyPreview(await previewSigningKey(platform), token, storeId, request.now)
  const secure = request.plainLocal ? '' : '; Secure'
  if (!grant) return { grant: null, setCookie: `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}` }
  if (linked === null) return { grant, setCookie: null }
  const seconds = Math.max(1, Math.floor((grant.expiresAt.getTime() - request.now.getTime()) / 1000))
  return { grant, setCookie: `${name}=${token}; Path=/; Max-Age=${seconds}; HttpOnly; SameSite=Lax${secure}` }
}

/**
 * The bar a previewed page shows at the top, so a reviewer never mistakes the preview for the
 * live store; its link ends the preview.
 */
export function previewBanner(themeName: string, expiresAt: Date): string {
  const name = themeName.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  return (
    `<div role="region" aria-label="Theme preview" style="position:sticky;top:0;z-index:2147483647;background:#111;color:#fff;` +
    `font:14px/1.4 system-ui,sans-serif;padding:8px 16px;text-align:center">Previewing theme “${name}” until ` +
    `${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC · <a href="/?${PREVIEW_PARAM}=" style="color:#fff">Exit preview</a></div>`
  )
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=')
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return null
}
