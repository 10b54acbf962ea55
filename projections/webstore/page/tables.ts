import type { Kysely, Selectable } from 'kysely'
import { entityTable } from '../../shared/entity-table.js'
import { PUBLISHABLE_COLUMNS } from '../../shared/publishable.js'
import { column, type DatabaseOf, type RowOf } from '../../shared/table.js'

/** One row per live page; deleted pages are removed. */
export const PAGES_TABLE = entityTable(
  'pages',
  {
    title: column.text(),
    handle: column.text(),
    /** Sanitized HTML. */
    body: column.text(),
    template_suffix: column.text(),
    ...PUBLISHABLE_COLUMNS,
  },
  {
    // Keyset pagination orders by (column, id) within a store: one index per sort column.
    indexes: {
      pages_store_handle_idx: ['store_id', 'handle'],
      pages_store_title_idx: ['store_id', 'title', 'id'],
      pages_store_created_idx: ['store_id', 'created_at', 'id'],
      pages_store_updated_idx: ['store_id', 'updated_at', 'id'],
      pages_publish_at_idx: ['publish_at'],
    },
  },
)

export type PagesTable = RowOf<typeof PAGES_TABLE>
export type PageDatabase = DatabaseOf<typeof PAGES_TABLE>
export type PageRow = Selectable<PagesTable>
export type PageDb = Kysely<PageDatabase>
