import { z } from 'zod'
import { PRODUCT_CATEGORY } from '../../../domain/catalog/product/streams.js'
import type { Caller } from '../../../app/caller.js'
import { findProductView } from '../../../app/catalog/product/reads.js'
import { optionsOfProducts, variantsOfProducts } from '../../../app/catalog/product/variant-reads.js'
import { productOptionViewSchema, productVariantViewSchema } from '../../../app/catalog/product/variant-view.js'
import { productViewSchema, type ProductView } from '../../../app/catalog/product/view.js'
import { mediaOfProducts } from '../../../app/media/reads.js'
import { resourceView } from '../../shared/view.js'

const productMediaSchema = z.object({
  id: z.string().describe('The media id; get_media has all of it.'),
  url: z.string().describe('Where the bytes are served, relative to this server: /storage/<storeId>/<hash>.<ext>.'),
  alt: z.string().describe('Empty when not set; update_media sets it.'),
  position: z.number().int().describe('Place in the list from 0; 0 is the main image.'),
})

/**
 * A product as the MCP tools return it: GraphQL's `Product` view, with the media it shows, its
 * options and its variants in order, so attach/detach/reorder_product_media answer with their effect.
 */
export const productSchema = productViewSchema.extend({
  media: z
    .array(productMediaSchema)
    .describe('The images and files the product shows, in order; the first is its main image.'),
  options: z.array(productOptionViewSchema).describe('Options such as Size or Color, in order.'),
  variants: z
    .array(productVariantViewSchema)
    .describe('The sellable combinations of option values with price, SKU and stock, in order.'),
})

export type ProductJson = z.infer<typeof productSchema>

/** Products with their media, options and variants, each read in one query for the whole list. */
export async function productsJson(caller: Caller, products: readonly ProductView[]): Promise<ProductJson[]> {
  const ids = products.map((product) => product.id)
  const [media, options, variants] = await Promise.all([
    mediaOfProducts(caller, ids),
    optionsOfProducts(caller, ids),
    variantsOfProducts(caller, ids),
  ])
  return products.map((product, index) => ({
    ...product,
    media: media[index]!.map(({ id, url, alt }, position) => ({ id, url, alt, position })),
    options: options[index]!,
    variants: variants[index]!,
  }))
}

export const productView = resourceView({
  resource: PRODUCT_CATEGORY,
  readTool: 'get_product',
  schema: productSchema,
  async find(caller, id) {
    const product = await findProductView(caller, id)
    return product && (await productsJson(caller, [product]))[0]!
  },
})
