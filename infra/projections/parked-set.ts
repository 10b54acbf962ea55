import { DomainError } from '../../domain/shared/errors.js'
import type { Database } from '../database/database.js'
import { readParked, type ParkedListener } from './parked.js'
import { PARKED_CHANNEL } from './schema.js'

/** Seconds a refused writer is told to wait (`extensions.retryAfter`, the `Retry-After` header). */
export const PARKED_RETRY_AFTER_SECONDS = 30

/**
 * This process's view of the parked stores, for the write path: a write to a parked store is
 * refused at once instead of waiting for read models that will not move. Checked in memory on
 * every write; kept fresh by the local worker (told at once), by NOTIFY from other processes,
 * and by a reload at most every `ttlMs` in case a notification was lost.
 */
export class ParkedStores implements ParkedListener {
  /** Store id → projection → the failure it is parked on. */
  private readonly stores = new Map<string, Map<string, string>>()
  /** Bumped by every local change: a reload that started before one must not undo it. */
  private changes = 0
  private loadedAt = 0
  private loading: Promise<void> | null = null
  private again = false
  private unlisten: (() => Promise<void>) | null = null

  constructor(
    private readonly database: Database,
    private readonly ttlMs = 5_000,
  ) {}

  async start(): Promise<void> {
    await this.reload()
    this.unlisten = await this.database.listen(PARKED_CHANNEL, () => void this.reload())
  }

  async stop(): Promise<void> {
    await this.unlisten?.()
    this.unlisten = null
    await this.loading
  }

  parked(projection: string, storeId: string, error: string): void {
    this.changes++
    const projections = this.stores.get(storeId) ?? new Map<string, string>()
    projections.set(projection, error)
    this.stores.set(storeId, projections)
  }

  unparked(projection: string, storeId: string | null): void {
    this.changes++
    for (const [store, projections] of this.stores) {
      if (storeId !== null && store !== storeId) continue
      projections.delete(projection)
      if (projections.size === 0) this.stores.delete(store)
    }
  }

  /** The projections a store is parked in (with their failures); empty when its read models are current. */
  of(storeId: string): ReadonlyMap<string, string> {
    if (Date.now() - this.loadedAt > this.ttlMs) void this.reload()
    return this.stores.get(storeId) ?? new Map()
  }

  /** Throws SERVICE_UNAVAILABLE when the store is parked in any projection: its writes would never become visible. */
  refuseWrites(storeId: string): void {
    const [projection] = this.of(storeId).keys()
    if (projection === undefined) return
    throw new DomainError(
      'SERVICE_UNAVAILABLE',
      `this store's read models are being repaired: the '${projection}' projection could not apply one of its events, so writes are refused until an operator has fixed it and run 'emporium projections retry' (reads still answer, possibly stale); try again in a few minutes`,
      { details: { retryAfter: PARKED_RETRY_AFTER_SECONDS, projection } },
    )
  }

  /**
   * Reloads from the database. A reload asked for while one runs (a notification of a change
   * that query may predate) runs once more after it. A failed reload keeps what it knew.
   */
  reload(): Promise<void> {
    if (this.loading) {
      this.again = true
      return this.loading
    }
    this.loading = (async () => {
      do {
        this.again = false
        await this.load()
      } while (this.again)
    })().finally(() => {
      this.loading = null
    })
    return this.loading
  }

  private async load(): Promise<void> {
    for (;;) {
      const changes = this.changes
      const rows = await readParked(this.database.db).catch(() => null)
      this.loadedAt = Date.now()
      if (rows === null) return
      // A local park or unpark landed while this query ran: its result may predate it.
      if (changes !== this.changes) continue
      this.stores.clear()
      for (const row of rows) this.parked(row.projection, row.store_id, row.error)
      this.changes = changes
      return
    }
  }
}
