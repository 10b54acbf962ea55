import { badInput, DomainError } from '../../../domain/shared/errors.js'
import { findBlog } from '../../../projections/webstore/blog/queries.js'
import {
  POST_SORTS,
  findPost,
  listPosts as listPostRecords,
  type ListPostsArgs,
} from '../../../projections/webstore/post/queries.js'
import type { Caller } from '../../caller.js'
import type { PaginateOptions } from '../../shared/connection.js'
import { webstoreStore } from '../shared/store.js'
import { toPostView, type PostView } from './view.js'
import { viewLister } from '../../shared/store-reads.js'
import { orNotFound } from '../../shared/lookup.js'

export { POST_SORTS }
export type { ListPostsArgs }

export type PostLookup = { id?: string | null; blogHandle?: string | null; handle?: string | null }

/** One post by id, or null when the caller's store has none: a write's read-back. */
export async function findPostView(caller: Caller, id: string): Promise<PostView | null> {
  const post = await findPost(caller.platform.database.db, webstoreStore(caller), { id })
  return post && toPostView(post)
}

/** One post by id, or by its blog's handle and its own; NOT_FOUND otherwise. */
export async function readPost(caller: Caller, lookup: PostLookup, what = 'post'): Promise<PostView> {
  const storeId = webstoreStore(caller)
  const db = caller.platform.database.db
  if (lookup.id) {
    const post = await orNotFound(findPost(db, storeId, { id: lookup.id }), 'post', lookup.id)
    return toPostView(post)
  }
  if (!lookup.blogHandle || !lookup.handle) throw badInput(['id'], `${what} needs an id, or a blogHandle and a handle`)
  const blog = await findBlog(db, storeId, { handle: lookup.blogHandle })
  const post = blog ? await findPost(db, storeId, { blogId: blog.id, handle: lookup.handle }) : null
  if (!post)
    throw new DomainError(
      'NOT_FOUND',
      `no post with handle '${lookup.handle}' in blog '${lookup.blogHandle}' of this store`,
    )
  return toPostView(post)
}

/** One page of the store's posts, filtered and sorted (API-CONVENTIONS.md "Lists"). */
export const listPosts = viewLister(webstoreStore, listPostRecords, toPostView)

/** The posts of one blog: the blog is fixed, the caller's filter narrows within it and never reaches another blog. */
export function listPostsOfBlog(caller: Caller, blogId: string, args: ListPostsArgs, options: PaginateOptions = {}) {
  const filter = args.filter ? { and: [{ blogId }, args.filter] } : { blogId }
  return listPosts(caller, { ...args, filter }, options)
}
