import { streamName } from '../../shared/streams.js'

export const POST_CATEGORY = 'post'

/** `post-<storeId>_<postId>`. */
export function postStream(storeId: string, postId: string): string {
  return streamName(POST_CATEGORY, storeId, postId)
}

/** Post handles are unique per blog: `uniq-<storeId>_post-handle:<blogId>/<handle>`, so the scope includes the blog. */
export function postHandleKey(blogId: string): (handle: string) => string {
  return (handle) => `post-handle:${blogId}/${handle}`
}
