import type { AnyDb } from '../../infra/database/database.js'
import type { PurgeRequest } from '../../infra/cache/storefront-cache.js'
import type { Logger } from '../../infra/logging/logger.js'
import { loadFacetIndex, type FacetIndex } from '../../projections/catalog/product/facet-index/load.js'
import { storefrontTags } from './cache/tags.js'
import { KeptWhileFollowed } from '../shared/kept-in-memory.js'

/**
 * After a change, a store's index is built again only once its catalog has been quiet this long:
 * a burst of writes (an import, a busy checkout) costs one build, not one per write; until then
 * SQL answers, as fresh as ever.
 */
const SETTLE_MS = 1_000
/** Products held over all stores (a few dozen bytes each); the least recently asked-for stores go first. */
const MAX_PRODUCTS = 2_000_000
const MAX_STORES = 20_000

interface Entry {
  /** Moves on every change: a build that started before the change is thrown away. */
  generation: number
  index: FacetIndex | null
  /** The build under way, if any: settles (never rejects) when it is done, kept or thrown away. */
  building: Promise<void> | null
  changedAt: number
}

/**
 * Each store's facet index (projections/catalog/product/facet-index) in this process, so a
 * storefront's collection and search pages count facets without a statement over the whole
 * catalog. It is used only while current: the node's storefront purger (cache/purger.ts) tells
 * it of every change to a store's catalog once the read models show it, and a write's
 * read-your-writes waits for that purger, so a request after a write's answer never reads an
 * index from before it. Without a purger (a process that serves no storefront) it is never used.
 */
export class CatalogIndexes extends KeptWhileFollowed<string, Entry> {
  private held = 0

  constructor(
    private readonly db: AnyDb,
    private readonly logger: Logger,
    private readonly clock: () => number = () => performance.now(),
    private readonly load: (db: AnyDb, storeId: string) => Promise<FacetIndex> = loadFacetIndex,
  ) {
    super()
  }

  override unfollow(): void {
    super.unfollow()
    this.held = 0
  }

  /** A purge target: what changes a product list (`products`, or the whole store) makes the store's index stale. */
  async purge(request: PurgeRequest): Promise<void> {
    if (!request.all && !request.surrogateKeys.includes(storefrontTags.products)) return
    const entry = this.entries.get(request.storeId)
    if (!entry) return
    entry.generation++
    entry.changedAt = this.clock()
    this.drop(entry)
  }

  /** The store's index when it is current; else null, with a build started when one is due: the caller reads SQL. */
  current(storeId: string): FacetIndex | null {
    if (!this.followed) return null
    let entry = this.entries.touch(storeId)
    if (!entry) {
      entry = { generation: 0, index: null, building: null, changedAt: -Infinity }
      this.entries.set(storeId, entry)
    }
    if (entry.index) return entry.index
    if (!entry.building && this.clock() - entry.changedAt >= SETTLE_MS) this.build(storeId, entry)
    this.evict()
    return null
  }

  /**
   * The store's index as `current` gives it, or, while a build is under way, that build's index
   * once it is done: a cold node's first burst of collection pages waits for one pass over the
   * catalog instead of each running the whole facet statement beside it. Null (SQL answers) when
   * no build is due or the one awaited is thrown away by a change, as `current` would say after it.
   */
  async ready(storeId: string): Promise<FacetIndex | null> {
    const index = this.current(storeId)
    const entry = this.entries.get(storeId)
    if (index || !entry?.building) return index
    await entry.building
    return this.entries.get(storeId) === entry ? entry.index : null
  }

  private build(storeId: string, entry: Entry): void {
    const generation = entry.generation
    entry.building = this.load(this.db, storeId)
      .then((index) => {
        if (entry.generation !== generation || this.entries.get(storeId) !== entry || !this.followed) return
        // A store larger than the whole budget stays in SQL until its next change.
        if (index.size > MAX_PRODUCTS) return void (entry.changedAt = Infinity)
        entry.index = index
        this.held += index.size
        this.evict()
      })
      .catch((error: unknown) => {
        // A failed build waits as a change does before the next try; SQL answers meanwhile.
        entry.changedAt = this.clock()
        this.logger.warn({ err: error, storeId }, 'building the catalog facet index failed; SQL answers meanwhile')
      })
      .finally(() => (entry.building = null))
  }

  private drop(entry: Entry): void {
    if (entry.index) this.held -= entry.index.size
    entry.index = null
  }

  private evict(): void {
    for (const [storeId, entry] of this.entries) {
      if (this.held <= MAX_PRODUCTS && this.entries.size <= MAX_STORES) return
      this.drop(entry)
      this.entries.delete(storeId)
    }
  }
}
