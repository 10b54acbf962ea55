import type { Insertable, Kysely, Selectable, Updateable } from 'kysely'
import type { AnyDb } from '../../infra/database/database.js'
import type { RecordedEvent } from '../../infra/eventstore/port.js'
import type { EntityColumns } from './entity-table.js'
import { storeOf } from './store-of.js'
import { deleteInStore } from './store-rows.js'

/** The guarded writes of one entity's row; see {@link entityRow}. */
export interface EntityRow<Row> {
  /**
   * Inserts the row with the `EntityColumns` taken from the event (store, organization, id, revision,
   * time), so `fields` name only the table's own; a row that exists already stays.
   */
  insert(fields: Omit<Insertable<Row>, keyof EntityColumns>): Promise<void>
  /** Writes `fields` and moves the row's revision and updated_at. */
  change(fields: Updateable<Row>): Promise<void>
  /** Removes the row. */
  delete(): Promise<void>
  /**
   * Reads `columns` of the row when the event is still to be applied to it, for a change computed
   * from what the row holds; undefined when the row is gone or has seen the event already.
   */
  readBehind<Column extends keyof Selectable<Row> & string>(
    columns: readonly Column[],
  ): Promise<Pick<Selectable<Row>, Column> | undefined>
}

/**
 * The row of one entity in a read model with the `EntityColumns` (see `createEntityTable`): keyed by
 * (store_id, id), keeping the stream revision of the last event applied. Every write is guarded so a replay of events already applied changes
 * nothing: insert ignores a row that is there, change and delete touch only a row older than the event.
 *
 * @example
 *   const page = entityRow(db, 'pages', event.data.pageId, recorded)
 *   await page.insert({ title, handle, body, template_suffix: '', status: 'DRAFT' })
 *   await page.change({ title: event.data.title })
 */
export function entityRow<DB, Table extends keyof DB & string>(
  db: Kysely<DB>,
  table: Table,
  id: string,
  recorded: RecordedEvent,
): EntityRow<DB[Table]> {
  // Kysely cannot type a write to a table named by a type parameter: the writes below see any table
  // and any columns, the callers' fields are typed by the signatures above.
  const rows: AnyDb = db
  const name: string = table
  const storeId = storeOf(recorded)
  return {
    async insert(fields) {
      await rows
        .insertInto(name)
        .values({
          ...fields,
          store_id: storeId,
          organization_id: recorded.metadata.organizationId,
          id,
          revision: recorded.revision,
          created_at: recorded.metadata.occurredAt,
          updated_at: recorded.metadata.occurredAt,
        })
        .onConflict((c) => c.columns(['store_id', 'id']).doNothing())
        .execute()
    },
    async change(fields) {
      const changed: Record<string, unknown> = fields
      await rows
        .updateTable(name)
        .set({ ...changed, revision: recorded.revision, updated_at: recorded.metadata.occurredAt })
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .where('revision', '<', recorded.revision)
        .execute()
    },
    async readBehind<Column extends keyof Selectable<DB[Table]> & string>(columns: readonly Column[]) {
      const row = await rows
        .selectFrom(name)
        .select(columns)
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .where('revision', '<', recorded.revision)
        .executeTakeFirst()
      return row as Pick<Selectable<DB[Table]>, Column> | undefined
    },
    delete: () => deleteInStore(db, table, storeId, { id }, recorded.revision),
  }
}
