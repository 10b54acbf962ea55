import type { ColumnType, Kysely, Selectable } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'

type Timestamp = ColumnType<Date, Date | string, Date | string>

/** One row per live blog. */
export interface BlogsTable {
  store_id: string
  organization_id: string
  id: string
  title: string
  handle: string
  revision: number
  created_at: Timestamp
  updated_at: Timestamp
}

export interface BlogDatabase {
  blogs: BlogsTable
}

export type BlogRow = Selectable<BlogsTable>
export type BlogDb = Kysely<BlogDatabase>

export async function createBlogTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('blogs')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('organization_id', 'uuid', (c) => c.notNull())
    .addColumn('id', 'uuid', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('handle', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('blogs_pkey', ['store_id', 'id'])
    .execute()
  const indexes: [string, string[]][] = [
    ['blogs_store_handle_idx', ['store_id', 'handle']],
    ['blogs_store_title_idx', ['store_id', 'title', 'id']],
    ['blogs_store_created_idx', ['store_id', 'created_at', 'id']],
  ]
  for (const [name, columns] of indexes)
    await db.schema.createIndex(name).ifNotExists().on('blogs').columns(columns).execute()
}
