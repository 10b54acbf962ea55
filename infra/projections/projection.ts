import type { AnyDb } from '../database/database.js'
import type { RecordedEvent } from '../eventstore/port.js'

/**
 * A read model: the runner feeds it the events it names, in log order, inside the same
 * transaction that advances its checkpoint. Every table carries `store_id` (and
 * `organization_id` where relevant), so one store's rows can be dropped and replayed on their own.
 *
 * Read models are disposable: a projection has no migrations. Changing its tables means bumping
 * `version`; the runner then builds the new version beside the live tables (in a schema of its
 * own) from the log and swaps it in, while the old one keeps serving.
 */
export interface Projection {
  name: string
  version: number
  /** Event types it consumes; `'*'` for all of them (the audit log). */
  eventTypes: readonly string[] | '*'
  /** Every table it creates (a whole rebuild builds and swaps all of them). */
  tables: readonly string[]
  /**
   * The tables whose rows come from store-scoped streams (`<category>-<storeId>_…`), each with a
   * `store_id` column: a store rebuild deletes that store's rows from them and replays the
   * store's events. Organization-scoped read models (stores, keys) list none.
   */
  storeTables: readonly string[]
  /**
   * Deletes what a store rebuild replays, when that is not every row of the store: a store rebuild
   * replays only the store's own streams (`<category>-<storeId>_…`), so rows that some
   * organization-level stream put under the store must stay. Default: every row of `storeTables`
   * with that `store_id`.
   */
  clearStore?(trx: AnyDb, storeId: string): Promise<void>
  /** Creates its tables and indexes. Use unqualified names: `db` may be bound to a rebuild schema. */
  createTables(db: AnyDb): Promise<void>
  apply(event: RecordedEvent, trx: AnyDb): Promise<void>
}
