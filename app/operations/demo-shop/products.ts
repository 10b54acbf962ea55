import { productCreate } from '../../../domain/catalog/product/definitions.js'
import { productMediaAttach } from '../../../domain/catalog/product/media-definitions.js'
import { DEMO_PRODUCTS, type DemoProduct } from './catalog.js'
import type { DemoSeeder } from './seeder.js'

/** A seeded product: its id and the picture of its first variant, for collections and the blog. */
export interface SeededProduct {
  id: string
  handle: string
  imageId: string
}

const skuPart = (text: string) =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

/**
 * One product: a picture per colour its variants come in, the product ACTIVE with its option,
 * variants (each showing its colour's picture), prices, stock and SEO, then the pictures attached
 * in variant order so the first is the main image.
 */
async function seedProduct(seed: DemoSeeder, product: DemoProduct): Promise<SeededProduct> {
  const oneColour = new Set(product.variants.map((v) => v.colour)).size === 1
  const pictures = new Map<string, string>()
  for (const variant of product.variants) {
    if (pictures.has(variant.colour)) continue
    // Named after the variant when variants differ in colour; after the product when they share one.
    const label = oneColour ? product.title : `${product.title}, ${variant.value}`
    const file = oneColour ? product.handle : `${product.handle}-${skuPart(variant.value).toLowerCase()}`
    pictures.set(variant.colour, await seed.image(product.motif, variant.colour, `${file}.webp`, label))
  }
  const imageIds = [...pictures.values()]
  const created = await seed.run(productCreate, {
    title: product.title,
    handle: product.handle,
    description: product.description,
    vendor: product.vendor,
    tags: product.tags,
    status: 'ACTIVE',
    seo: { title: `${product.title} | Demo Store`, description: product.seoDescription },
    options: [{ name: product.option, values: product.variants.map((v) => v.value) }],
    variants: product.variants.map((variant) => ({
      price: variant.price,
      compareAtPrice: variant.compareAtPrice ?? null,
      sku: `${skuPart(product.handle)}-${skuPart(variant.value)}`,
      inventoryTracked: true,
      inventoryQuantity: variant.stock,
      optionValues: [{ name: product.option, value: variant.value }],
      mediaId: pictures.get(variant.colour),
    })),
  })
  await seed.run(productMediaAttach, { productId: created.entityId, mediaIds: imageIds })
  return { id: created.entityId, handle: product.handle, imageId: imageIds[0]! }
}

/** Every demo product, by handle. */
export async function seedProducts(seed: DemoSeeder): Promise<Map<string, SeededProduct>> {
  const seeded = new Map<string, SeededProduct>()
  for (const product of DEMO_PRODUCTS) seeded.set(product.handle, await seedProduct(seed, product))
  return seeded
}
