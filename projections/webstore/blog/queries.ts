import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import { badInput } from '../../../domain/shared/errors.js'
import { isUuid } from '../../../domain/shared/ids.js'
import { combineFilter, stringConditions, type StringFilter } from '../../shared/filters.js'
import {
  paginate,
  sortOptions,
  type Connection,
  type ListArgs,
  type PaginateOptions,
  type SortSpec,
} from '../../shared/pagination.js'
import type { BlogDatabase, BlogDb, BlogRow } from './tables.js'

/** A blog as the API serves it. */
export interface BlogRecord {
  id: string
  title: string
  handle: string
  createdAt: Date
  updatedAt: Date
  revision: number
}

export interface BlogFilter {
  title?: StringFilter | null
  handle?: StringFilter | null
  and?: readonly BlogFilter[] | null
  or?: readonly BlogFilter[] | null
}

const SORTS = sortOptions({ TITLE: 'title', HANDLE: 'handle', CREATED_AT: 'created_at', UPDATED_AT: 'updated_at' })
export type BlogSort = keyof typeof SORTS
export const BLOG_SORTS = Object.keys(SORTS) as BlogSort[]

export interface ListBlogsArgs extends ListArgs {
  filter?: BlogFilter | null
  sort?: BlogSort | null
}

/** One blog of the store by id or handle, or null (another store's id included). */
export async function findBlog(
  db: BlogDb,
  storeId: string,
  by: { id: string } | { handle: string },
): Promise<BlogRecord | null> {
  if (!isUuid(storeId) || ('id' in by && !isUuid(by.id))) return null
  const query = db.selectFrom('blogs').selectAll().where('store_id', '=', storeId)
  const row = await (
    'id' in by ? query.where('id', '=', by.id.toLowerCase()) : query.where('handle', '=', by.handle)
  ).executeTakeFirst()
  return row ? toBlogRecord(row) : null
}

/** Blogs of the store by id, in the order asked, null where there is none: for loaders. */
export async function blogsByIds(db: BlogDb, storeId: string, ids: readonly string[]): Promise<(BlogRecord | null)[]> {
  const wanted = ids.filter(isUuid)
  if (!isUuid(storeId) || wanted.length === 0) return ids.map(() => null)
  const rows = await db
    .selectFrom('blogs')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('id', 'in', wanted)
    .execute()
  const byId = new Map(rows.map((row) => [row.id, toBlogRecord(row)]))
  return ids.map((id) => byId.get(id) ?? null)
}

/**
 * One page of the store's blogs.
 *
 * @example await listBlogs(db, storeId, { first: 10, sort: 'TITLE_ASC' })
 */
export async function listBlogs(
  db: BlogDb,
  storeId: string,
  args: ListBlogsArgs = {},
  options: PaginateOptions = {},
): Promise<Connection<BlogRecord>> {
  const sortName = args.sort ?? 'CREATED_AT_DESC'
  const sort: SortSpec | undefined = SORTS[sortName]
  if (!sort) throw badInput(['sort'], `sort must be one of ${BLOG_SORTS.join(', ')}; got '${sortName}'`)
  const query = db
    .selectFrom('blogs')
    .selectAll()
    .where((eb) => (isUuid(storeId) ? eb('store_id', '=', storeId) : sql<SqlBool>`false`))
    .where((eb) => combineFilter(eb, args.filter, conditions))
  const page = await paginate<BlogRow>(query as never, args, sort, options)
  return {
    ...page,
    nodes: page.nodes.map(toBlogRecord),
    edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: toBlogRecord(edge.node) })),
  }
}

function conditions(eb: ExpressionBuilder<BlogDatabase, 'blogs'>, filter: BlogFilter): Expression<SqlBool>[] {
  return [...stringConditions(eb, 'title', filter.title), ...stringConditions(eb, 'handle', filter.handle)]
}

function toBlogRecord(row: BlogRow): BlogRecord {
  return {
    id: row.id,
    title: row.title,
    handle: row.handle,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    revision: row.revision,
  }
}
