import { streamName } from '../../shared/streams.js'

export const BLOG_CATEGORY = 'blog'

/** `blog-<storeId>_<blogId>`. */
export function blogStream(storeId: string, blogId: string): string {
  return streamName(BLOG_CATEGORY, storeId, blogId)
}

/** Blog handles are unique per store: `uniq-<storeId>_blog-handle:<handle>`. */
export function blogHandleKey(handle: string): string {
  return `blog-handle:${handle}`
}
