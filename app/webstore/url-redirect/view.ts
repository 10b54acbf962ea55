import { z } from 'zod'
import type { UrlRedirectRecord } from '../../../projections/webstore/url-redirect/queries.js'
import { versionView, versionViewShape } from '../../shared/version-view.js'

/** A URL redirect as GraphQL's `UrlRedirect` and the MCP tools serve it; times as ISO-8601 strings. */
export const urlRedirectViewSchema = z.object({
  id: z.string(),
  path: z.string().describe("The normalized storefront path that answers 301, e.g. '/products/old-shirt'."),
  target: z.string().describe('Where the shopper is sent: a storefront path or an https:// URL.'),
  ...versionViewShape,
})

export type UrlRedirectView = z.infer<typeof urlRedirectViewSchema>

/** Field by field, so a column the read model gains reaches no client until the view says so. */
export function toUrlRedirectView(redirect: UrlRedirectRecord): UrlRedirectView {
  const { id, path, target } = redirect
  return { id, path, target, ...versionView(redirect) }
}
