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
      blogs_store_title_idx: ['store_id', 'title', 'id'],
      blogs_store_created_idx: ['store_id', 'created_at', 'id'],
    },
  },
)

export type BlogsTable = RowOf<typeof BLOGS_TABLE>
export type BlogDatabase = DatabaseOf<typeof BLOGS_TABLE>
export type BlogRow = Selectable<BlogsTable>
export type BlogDb = Kysely<BlogDatabase>
