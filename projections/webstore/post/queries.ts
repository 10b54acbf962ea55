import { sql, type SqlBool } from 'kysely'
import { sortValues, type ListArgsOf } from '../../../domain/shared/list-spec.js'
import type { PostFields } from '../../../domain/webstore/post/events.js'
import { POST_LIST } from '../../../domain/webstore/post/list.js'
import { listRunner } from '../../shared/list-runner.js'
import { publishableRecord, type PublishableRecord } from '../../shared/publishable.js'
import { POSTS_TABLE, type PostDb, type PostRow } from './tables.js'
import { tableRecords } from '../../shared/store-records.js'
import type { EntityVersionRecord } from '../../shared/entity-table.js'
import { idsInStore } from '../../shared/store-rows.js'

/** A blog post as the API serves it. */
export interface PostRecord extends Omit<PostFields, 'postId'>, PublishableRecord, EntityVersionRecord {
  id: string
}

export type ListPostsArgs = ListArgsOf<typeof POST_LIST>
export const POST_SORTS = sortValues(POST_LIST)

const posts = tableRecords(POSTS_TABLE, {
  key: ['blog_id', 'handle'],
  list: listRunner(POST_LIST, {
    filters: {
      tag: (_eb, tag) => sql<SqlBool>`${tag} = any(tags)`,
      search: ['title', 'handle', 'excerpt', 'author', 'body'],
    },
    sorts: { PUBLISHED_AT: 'published_sort' },
  }),
  toRecord: toPostRecord,
})

/** One post of the store by id, or by its blog and handle; null when there is none (another store's id included). */
export function findPost(
  db: PostDb,
  storeId: string,
  by: { id: string } | { blogId: string; handle: string },
): Promise<PostRecord | null> {
  return posts.find(db, storeId, 'id' in by ? by : { blog_id: by.blogId, handle: by.handle })
}

/**
 * One page of the store's posts; newest published first unless `sort` says otherwise (drafts
 * sort by their creation time).
 *
 * @example await listPosts(db, storeId, { first: 10, filter: { blogId, tag: 'summer' } })
 */
export const listPosts = posts.list

/** Ids of the live posts of a blog, for blogDelete's check. */
export function postIdsOfBlog(db: PostDb, storeId: string, blogId: string): Promise<string[]> {
  return idsInStore(db, 'posts', storeId, { blog_id: blogId })
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
