import type { ColumnType, Kysely, Selectable } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
import { addPublishableColumns, type PublishableColumns } from '../../shared/publishable.js'

type Timestamp = ColumnType<Date, Date | string, Date | string>

/** One row per live page; deleted pages are removed. */
export interface PagesTable extends PublishableColumns {
  store_id: string
  organization_id: string
  id: string
  title: string
  handle: string
  /** Sanitized HTML. */
  body: string
  template_suffix: string
  /** Stream revision of the last event applied: later events only, so a replay cannot move a row back. */
  revision: number
  created_at: Timestamp
  updated_at: Timestamp
}

export interface PageDatabase {
  pages: PagesTable
}

export type PageRow = Selectable<PagesTable>
export type PageDb = Kysely<PageDatabase>

export async function createPageTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('pages')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('organization_id', 'uuid', (c) => c.notNull())
    .addColumn('id', 'uuid', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('handle', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('template_suffix', 'text', (c) => c.notNull())
    .$call(addPublishableColumns)
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('pages_pkey', ['store_id', 'id'])
    .execute()
  // Keyset pagination orders by (column, id) within a store: one index per sort column.
  const indexes: [string, string[]][] = [
    ['pages_store_handle_idx', ['store_id', 'handle']],
    ['pages_store_title_idx', ['store_id', 'title', 'id']],
    ['pages_store_created_idx', ['store_id', 'created_at', 'id']],
    ['pages_store_updated_idx', ['store_id', 'updated_at', 'id']],
    ['pages_publish_at_idx', ['publish_at']],
  ]
  for (const [name, columns] of indexes)
    await db.schema.createIndex(name).ifNotExists().on('pages').columns(columns).execute()
}
