import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import { badInput } from '../../../domain/shared/errors.js'
import { isUuid } from '../../../domain/shared/ids.js'
import type { PublicationStatus } from '../../../domain/shared/publishable/publication.js'
import {
  combineFilter,
  inList,
  dateRangeConditions,
  stringConditions,
  type DateTimeRangeFilter,
  type StringFilter,
} from '../../shared/filters.js'
import {
  paginate,
  sortOptions,
  type Connection,
  type ListArgs,
  type PaginateOptions,
  type SortSpec,
} from '../../shared/pagination.js'
import { publishableRecord } from '../../shared/publishable.js'
import { searchCondition } from '../shared/content.js'
import type { PostDatabase, PostDb, PostRow } from './tables.js'

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

export interface PostFilter {
  blogId?: string | null
  /** Posts carrying this tag. */
  tag?: string | null
  author?: StringFilter | null
  status?: readonly PublicationStatus[] | null
  publishedAt?: DateTimeRangeFilter | null
  /** Every word in the title, handle, excerpt, author or body, ignoring case. */
  search?: string | null
  and?: readonly PostFilter[] | null
  or?: readonly PostFilter[] | null
}

const SORTS = sortOptions({
  PUBLISHED_AT: 'published_sort',
  TITLE: 'title',
  CREATED_AT: 'created_at',
  UPDATED_AT: 'updated_at',
})
export type PostSort = keyof typeof SORTS
export const POST_SORTS = Object.keys(SORTS) as PostSort[]

export interface ListPostsArgs extends ListArgs {
  filter?: PostFilter | null
  sort?: PostSort | null
}

/** One post of the store by id, or by its blog and handle; null when there is none (another store's id included). */
export async function findPost(
  db: PostDb,
  storeId: string,
  by: { id: string } | { blogId: string; handle: string },
): Promise<PostRecord | null> {
  const ids = 'id' in by ? [storeId, by.id] : [storeId, by.blogId]
  if (!ids.every(isUuid)) return null
  const query = db.selectFrom('posts').selectAll().where('store_id', '=', storeId)
  const row = await (
    'id' in by
      ? query.where('id', '=', by.id.toLowerCase())
      : query.where('blog_id', '=', by.blogId).where('handle', '=', by.handle)
  ).executeTakeFirst()
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
  const sortName = args.sort ?? 'PUBLISHED_AT_DESC'
  const sort: SortSpec | undefined = SORTS[sortName]
  if (!sort) throw badInput(['sort'], `sort must be one of ${POST_SORTS.join(', ')}; got '${sortName}'`)
  const query = db
    .selectFrom('posts')
    .selectAll()
    .where((eb) => (isUuid(storeId) ? eb('store_id', '=', storeId) : sql<SqlBool>`false`))
    .where((eb) => combineFilter(eb, args.filter, conditions))
  const page = await paginate<PostRow>(query, args, sort, options)
  return {
    ...page,
    nodes: page.nodes.map(toPostRecord),
    edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: toPostRecord(edge.node) })),
  }
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

function conditions(eb: ExpressionBuilder<PostDatabase, 'posts'>, filter: PostFilter): Expression<SqlBool>[] {
  const list = stringConditions(eb, 'author', filter.author)
  if (filter.blogId != null)
    list.push(isUuid(filter.blogId) ? eb('blog_id', '=', filter.blogId.toLowerCase()) : sql<SqlBool>`false`)
  if (filter.tag != null) list.push(sql<SqlBool>`${filter.tag} = any(tags)`)
  if (filter.status != null) list.push(inList('status', filter.status))
  list.push(...dateRangeConditions(eb, 'published_at', filter.publishedAt))
  list.push(...searchCondition(eb, filter.search, ['title', 'handle', 'excerpt', 'author', 'body']))
  return list
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
