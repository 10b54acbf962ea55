import { z } from 'zod'
import { PRODUCT_STATUSES } from '../../../domain/catalog/product/events.js'
import { PRODUCT_CATEGORY } from '../../../domain/catalog/product/streams.js'
import { mediaPath } from '../../../app/media/ingest.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { findProduct, type ProductRecord } from '../../../projections/catalog/product/queries.js'
import { mediaOfProducts, type MediaRecord } from '../../../projections/media/queries.js'
import { isoString } from '../../shared/lists.js'
import type { ResourceView } from '../../shared/view.js'
import { catalogsJson, productOptionSchema, productVariantSchema, type CatalogJson } from './variant-views.js'

const productMediaSchema = z.object({
  id: z.string().describe('The media id; get_media has all of it.'),
  url: z.string().describe('Where the bytes are served, relative to this server: /storage/<storeId>/<hash>.<ext>.'),
  alt: z.string().describe('Empty when not set; update_media sets it.'),
  position: z.number().int().describe('Place in the list from 0; 0 is the main image.'),
})

/**
 * A product as the MCP tools return it: the GraphQL `Product` fields, times as ISO-8601 strings,
 * and the media it shows in order, so attach/detach/reorder_product_media answer with their effect.
 */
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
  seo: z
    .object({ title: z.string(), description: z.string() })
    .describe('The search engine listing; empty strings when not set.'),
  publishAt: z
    .string()
    .nullable()
    .describe('When this hidden product turns ACTIVE by itself (ISO-8601); null when not scheduled.'),
  media: z
    .array(productMediaSchema)
    .describe('The images and files the product shows, in order; the first is its main image.'),
  options: z.array(productOptionSchema).describe('Options such as Size or Color, in order.'),
  variants: z
    .array(productVariantSchema)
    .describe('The sellable combinations of option values with price, SKU and stock, in order.'),
})

export type ProductJson = z.infer<typeof productSchema>

function productJson(product: ProductRecord, media: readonly MediaRecord[], catalog: CatalogJson): ProductJson {
  return {
    ...product,
    ...catalog,
    createdAt: isoString(product.createdAt),
    updatedAt: isoString(product.updatedAt),
    publishAt: product.publishAt ? isoString(product.publishAt) : null,
    media: media.map((m, position) => ({ id: m.id, url: mediaPath(m), alt: m.alt, position })),
  }
}

/** Products of one store with their media, options and variants, each read in one query for the whole list. */
export async function productsJson(
  db: AnyDb,
  storeId: string,
  products: readonly ProductRecord[],
): Promise<ProductJson[]> {
  const ids = products.map((product) => product.id)
  const [media, catalogs] = await Promise.all([mediaOfProducts(db, storeId, ids), catalogsJson(db, storeId, ids)])
  return products.map((product, index) => productJson(product, media[index]!, catalogs[index]!))
}

export const productView: ResourceView = {
  resource: PRODUCT_CATEGORY,
  readTool: 'get_product',
  schema: productSchema,
  async read(session, id) {
    if (!session.store) return null
    const db = session.platform.database.db
    const product = await findProduct(db, session.store.id, { id })
    return product ? (await productsJson(db, session.store.id, [product]))[0]! : null
  },
}
