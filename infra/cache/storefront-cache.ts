/**
 * The storefront's response cache: the port, an in-process adapter (one node, tests) and the CDN
 * port it forwards purges to. The Redis adapter (`redis-storefront-cache.ts`) is the one to run
 * with several nodes: they then share one cache, and one purge reaches all of them.
 */

/** What to drop: the paths (every query and locale of each), the responses tagged with the surrogate keys, or everything of the store. */
export interface PurgeRequest {
  storeId: string
  paths: readonly string[]
  surrogateKeys: readonly string[]
  all: boolean
}

export interface CachedResponse {
  status: number
  headers: Record<string, string>
  body: string
  /** Tags of what the response shows (`product:<id>`, `menu:<id>`), for purges by key. */
  surrogateKeys: readonly string[]
}

/** A cache lookup: the response if there is one, and the store's purge generation at that moment. */
export interface CacheLookup {
  response: CachedResponse | null
  generation: number
}

/**
 * Entries are keyed by store and a key the storefront builds (host, locale, path and query) and
 * filed under a path the storefront gives (the request's without its locale prefix), so a purge
 * of `/products/shirt` drops every host, query and locale of it.
 *
 * `set` takes the generation `get` answered: a purge of the store in between (a write the
 * render may have missed) makes `set` a no-op, so a render that read the old read model never
 * lands in the cache after the purge that should have dropped it.
 */
export interface StorefrontCache {
  get(storeId: string, key: string): Promise<CacheLookup>
  set(storeId: string, key: string, path: string, response: CachedResponse, generation: number): Promise<boolean>
  purge(request: PurgeRequest): Promise<void>
  close(): Promise<void>
}

/** Drops the same purge at the CDN in front of the storefront. */
export interface CdnAdapter {
  purge(request: PurgeRequest): Promise<void>
}

/** No CDN configured: nothing to tell. */
export const noopCdn: CdnAdapter = { purge: async () => undefined }

interface MemoryEntry {
  path: string
  response: CachedResponse
}

/**
 * Responses per store in this process, the least recently used dropped beyond `maxEntries`.
 *
 * @example
 * const { response, generation } = await cache.get(storeId, key)
 * if (!response) await cache.set(storeId, key, '/products/red-shirt', rendered, generation)
 */
export class MemoryStorefrontCache implements StorefrontCache {
  private readonly entries = new Map<string, MemoryEntry>()
  private readonly generations = new Map<string, number>()

  constructor(private readonly maxEntries = 10_000) {}

  async get(storeId: string, key: string): Promise<CacheLookup> {
    const id = entryId(storeId, key)
    const entry = this.entries.get(id)
    if (entry) {
      this.entries.delete(id)
      this.entries.set(id, entry)
    }
    return { response: entry?.response ?? null, generation: this.generations.get(storeId) ?? 0 }
  }

  async set(storeId: string, key: string, path: string, response: CachedResponse, generation: number) {
    if ((this.generations.get(storeId) ?? 0) !== generation) return false
    const id = entryId(storeId, key)
    this.entries.delete(id)
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
    this.entries.set(id, { path, response })
    return true
  }

  async purge(request: PurgeRequest): Promise<void> {
    this.generations.set(request.storeId, (this.generations.get(request.storeId) ?? 0) + 1)
    const prefix = entryId(request.storeId, '')
    const tags = new Set(request.surrogateKeys)
    const paths = new Set(request.paths)
    for (const [id, { path, response }] of this.entries) {
      if (!id.startsWith(prefix)) continue
      if (request.all || paths.has(path) || response.surrogateKeys.some((tag) => tags.has(tag))) this.entries.delete(id)
    }
  }

  async close(): Promise<void> {
    this.entries.clear()
  }

  get size(): number {
    return this.entries.size
  }
}

function entryId(storeId: string, key: string): string {
  return `${storeId} ${key}`
}
