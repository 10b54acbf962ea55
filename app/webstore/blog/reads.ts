import {
  BLOG_SORTS,
  blogsByIds as blogRecordsByIds,
  findBlog,
  listBlogs as listBlogRecords,
  type ListBlogsArgs,
} from '../../../projections/webstore/blog/queries.js'
import type { Caller } from '../../caller.js'
import { mapConnection, type PaginateOptions } from '../../shared/connection.js'
import { webstoreStore } from '../shared/store.js'
import { toBlogView, type BlogView } from './view.js'
import { readByIdOr } from '../../shared/lookup.js'

export { BLOG_SORTS }
export type { ListBlogsArgs }

/** One blog by id, or null when the caller's store has none: a write's read-back. */
export async function findBlogView(caller: Caller, id: string): Promise<BlogView | null> {
  const blog = await findBlog(caller.platform.database.db, webstoreStore(caller), { id })
  return blog && toBlogView(blog)
}

/** One blog of the store by id, else by handle; NOT_FOUND when the store has none (another store's included). */
export async function readBlog(
  caller: Caller,
  lookup: { id?: string | null; handle?: string | null },
  what = 'blog',
): Promise<BlogView> {
  const storeId = webstoreStore(caller)
  const blog = await readByIdOr(lookup, { noun: 'blog', key: 'handle', what }, (by) =>
    findBlog(caller.platform.database.db, storeId, by),
  )
  return toBlogView(blog)
}

/** One page of the store's blogs, filtered and sorted (API-CONVENTIONS.md "Lists"). */
export async function listBlogs(caller: Caller, args: ListBlogsArgs, options: PaginateOptions = {}) {
  const page = await listBlogRecords(caller.platform.database.db, webstoreStore(caller), args, options)
  return mapConnection(page, toBlogView)
}

/** Blogs by id in the same order, null where the store has none (a loader's batch). */
export async function blogsByIds(caller: Caller, ids: readonly string[]): Promise<(BlogView | null)[]> {
  const found = await blogRecordsByIds(caller.platform.database.db, webstoreStore(caller), ids)
  return found.map((blog) => blog && toBlogView(blog))
}
