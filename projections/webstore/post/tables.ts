import { sql, type Kysely, type Selectable } from 'kysely'
import { ENTITY_KEYS, ENTITY_VERSION } from '../../shared/entity-table.js'
import { PUBLISHABLE_COLUMNS } from '../../shared/publishable.js'
import { column, table, type DatabaseOf, type RowOf } from '../../shared/table.js'

/** One row per live post; deleted posts, and the posts of a blog deleted with its posts, are removed. */
export const POSTS_TABLE = table(
  'posts',
  {
    ...ENTITY_KEYS,
    blog_id: column.uuid(),
    title: column.text(),
    handle: column.text(),
    /** Sanitized HTML. */
    body: column.text(),
    excerpt: column.text(),
    author: column.text(),
    tags: column.textArray().default(sql`'{}'::text[]`),
    cover_media_id: column.uuid().nullable(),
    ...PUBLISHABLE_COLUMNS,
    ...ENTITY_VERSION,
    /** published_at, or created_at for drafts: generated, so the PUBLISHED_AT sorts have a non-null keyset column. */
    published_sort: column.timestamptz().generatedAs(sql`coalesce(published_at, created_at)`),
  },
  {
    primaryKey: ['store_id', 'id'],
    indexes: {
      posts_store_blog_handle_idx: ['store_id', 'blog_id', 'handle'],
      posts_store_published_idx: ['store_id', 'published_sort', 'id'],
      posts_publish_at_idx: ['publish_at'],
    },
    sortedBy: ['title', 'created_at', 'updated_at'],
  },
)

export type PostRow = Selectable<RowOf<typeof POSTS_TABLE>>
export type PostDb = Kysely<DatabaseOf<typeof POSTS_TABLE>>
