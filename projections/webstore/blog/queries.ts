import { isUuid } from '../../../domain/shared/ids.js'
import { sortValues, type FilterOf, type ListArgsOf, type SortOf } from '../../../domain/shared/list-spec.js'
import { BLOG_LIST } from '../../../domain/webstore/blog/list.js'
import { listRunner } from '../../shared/list-runner.js'
import { mapConnection, type Connection, type PaginateOptions } from '../../shared/pagination.js'
import type { BlogDb, BlogRow } from './tables.js'
import { findInStore, inStore } from '../../shared/store-rows.js'

/** A blog as the API serves it. */
export interface BlogRecord {
  id: string
  title: string
  handle: string
  createdAt: Date
  updatedAt: Date
  revision: number
}

export type BlogFilter = FilterOf<typeof BLOG_LIST>
export type BlogSort = SortOf<typeof BLOG_LIST>
export type ListBlogsArgs = ListArgsOf<typeof BLOG_LIST>
export const BLOG_SORTS = sortValues(BLOG_LIST)

const blogs = listRunner(BLOG_LIST, {
  filters: { title: 'title', handle: 'handle' },
  sorts: { TITLE: 'title', HANDLE: 'handle', CREATED_AT: 'created_at', UPDATED_AT: 'updated_at' },
})

/** One blog of the store by id or handle, or null (another store's id included). */
export async function findBlog(
  db: BlogDb,
  storeId: string,
  by: { id: string } | { handle: string },
): Promise<BlogRecord | null> {
  const row = await findInStore(db.selectFrom('blogs').selectAll(), storeId, by)
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
  const query = db.selectFrom('blogs').selectAll().where(inStore(storeId))
  return mapConnection(await blogs.run(query, args, options), toBlogRecord)
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
