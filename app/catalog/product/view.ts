import { z } from 'zod'
import { PRODUCT_STATUSES } from '../../../domain/catalog/product/events.js'
import type { ProductRecord } from '../../../projections/catalog/product/queries.js'
import { isoString } from '../../shared/connection.js'

/** A product as GraphQL's `Product` and the MCP tools serve it: its own fields, times as ISO-8601 strings. */
export const productViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  handle: z.string().describe('The URL name, unique in the store.'),
  description: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  vendor: z.string().describe('Empty when not set.'),
  tags: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  revision: z.number().int().describe("Revision of the product's stream after its last change (0 after creation)."),
  seo: z
    .object({ title: z.string(), description: z.string() })
    .describe('The search engine listing; empty strings when not set.'),
  publishAt: z
    .string()
    .nullable()
    .describe('When this hidden product turns ACTIVE by itself (ISO-8601); null when not scheduled.'),
})

export type ProductView = z.infer<typeof productViewSchema>

/** Field by field, so a column the read model gains reaches no client until the view says so. */
export function toProductView(product: ProductRecord): ProductView {
  const { id, title, handle, description, status, vendor, tags, revision, seo } = product
  return {
    id,
    title,
    handle,
    description,
    status,
    vendor,
    tags,
    createdAt: isoString(product.createdAt),
    updatedAt: isoString(product.updatedAt),
    revision,
    seo,
    publishAt: product.publishAt ? isoString(product.publishAt) : null,
  }
}
