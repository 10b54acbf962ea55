import type { Kysely, Selectable } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
import { createIndexes, createEntityTable, type EntityColumns } from '../../shared/entity-table.js'

/** One row per live blog. */
export interface BlogsTable extends EntityColumns {
  title: string
  handle: string
}

export interface BlogDatabase {
  blogs: BlogsTable
}

export type BlogRow = Selectable<BlogsTable>
export type BlogDb = Kysely<BlogDatabase>

export async function createBlogTables(db: AnyDb): Promise<void> {
  await createEntityTable(db, 'blogs', (table) =>
    table.addColumn('title', 'text', (c) => c.notNull()).addColumn('handle', 'text', (c) => c.notNull()),
  )
  await createIndexes(db, 'blogs', {
    blogs_store_handle_idx: ['store_id', 'handle'],
    blogs_store_title_idx: ['store_id', 'title', 'id'],
    blogs_store_created_idx: ['store_id', 'created_at', 'id'],
  })
}
