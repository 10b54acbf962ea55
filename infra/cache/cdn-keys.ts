import { createHash } from 'node:crypto'
import type { PurgeRequest } from './storefront-cache.js'

/**
 * The surrogate keys a CDN files a storefront response under, and the ones a purge names. A CDN
 * service fronts every store, and the storefront's own tags (`products`, `pages`, `redirects`)
 * are the same words in every store, so at the edge every key is the store's: `store:<id>` on
 * every response (what a store-wide purge names), `store:<id>:<tag>` for each tag, and
 * `store:<id>:path:<hash>` for the path the response is filed under (without its locale prefix,
 * so one key reaches every locale's copy). A purge of store A therefore never names a
 * key of store B, whatever tags a merchant asks `cachePurge` for.
 */
export function storeKey(storeId: string): string {
  return `store:${storeId}`
}

/** The path as a key: hashed, since a path may hold commas or run longer than a CDN takes for one key. */
function pathKey(storeId: string, path: string): string {
  return `${storeKey(storeId)}:path:${createHash('sha256').update(path).digest('base64url').slice(0, 22)}`
}

/**
 * The keys of one response: the store's, each tag of what it shows, its path.
 *
 * @example responseKeys(storeId, ['product:0190…', 'products'], '/products/red-shirt')
 * // ['store:<id>', 'store:<id>:product:0190…', 'store:<id>:products', 'store:<id>:path:…']
 */
export function responseKeys(storeId: string, tags: readonly string[], path: string): string[] {
  const store = storeKey(storeId)
  return [store, ...tags.map((tag) => `${store}:${tag}`), pathKey(storeId, path)]
}

/** The keys a purge names: the store's alone for `all`, else those of its tags and paths. */
export function purgeKeys(request: PurgeRequest): string[] {
  if (request.all) return [storeKey(request.storeId)]
  const store = storeKey(request.storeId)
  return [
    ...new Set([
      ...request.surrogateKeys.map((tag) => `${store}:${tag}`),
      ...request.paths.map((path) => pathKey(request.storeId, path)),
    ]),
  ]
}

/**
 * The most a `Surrogate-Key` or `Cache-Tag` header may carry (both CDNs stop at 16 KB). A response
 * whose keys do not fit is not kept at the edge, since a CDN would drop the keys past the limit and
 * miss their purges.
 */
export const EDGE_KEYS_MAX_BYTES = 16_000
