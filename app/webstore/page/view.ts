import { z } from 'zod'
import type { PageRecord } from '../../../projections/webstore/page/queries.js'
import { publicationView, publicationViewShape } from '../shared/publication-view.js'

/** A page as GraphQL's `Page` and the MCP tools serve it: its fields, times as ISO-8601 strings. */
export const pageViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  handle: z.string().describe('Unique in the store: /pages/<handle>.'),
  body: z.string().describe('Sanitized HTML.'),
  templateSuffix: z.string(),
  ...publicationViewShape,
})

export type PageView = z.infer<typeof pageViewSchema>

/** Field by field, so a column the read model gains reaches no client until the view says so. */
export function toPageView(page: PageRecord): PageView {
  const { id, title, handle, body, templateSuffix } = page
  return { id, title, handle, body, templateSuffix, ...publicationView(page) }
}
