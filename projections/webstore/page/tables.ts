import type { Kysely, Selectable } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
import { createIndexes, createEntityTable, type EntityColumns } from '../../shared/entity-table.js'
import { addPublishableColumns, type PublishableColumns } from '../../shared/publishable.js'

/** One row per live page; deleted pages are removed. */
export interface PagesTable extends PublishableColumns, EntityColumns {
  title: string
  handle: string
  /** Sanitized HTML. */
  body: string
  template_suffix: string
}

export interface PageDatabase {
  pages: PagesTable
}

export type PageRow = Selectable<PagesTable>
export type PageDb = Kysely<PageDatabase>

export async function createPageTables(db: AnyDb): Promise<void> {
  await createEntityTable(db, 'pages', (table) =>
    table
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('handle', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('template_suffix', 'text', (c) => c.notNull())
      .$call(addPublishableColumns),
  )
  // Keyset pagination orders by (column, id) within a store: one index per sort column.
  await createIndexes(db, 'pages', {
    pages_store_handle_idx: ['store_id', 'handle'],
    pages_store_title_idx: ['store_id', 'title', 'id'],
    pages_store_created_idx: ['store_id', 'created_at', 'id'],
    pages_store_updated_idx: ['store_id', 'updated_at', 'id'],
    pages_publish_at_idx: ['publish_at'],
  })
}
