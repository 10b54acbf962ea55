import { sql, type SqlBool } from 'kysely'
import { isUuid } from '../../../domain/shared/ids.js'
import { sortValues, type ListArgsOf } from '../../../domain/shared/list-spec.js'
import type { PublicationStatus } from '../../../domain/shared/publishable/publication.js'
import { POST_LIST } from '../../../domain/webstore/post/list.js'
import { listRunner } from '../../shared/list-runner.js'
import { mapConnection, type Connection, type PaginateOptions } from '../../shared/pagination.js'
import { publishableRecord } from '../../shared/publishable.js'
import type { PostDb, PostRow } from './tables.js'
import { findInStore, inStore } from '../../shared/store-rows.js'

/** A blog post as the API serves it. */
export interface PostRecord {
  id: string
  blogId: string
  title: string
  handle: string
  body: string
  excerpt: string
  author: string
  tags: string[]
  coverMediaId: string | null
  status: PublicationStatus
  seo: { title: string; description: string }
  publishAt: Date | null
  publishedAt: Date | null
  createdAt: Date
  updatedAt: Date
  revision: number
}

export type ListPostsArgs = ListArgsOf<typeof POST_LIST>
export const POST_SORTS = sortValues(POST_LIST)

const posts = listRunner(POST_LIST, {
  filters: {
    blogId: 'blog_id',
    tag: (_eb, tag) => sql<SqlBool>`${tag} = any(tags)`,
    author: 'author',
    status: 'status',
    publishedAt: 'published_at',
    search: ['title', 'handle', 'excerpt', 'author', 'body'],
  },
  sorts: { PUBLISHED_AT: 'published_sort', TITLE: 'title', CREATED_AT: 'created_at', UPDATED_AT: 'updated_at' },
})

/** One post of the store by id, or by its blog and handle; null when there is none (another store's id included). */
export async function findPost(
  db: PostDb,
  storeId: string,
  by: { id: string } | { blogId: string; handle: string },
): Promise<PostRecord | null> {
  const key = 'id' in by ? by : { blog_id: by.blogId, handle: by.handle }
  const row = await findInStore(db.selectFrom('posts').selectAll(), storeId, key)
  return row ? toPostRecord(row) : null
}

/**
 * One page of the store's posts; newest published first unless `sort` says otherwise (drafts
 * sort by their creation time).
 *
 * @example await listPosts(db, storeId, { first: 10, filter: { blogId, tag: 'summer' } })
 */
export async function listPosts(
  db: PostDb,
  storeId: string,
  args: ListPostsArgs = {},
  options: PaginateOptions = {},
): Promise<Connection<PostRecord>> {
  const query = db.selectFrom('posts').selectAll().where(inStore(storeId))
  return mapConnection(await posts.run(query, args, options), toPostRecord)
}

/** Ids of the live posts of a blog, for blogDelete's check. */
export async function postIdsOfBlog(db: PostDb, storeId: string, blogId: string): Promise<string[]> {
  if (!isUuid(storeId) || !isUuid(blogId)) return []
  const rows = await db
    .selectFrom('posts')
    .select('id')
    .where('store_id', '=', storeId)
    .where('blog_id', '=', blogId)
    .orderBy('id')
    .execute()
  return rows.map((row) => row.id)
}

function toPostRecord(row: PostRow): PostRecord {
  return {
    id: row.id,
    blogId: row.blog_id,
    title: row.title,
    handle: row.handle,
    body: row.body,
    excerpt: row.excerpt,
    author: row.author,
    tags: row.tags,
    coverMediaId: row.cover_media_id,
    ...publishableRecord(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    revision: row.revision,
  }
}
