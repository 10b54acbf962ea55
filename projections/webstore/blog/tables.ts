import type { Kysely, Selectable } from 'kysely'
import { entityTable } from '../../shared/entity-table.js'
import { column, type DatabaseOf, type RowOf } from '../../shared/table.js'

/** One row per live blog. */
export const BLOGS_TABLE = entityTable(
  'blogs',
  { title: column.text(), handle: column.text() },
  {
    indexes: {
      blogs_store_handle_idx: ['store_id', 'handle'],
    },
    sortedBy: ['title', 'created_at'],
  },
)

export type BlogRow = Selectable<RowOf<typeof BLOGS_TABLE>>
export type BlogDb = Kysely<DatabaseOf<typeof BLOGS_TABLE>>
