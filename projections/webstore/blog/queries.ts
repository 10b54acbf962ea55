import { sortValues, type ListArgsOf } from '../../../domain/shared/list-spec.js'
import type { BlogFields } from '../../../domain/webstore/blog/blog.js'
import { BLOG_LIST } from '../../../domain/webstore/blog/list.js'
import { listRunner } from '../../shared/list-runner.js'
import { BLOGS_TABLE, type BlogRow } from './tables.js'
import { tableRecords } from '../../shared/store-records.js'
import type { EntityVersionRecord } from '../../shared/entity-table.js'

/** A blog as the API serves it. */
export interface BlogRecord extends Omit<BlogFields, 'blogId'>, EntityVersionRecord {
  id: string
}

export type ListBlogsArgs = ListArgsOf<typeof BLOG_LIST>
export const BLOG_SORTS = sortValues(BLOG_LIST)

const blogs = tableRecords(BLOGS_TABLE, {
  key: ['handle'],
  list: listRunner(BLOG_LIST),
  toRecord: toBlogRecord,
})

/** One blog of the store by id or handle, or null (another store's id included). */
export const findBlog = blogs.find

/** Blogs of the store by id, in the order asked, null where there is none: for loaders. */
export const blogsByIds = blogs.byIds

/**
 * One page of the store's blogs.
 *
 * @example await listBlogs(db, storeId, { first: 10, sort: 'TITLE_ASC' })
 */
export const listBlogs = blogs.list

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
