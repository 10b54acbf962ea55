// How redirect paths and targets are written down, so that `/Products/Old-Shirt/?utm=x` and
// `/products/old-shirt` are one redirect, and the storefront's lookup normalizes the same way.

export const REDIRECT_PATH_MAX_LENGTH = 1024

export type Normalized = { ok: true; value: string } | { ok: false; message: string }

/**
 * A storefront path as redirects store and match it: host, query and fragment dropped, a leading
 * `/`, repeated and trailing slashes removed, lowercase. Shopify and most storefronts treat paths
 * case-insensitively, and the query (tracking parameters, mostly) must not defeat a match.
 *
 * @example normalizeRedirectPath('https://shop.example/Products/Old-Shirt/?utm_source=x') // { ok: true, value: '/products/old-shirt' }
 */
export function normalizeRedirectPath(raw: string): Normalized {
  const text = raw.trim()
  const absolute = /^(https?:)?\/\//i.test(text)
  let path = absolute ? pathnameOf(text) : text.replace(/[?#].*$/s, '')
  if (path === null) return { ok: false, message: `'${raw}' is not a valid URL or path` }
  if (/[\s\p{Cc}]/u.test(path)) return { ok: false, message: 'a path may not contain spaces or control characters' }
  // Browsers read `/\host` as `//host`: a target so written would send shoppers to another site.
  if (path.includes('\\')) return { ok: false, message: "a path may not contain a backslash; use '/'" }
  path = `/${path}`
    .replace(/\/{2,}/g, '/')
    .replace(/\/+$/, '')
    .toLowerCase()
  if (path === '')
    return { ok: false, message: "the home page '/' cannot be redirected; name a path such as '/products/old-shirt'" }
  if (path.split('/').some((segment) => segment === '.' || segment === '..'))
    return { ok: false, message: "a path may not contain '.' or '..' segments" }
  if (path.length > REDIRECT_PATH_MAX_LENGTH)
    return { ok: false, message: `a path must be at most ${REDIRECT_PATH_MAX_LENGTH} characters` }
  return { ok: true, value: path }
}

/**
 * Where a redirect sends the shopper: a storefront path (normalized as paths are, but keeping its
 * query and fragment, e.g. `/collections/sale?sort=price`) or an absolute `https://` URL, kept as given.
 */
export function normalizeRedirectTarget(raw: string): Normalized {
  const text = raw.trim()
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) || text.startsWith('//')) {
    if (!/^https:\/\//i.test(text))
      return { ok: false, message: "target must be a storefront path such as '/products/new-shirt' or an https:// URL" }
    try {
      const url = new URL(text)
      if (!url.hostname) return { ok: false, message: `'${raw}' is not a valid URL` }
    } catch {
      return { ok: false, message: `'${raw}' is not a valid URL` }
    }
    if (/[\s\p{Cc}]/u.test(text)) return { ok: false, message: 'a URL may not contain spaces or control characters' }
    if (text.length > REDIRECT_PATH_MAX_LENGTH)
      return { ok: false, message: `target must be at most ${REDIRECT_PATH_MAX_LENGTH} characters` }
    return { ok: true, value: text }
  }
  const suffixAt = text.search(/[?#]/)
  const pathPart = suffixAt === -1 ? text : text.slice(0, suffixAt)
  // The home page is a fine target, though never a redirect's path.
  const path = /^\/*$/.test(pathPart) ? { ok: true as const, value: '/' } : normalizeRedirectPath(pathPart)
  if (!path.ok) return path
  const value = path.value + (suffixAt === -1 ? '' : text.slice(suffixAt))
  if (/[\s\p{Cc}]/u.test(value)) return { ok: false, message: 'a path may not contain spaces or control characters' }
  if (value.length > REDIRECT_PATH_MAX_LENGTH)
    return { ok: false, message: `target must be at most ${REDIRECT_PATH_MAX_LENGTH} characters` }
  return { ok: true, value }
}

/** The storefront path a target leads to (its query and fragment left out), to follow chains; null for an absolute URL. */
export function storefrontPathOf(target: string): string | null {
  return target.startsWith('/') ? target.replace(/[?#].*$/s, '') : null
}

function pathnameOf(url: string): string | null {
  try {
    return new URL(url.startsWith('//') ? `https:${url}` : url).pathname
  } catch {
    return null
  }
}
