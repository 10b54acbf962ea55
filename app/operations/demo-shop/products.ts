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
 * One product: a picture per variant (its colour), the product ACTIVE with its option, variants,
 * prices, stock and SEO, then the pictures attached in variant order so the first is the main image.
 */
async function seedProduct(seed: DemoSeeder, product: DemoProduct): Promise<SeededProduct> {
  const imageIds: string[] = []
  for (const variant of product.variants) {
    imageIds.push(
      await seed.image(
        product.motif,
        variant.colour,
        `${product.handle}-${skuPart(variant.value).toLowerCase()}.webp`,
        `${product.title}, ${variant.value}`,
      ),
    )
  }
  const created = await seed.run(productCreate, {
    title: product.title,
    handle: product.handle,
    description: product.description,
    vendor: product.vendor,
    tags: product.tags,
    status: 'ACTIVE',
    seo: { title: `${product.title} | Demo Store`, description: product.seoDescription },
    options: [{ name: product.option, values: product.variants.map((v) => v.value) }],
    variants: product.variants.map((variant, index) => ({
      price: variant.price,
      compareAtPrice: variant.compareAtPrice ?? null,
      sku: `${skuPart(product.handle)}-${skuPart(variant.value)}`,
      inventoryTracked: true,
      inventoryQuantity: variant.stock,
      optionValues: [{ name: product.option, value: variant.value }],
      mediaId: imageIds[index],
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
