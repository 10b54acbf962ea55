import {
  BLOG_SORTS,
  blogsByIds as blogRecordsByIds,
  findBlog,
  listBlogs as listBlogRecords,
} from '../../../projections/webstore/blog/queries.js'
import { viewsByIds } from '../../shared/store-reads.js'
import { webstoreReads, webstoreStore } from '../shared/store.js'
import { toBlogView } from './view.js'

export { BLOG_SORTS }

const blogs = webstoreReads({ noun: 'blog', find: findBlog, list: listBlogRecords, toView: toBlogView })

/** One blog by id, or null when the caller's store has none: a write's read-back. */
export const findBlogView = blogs.find

/** One blog of the store by id, else by handle; NOT_FOUND when the store has none (another store's included). */
export const readBlog = blogs.read

/** One page of the store's blogs, filtered and sorted (API-CONVENTIONS.md "Lists"). */
export const listBlogs = blogs.list

/** Blogs by id in the same order, null where the store has none (a loader's batch). */
export const blogsByIds = viewsByIds(webstoreStore, blogRecordsByIds, toBlogView)
