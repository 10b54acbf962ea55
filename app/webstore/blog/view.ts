import { z } from 'zod'
import type { BlogRecord } from '../../../projections/webstore/blog/queries.js'
import { versionView, versionViewShape } from '../../shared/version-view.js'

/** A blog as GraphQL's `Blog` and the MCP tools serve it: its fields, times as ISO-8601 strings. */
export const blogViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  handle: z.string().describe('Unique in the store: /blogs/<handle>.'),
  ...versionViewShape,
})

export type BlogView = z.infer<typeof blogViewSchema>

export function toBlogView(blog: BlogRecord): BlogView {
  const { id, title, handle } = blog
  return { id, title, handle, ...versionView(blog) }
}
