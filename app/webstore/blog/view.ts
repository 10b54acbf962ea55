import { z } from 'zod'
import type { BlogRecord } from '../../../projections/webstore/blog/queries.js'
import { isoString } from '../../shared/connection.js'

/** A blog as GraphQL's `Blog` and the MCP tools serve it: its fields, times as ISO-8601 strings. */
export const blogViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  handle: z.string().describe('Unique in the store: /blogs/<handle>.'),
  revision: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})

export type BlogView = z.infer<typeof blogViewSchema>

export function toBlogView(blog: BlogRecord): BlogView {
  const { id, title, handle, revision } = blog
  return { id, title, handle, revision, createdAt: isoString(blog.createdAt), updatedAt: isoString(blog.updatedAt) }
}
