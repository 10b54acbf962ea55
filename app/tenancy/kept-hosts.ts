import type { PurgeRequest } from '../../infra/cache/storefront-cache.js'
import { normalizeHost, type HostResolution } from '../../projections/tenancy/host.js'
import { KeptWhileFollowed } from '../shared/kept-in-memory.js'

/** Host names a process keeps (a few hundred bytes each); the least recently asked-for go first. */
const MAX_HOSTS = 10_000

interface Entry {
  resolution: Promise<HostResolution | null>
  /** The store it answered; null while the statement runs. */
  storeId: string | null
}

/**
 * The stores host names serve, kept in this process: every storefront, cart and storefront API
 * request asks, and the answer changes only with its store (a slug, a domain, archiving, the
 * commerce toggle, the name: each an event of the store's that purges the whole store). It has
 * the freshness contract of the render contexts (app/storefront/render-context.ts): used only
 * while the storefront purger follows the log, and a write's read-your-writes waits for that
 * purger. A purge of a store drops the hosts that answered it and every answer still loading
 * (it may be that store's); a host that answered no store is never kept, so a domain verified
 * or a slug taken shows at once. A host moves to another store only by an event of the store it
 * leaves, so an answer naming one store is never stale for another.
 */
export class KeptHosts extends KeptWhileFollowed<string, Entry> {
  constructor(private readonly load: (hostname: string) => Promise<HostResolution | null>) {
    super()
  }

  /** A purge target: a change to the whole store drops its hosts. */
  async purge(request: PurgeRequest): Promise<void> {
    if (!request.all) return
    for (const [hostname, entry] of this.entries)
      if (entry.storeId === null || entry.storeId === request.storeId) this.entries.delete(hostname)
  }

  /** The store `host` serves, or null; kept while current when the purger is followed. */
  resolve(host: string): Promise<HostResolution | null> {
    const hostname = normalizeHost(host)
    if (!hostname) return Promise.resolve(null)
    if (!this.followed) return this.load(hostname)
    const kept = this.entries.touch(hostname)
    if (kept) return kept.resolution
    const entry: Entry = { resolution: this.load(hostname), storeId: null }
    this.entries.set(hostname, entry)
    entry.resolution.then(
      (store) => {
        if (this.entries.get(hostname) !== entry) return
        if (store) entry.storeId = store.storeId
        else this.entries.delete(hostname)
      },
      // A failed statement is not kept: the next request asks again.
      () => this.entries.get(hostname) === entry && this.entries.delete(hostname),
    )
    this.entries.trim(MAX_HOSTS)
    return entry.resolution
  }
}
