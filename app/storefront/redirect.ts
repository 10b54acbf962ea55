import type { Platform } from '../platform.js'
import { redirectFor } from '../webstore/url-redirect/reads.js'
import type { StorefrontResponse } from './response.js'

/**
 * The 301 for a path no live resource answers, when the store has a redirect for it, else null.
 * The shopper's query string (campaign tags, a variant id) follows a target that has none of its own.
 */
export async function redirectResponse(
  platform: Platform,
  storeId: string,
  url: URL,
  locales: readonly string[],
): Promise<StorefrontResponse | null> {
  const target = await redirectFor(platform, storeId, `${url.pathname}${url.search}`, { locales })
  if (target === null) return null
  return {
    status: 301,
    headers: { location: withQuery(target, url.search), 'cache-control': 'no-cache' },
    body: '',
  }
}

function withQuery(target: string, search: string): string {
  if (search === '' || target.includes('?')) return target
  const hash = target.indexOf('#')
  return hash === -1 ? `${target}${search}` : `${target.slice(0, hash)}${search}${target.slice(hash)}`
}
