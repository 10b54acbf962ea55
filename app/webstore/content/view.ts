import { z } from 'zod'
import type { ContentEntryRecord, ContentTypeRecord } from '../../../projections/webstore/content/queries.js'
import { versionView, versionViewShape } from '../../shared/version-view.js'

/** A content type as GraphQL's `ContentType` and the MCP tools serve it. */
export const contentTypeViewSchema = z.object({
  id: z.string(),
  handle: z.string(),
  name: z.string(),
  fields: z.array(z.record(z.string(), z.unknown())).describe('The fields its entries carry, in order.'),
  ...versionViewShape,
})

export type ContentTypeView = Omit<z.infer<typeof contentTypeViewSchema>, 'fields'> & {
  fields: ContentTypeRecord['fields']
}

/** A content entry as GraphQL's `ContentEntry` and the MCP tools serve it, with the id its `type` follows. */
export const contentEntryViewSchema = z.object({
  id: z.string(),
  typeId: z.string(),
  handle: z.string(),
  fields: z.record(z.string(), z.unknown()),
  ...versionViewShape,
})

export type ContentEntryView = Omit<z.infer<typeof contentEntryViewSchema>, 'fields'> & {
  fields: ContentEntryRecord['fields']
}

export function toContentTypeView(type: ContentTypeRecord): ContentTypeView {
  const { id, handle, name, fields } = type
  return { id, handle, name, fields, ...versionView(type) }
}

export function toContentEntryView(entry: ContentEntryRecord): ContentEntryView {
  const { id, typeId, handle, fields } = entry
  return { id, typeId, handle, fields, ...versionView(entry) }
}
