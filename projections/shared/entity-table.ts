import type { ColumnType, CreateTableBuilder } from 'kysely'
import type { AnyDb } from '../../infra/database/database.js'

/** A timestamptz column: read as a Date, written as a Date or an ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>

/** The columns of every entity read model written through `entityRow`: keys, revision guard and times. */
export interface EntityColumns {
  store_id: string
  organization_id: string
  id: string
  /** Stream revision of the last event applied: later events only, so a replay cannot move a row back. */
  revision: number
  created_at: Timestamp
  updated_at: Timestamp
}

/** A table being created, whatever columns it has so far. */
export type TableBuilder = CreateTableBuilder<string, string>

/**
 * Creates (if missing) the table of an entity read model with the `EntityColumns`: store_id,
 * organization_id and id, then the table's own columns, then revision, created_at and updated_at,
 * keyed by (store_id, id) as `<table>_pkey`.
 *
 * @example
 *   await createEntityTable(db, 'blogs', (t) =>
 *     t.addColumn('title', 'text', (c) => c.notNull()).addColumn('handle', 'text', (c) => c.notNull()),
 *   )
 */
export async function createEntityTable(
  db: AnyDb,
  table: string,
  ownColumns: (builder: TableBuilder) => TableBuilder,
): Promise<void> {
  const keys: TableBuilder = db.schema
    .createTable(table)
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('organization_id', 'uuid', (c) => c.notNull())
    .addColumn('id', 'uuid', (c) => c.notNull())
  await ownColumns(keys)
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${table}_pkey`, ['store_id', 'id'])
    .execute()
}

/**
 * Creates (if missing) the plain indexes of a table, each named with its columns. Keyset
 * pagination orders by (column, id) within a store: a sortable column's index ends in `id`.
 *
 * @example
 *   await createIndexes(db, 'blogs', {
 *     blogs_store_handle_idx: ['store_id', 'handle'],
 *     blogs_store_title_idx: ['store_id', 'title', 'id'],
 *   })
 */
export async function createIndexes(
  db: AnyDb,
  table: string,
  indexes: Record<string, readonly string[]>,
): Promise<void> {
  for (const [name, columns] of Object.entries(indexes))
    await db.schema
      .createIndex(name)
      .ifNotExists()
      .on(table)
      .columns([...columns])
      .execute()
}
