import { z } from 'zod'
import type { PostRecord } from '../../../projections/webstore/post/queries.js'
import { publicationView, publicationViewShape } from '../shared/publication-view.js'

/** A blog post as GraphQL's `Post` and the MCP tools serve it, with the ids its `blog` and `cover` follow. */
export const postViewSchema = z.object({
  id: z.string(),
  blogId: z.string(),
  title: z.string(),
  handle: z.string().describe('Unique within its blog.'),
  body: z.string().describe('Sanitized HTML.'),
  excerpt: z.string(),
  author: z.string(),
  tags: z.array(z.string()),
  coverMediaId: z.string().nullable(),
  ...publicationViewShape,
})

export type PostView = z.infer<typeof postViewSchema>

export function toPostView(post: PostRecord): PostView {
  const { id, blogId, title, handle, body, excerpt, author, tags, coverMediaId } = post
  return { id, blogId, title, handle, body, excerpt, author, tags, coverMediaId, ...publicationView(post) }
}
