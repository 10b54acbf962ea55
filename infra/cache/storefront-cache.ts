/**
 * The storefront's response cache (the storefront will use it): an interface, an in-process
 * implementation, and the CDN adapter it forwards purges to. Every node keeps its own cache and
 * follows `CachePurgeRequested` events (see `follow.ts`), so a purge on one node reaches all.
 */

/** What to drop: the paths, the responses tagged with the surrogate keys, or everything of the store. */
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

export interface StorefrontCache {
  get(storeId: string, path: string): CachedResponse | null
  set(storeId: string, path: string, response: CachedResponse): void
  purge(request: PurgeRequest): void
}

/** Drops the same purge at the CDN in front of the storefront. */
export interface CdnAdapter {
  purge(request: PurgeRequest): Promise<void>
}

/** No CDN configured: nothing to tell. */
export const noopCdn: CdnAdapter = { purge: async () => undefined }

/**
 * Responses per store and path in this process, the oldest dropped beyond `maxEntries`.
 *
 * @example cache.set(storeId, '/products/red-shirt', { status: 200, headers: {}, body, surrogateKeys: [`product:${id}`] })
 */
export class MemoryStorefrontCache implements StorefrontCache {
  private readonly entries = new Map<string, CachedResponse>()

  constructor(private readonly maxEntries = 10_000) {}

  get(storeId: string, path: string): CachedResponse | null {
    return this.entries.get(key(storeId, path)) ?? null
  }

  set(storeId: string, path: string, response: CachedResponse): void {
    const id = key(storeId, path)
    this.entries.delete(id)
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
    this.entries.set(id, response)
  }

  purge(request: PurgeRequest): void {
    const prefix = key(request.storeId, '')
    const keys = new Set(request.surrogateKeys)
    const paths = new Set(request.paths.map((path) => key(request.storeId, path)))
    for (const [id, response] of this.entries) {
      if (!id.startsWith(prefix)) continue
      if (request.all || paths.has(id) || response.surrogateKeys.some((tag) => keys.has(tag))) this.entries.delete(id)
    }
  }

  get size(): number {
    return this.entries.size
  }
}

function key(storeId: string, path: string): string {
  return `${storeId} ${path}`
}
