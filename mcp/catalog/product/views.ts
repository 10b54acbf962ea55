import { z } from 'zod'
import { PRODUCT_STATUSES } from '../../../domain/catalog/product/events.js'
import { PRODUCT_CATEGORY } from '../../../domain/catalog/product/streams.js'
import { findProduct, type ProductRecord } from '../../../projections/catalog/product/queries.js'
import { isoString } from '../../shared/lists.js'
import type { ResourceView } from '../../shared/view.js'

/** A product as the MCP tools return it: the GraphQL `Product` fields, times as ISO-8601 strings. */
export const productSchema = z.object({
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
})

export type ProductJson = z.infer<typeof productSchema>

export function productJson(product: ProductRecord): ProductJson {
  return { ...product, createdAt: isoString(product.createdAt), updatedAt: isoString(product.updatedAt) }
}

export const productView: ResourceView = {
  resource: PRODUCT_CATEGORY,
  readTool: 'get_product',
  schema: productSchema,
  async read(session, id) {
    if (!session.store) return null
    const product = await findProduct(session.platform.database.db, session.store.id, { id })
    return product ? productJson(product) : null
  },
}
