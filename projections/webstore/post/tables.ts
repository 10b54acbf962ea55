import { sql, type ColumnType, type Kysely, type Selectable } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
import type { EntityColumns } from '../../shared/entity-table.js'
import { addPublishableColumns, type PublishableColumns } from '../../shared/publishable.js'
import { createIndexes } from '../../shared/entity-table.js'

/** One row per live post; deleted posts, and the posts of a blog deleted with its posts, are removed. */
export interface PostsTable extends PublishableColumns, EntityColumns {
  blog_id: string
  title: string
  handle: string
  /** Sanitized HTML. */
  body: string
  excerpt: string
  author: string
  tags: string[]
  cover_media_id: string | null
  /** published_at, or created_at for drafts: generated, so the PUBLISHED_AT sorts have a non-null keyset column. */
  published_sort: ColumnType<Date, never, never>
}

export interface PostDatabase {
  posts: PostsTable
}

export type PostRow = Selectable<PostsTable>
export type PostDb = Kysely<PostDatabase>

export async function createPostTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('posts')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('organization_id', 'uuid', (c) => c.notNull())
    .addColumn('id', 'uuid', (c) => c.notNull())
    .addColumn('blog_id', 'uuid', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('handle', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('cover_media_id', 'uuid')
    .$call(addPublishableColumns)
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('published_sort', 'timestamptz', (c) =>
      c
        .notNull()
        .generatedAlwaysAs(sql`coalesce(published_at, created_at)`)
        .stored(),
    )
    .addPrimaryKeyConstraint('posts_pkey', ['store_id', 'id'])
    .execute()
  // Keyset pagination orders by (column, id) within a store: one index per sort column.
  await createIndexes(db, 'posts', {
    posts_store_blog_handle_idx: ['store_id', 'blog_id', 'handle'],
    posts_store_published_idx: ['store_id', 'published_sort', 'id'],
    posts_store_title_idx: ['store_id', 'title', 'id'],
    posts_store_created_idx: ['store_id', 'created_at', 'id'],
    posts_store_updated_idx: ['store_id', 'updated_at', 'id'],
    posts_publish_at_idx: ['publish_at'],
  })
}
