import type { Connection, PaginateOptions } from '../../shared/pagination.js'
import { dueRows, isVisibleToShoppers, visibleOnly } from '../../shared/publishable.js'
import { findPost, listPosts, type ListPostsArgs, type PostRecord } from './queries.js'
import type { PostDb } from './tables.js'

/**
 * The published post of a blog with this handle, for the storefront's /blogs/<blog>/<handle>;
 * null when there is none or it is hidden, so a draft answers exactly like a missing post.
 */
export async function findPublishedPost(
  db: PostDb,
  storeId: string,
  blogId: string,
  handle: string,
  now = new Date(),
): Promise<PostRecord | null> {
  const post = await findPost(db, storeId, { blogId, handle })
  return post && isVisibleToShoppers(post, now) ? post : null
}

/**
 * The store's published posts, newest first by default, for blog pages, tag pages and feeds:
 * the caller's filter can never widen the rule.
 *
 * @example await listPublishedPosts(db, storeId, { first: 10, filter: { blogId, tag: 'summer' } })
 */
export function listPublishedPosts(
  db: PostDb,
  storeId: string,
  args: ListPostsArgs = {},
  options: PaginateOptions = {},
  now = new Date(),
): Promise<Connection<PostRecord>> {
  return listPosts(db, storeId, { ...args, filter: visibleOnly(args.filter, now) }, options)
}

/** Posts of every store whose publishAt has come, still DRAFT: what the publish scheduler publishes. */
export function duePosts(db: PostDb, now: Date, limit: number) {
  return dueRows(db, 'posts', now, limit)
}
