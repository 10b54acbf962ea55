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
    indexes: {
      pages_store_handle_idx: ['store_id', 'handle'],
      pages_publish_at_idx: ['publish_at'],
    },
    sortedBy: ['title', 'created_at', 'updated_at'],
  },
)

export type PageRow = Selectable<RowOf<typeof PAGES_TABLE>>
export type PageDb = Kysely<DatabaseOf<typeof PAGES_TABLE>>
