import { createHash } from 'node:crypto'
import type { HostResolution } from '../../projections/tenancy/host.js'
import type { CachedResponse, StorefrontCache } from '../../infra/cache/storefront-cache.js'
import { EDGE_KEYS_MAX_BYTES, responseKeys, storeKey } from '../../infra/cache/cdn-keys.js'
import type { Platform } from '../platform.js'
import { RenderDependencies } from './cache/dependencies.js'
import { storefrontTags } from './cache/tags.js'
import type { StorefrontResponse } from './response.js'
import { serveStorefront, type StorefrontRequest } from './serve.js'

interface Logger {
  error(object: object, message: string): void
  warn(object: object, message: string): void
}

/** Browsers revalidate every time (ETag → 304); a CDN keeps the page until a purge drops it. */
const CACHED_PAGE_CONTROL = 'public, max-age=0, s-maxage=86400, must-revalidate'
/** A page whose keys overflow the header a CDN reads: kept by no CDN, as one of its purges could miss it. */
const UNKEPT_PAGE_CONTROL = 'public, max-age=0, must-revalidate'
/**
 * What is worth keeping: pages and crawl files, and a 404 (a bot asking for a missing page again and
 * again). A redirect is not: its `Location` carries the request's whole query, which the key leaves out.
 */
const CACHEABLE_STATUS = new Set([200, 404])
/** The query parameters a page renders differently for; any other (utm_*, a cache-buster) shares the page. */
const RENDERED_PARAMS = new Set(['page', 'sort_by', 'q', 'variant', 'v'])

/**
 * A kept response, with the moment it goes stale and the path it is filed under (without its locale
 * prefix), which its `Surrogate-Key` names on every hit.
 */
type Kept = CachedResponse & { staleAt?: number; path?: string }

/**
 * The storefront behind its page cache: a page is rendered once per store, host, locale, path and
 * query, and served from the cache until an event purges what it showed (`cache/purger.ts`), or
 * until the moment a scheduled page or post it hid goes live. Answers carry `ETag` (a repeated
 * request with `If-None-Match` gets 304), `Surrogate-Key` for a CDN, and `X-Cache: HIT|MISS`.
 * A cache that fails (Redis away) is skipped: the page renders as if uncached.
 */
export async function serveCachedStorefront(
  platform: Platform,
  cache: StorefrontCache,
  store: HostResolution,
  request: StorefrontRequest & { ifNoneMatch?: string | undefined },
  log: Logger,
): Promise<StorefrontResponse> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return serveStorefront(platform, store, request, log)
  const key = cacheKey(request.origin, request.url)
  const requested = new URL(request.url, 'http://x').pathname
  const lookup = await cache.get(store.storeId, key).catch((error: unknown) => {
    log.warn({ err: error, storeId: store.storeId }, 'storefront cache read failed; rendering uncached')
    return null
  })
  const hit = lookup?.response as Kept | null | undefined
  // An entry kept before entries carried their path is filed under the request's.
  if (hit && !expired(hit, request.now)) return answer(hit, request, 'HIT', store.storeId, hit.path ?? requested)
  const read = new RenderDependencies()
  const response = await serveStorefront(platform, store, { ...request, method: 'GET', read }, log)
  if (!CACHEABLE_STATUS.has(response.status) || typeof response.body !== 'string') return strip(response, request)
  // A redirect created for this path turns the 404 into a 301.
  if (response.status === 404) read.add(storefrontTags.redirects)
  const path = read.path ?? requested
  const cached: Kept = {
    status: response.status,
    headers: { ...response.headers, 'cache-control': cacheControlOf(response), etag: etagOf(response.body) },
    body: response.body,
    surrogateKeys: [...read.tags],
    path,
    ...(read.staleAt ? { staleAt: read.staleAt.getTime() } : {}),
  }
  if (lookup)
    await cache
      .set(store.storeId, key, path, cached, lookup.generation)
      .catch((error: unknown) => log.warn({ err: error, storeId: store.storeId }, 'storefront cache write failed'))
  return answer(cached, request, 'MISS', store.storeId, path)
}

/**
 * Host, path and the rendered parameters in a fixed order: a stranger adding random parameters
 * reaches the page already cached instead of filling the cache with copies of it.
 */
function cacheKey(origin: string, url: string): string {
  const { pathname, searchParams } = new URL(url, 'http://storefront.invalid')
  const kept = [...searchParams]
    .filter(([name]) => RENDERED_PARAMS.has(name) || name.startsWith('filter.'))
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1))
  return kept.length ? `${origin}${pathname}?${new URLSearchParams(kept)}` : `${origin}${pathname}`
}

/** A page says `no-cache` until it is cached; assets and crawl files keep the lifetime they chose. */
function cacheControlOf(response: StorefrontResponse): string {
  const own = response.headers['cache-control']
  return own?.startsWith('public') ? own : CACHED_PAGE_CONTROL
}

function expired(response: Kept, now: Date): boolean {
  return response.staleAt !== undefined && response.staleAt <= now.getTime()
}

function answer(
  cached: CachedResponse,
  request: { method: string; ifNoneMatch?: string | undefined },
  state: 'HIT' | 'MISS',
  storeId: string,
  path: string,
): StorefrontResponse {
  const headers = { ...cached.headers, ...edgeHeaders(storeId, cached.surrogateKeys, path), 'x-cache': state }
  if (matches(request.ifNoneMatch, cached.headers.etag!)) return { status: 304, headers, body: '' }
  return strip({ status: cached.status, headers, body: cached.body }, request)
}

/**
 * What a CDN files the response under, in Fastly's `Surrogate-Key` (space-separated) and
 * Cloudflare's `Cache-Tag` (comma-separated): the store's keys only (`infra/cache/cdn-keys.ts`).
 */
function edgeHeaders(storeId: string, tags: readonly string[], path: string): Record<string, string> {
  const keys = responseKeys(storeId, tags, path)
  if (Buffer.byteLength(keys.join(' ')) <= EDGE_KEYS_MAX_BYTES)
    return { 'surrogate-key': keys.join(' '), 'cache-tag': keys.join(',') }
  return { 'surrogate-key': storeKey(storeId), 'cache-tag': storeKey(storeId), 'cache-control': UNKEPT_PAGE_CONTROL }
}

function strip(response: StorefrontResponse, request: { method: string }): StorefrontResponse {
  return request.method === 'HEAD' ? { ...response, body: '' } : response
}

function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}

/** `If-None-Match`: `*` or a list of tags, weak ones compared by their opaque part (RFC 9110 §13.1.2). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}
