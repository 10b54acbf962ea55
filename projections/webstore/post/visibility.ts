import { dueRows, publishedList, visibleOrNull } from '../../shared/publishable.js'
import { findPost, listPosts, type PostRecord } from './queries.js'
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
  return visibleOrNull(await findPost(db, storeId, { blogId, handle }), now)
}

/**
 * The store's published posts, newest first by default, for blog pages, tag pages and feeds:
 * the caller's filter can never widen the rule.
 *
 * @example await listPublishedPosts(db, storeId, { first: 10, filter: { blogId, tag: 'summer' } })
 */
export const listPublishedPosts = publishedList(listPosts)

/** Posts of every store whose publishAt has come, still DRAFT: what the publish scheduler publishes. */
export function duePosts(db: PostDb, now: Date, limit: number) {
  return dueRows(db, 'posts', now, limit)
}
