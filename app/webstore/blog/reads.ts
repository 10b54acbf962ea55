import {
  BLOG_SORTS,
  blogsByIds as blogRecordsByIds,
  findBlog,
  listBlogs as listBlogRecords,
  type ListBlogsArgs,
} from '../../../projections/webstore/blog/queries.js'
import { storeReads, viewsByIds } from '../../shared/store-reads.js'
import { webstoreStore } from '../shared/store.js'
import { toBlogView } from './view.js'

export { BLOG_SORTS }
export type { ListBlogsArgs }

const blogs = storeReads({
  noun: 'blog',
  key: 'handle',
  storeOf: webstoreStore,
  find: findBlog,
  list: listBlogRecords,
  toView: toBlogView,
})

/** One blog by id, or null when the caller's store has none: a write's read-back. */
export const findBlogView = blogs.find

/** One blog of the store by id, else by handle; NOT_FOUND when the store has none (another store's included). */
export const readBlog = blogs.read

/** One page of the store's blogs, filtered and sorted (API-CONVENTIONS.md "Lists"). */
export const listBlogs = blogs.list

/** Blogs by id in the same order, null where the store has none (a loader's batch). */
export const blogsByIds = viewsByIds(webstoreStore, blogRecordsByIds, toBlogView)
