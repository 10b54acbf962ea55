import { CREATE_MUTATION, graphql } from './graphql.js'

export interface SeededProduct {
  id: string
  handle: string
  title: string
}

const ADJECTIVES = ['Classic', 'Rustic', 'Modern', 'Vintage', 'Organic', 'Urban', 'Coastal', 'Nordic', 'Bold', 'Quiet']
const MATERIALS = ['Linen', 'Wool', 'Cotton', 'Leather', 'Canvas', 'Oak', 'Ceramic', 'Copper', 'Bamboo', 'Denim']
const NOUNS = ['Shirt', 'Scarf', 'Tote', 'Mug', 'Lamp', 'Wallet', 'Blanket', 'Apron', 'Planter', 'Jacket']
const VENDORS = [
  'Acme',
  'Northwind',
  'Bluebird Goods',
  'Atelier Rye',
  'Foxglove',
  'Kettle & Co',
  'Maple Works',
  'Tidewater',
  'Juniper',
  'Harbor Supply',
  'Sunforge',
]
/** The tags products of the benches carry. */
export const TAGS = [
  'new',
  'sale',
  'bestseller',
  'eco',
  'handmade',
  'limited',
  'gift',
  'summer',
  'winter',
  'unisex',
  'kids',
  'home',
  'outdoor',
  'premium',
  'basics',
]

/**
 * The i-th product of the bench catalog, the same on every run. Titles are distinct for the first
 * 1,000 (one adjective, material and noun per decimal digit) so each handle is generated from
 * its title without a collision suffix; vendors and tags cycle on other periods so lists mix them.
 */
export function catalogProduct(i: number): { title: string; vendor: string; tags: string[]; description: string } {
  const title = `${ADJECTIVES[i % 10]} ${MATERIALS[Math.floor(i / 10) % 10]} ${NOUNS[Math.floor(i / 100) % 10]}${i >= 1000 ? ` ${Math.floor(i / 1000) + 1}` : ''}`
  const tagCount = 1 + (i % 3)
  const tags = Array.from({ length: tagCount }, (_, k) => TAGS[(i * 7 + k * 4) % TAGS.length]!)
  return {
    title,
    vendor: VENDORS[i % VENDORS.length]!,
    tags,
    description: `${title} by ${VENDORS[i % VENDORS.length]}: a bench catalog item.`,
  }
}

/** Creates `count` products through `productCreate`, `concurrency` at a time; any error stops the bench. */
export async function seedProducts(
  baseUrl: string,
  apiKey: string,
  count: number,
  concurrency: number,
): Promise<SeededProduct[]> {
  const products: SeededProduct[] = new Array(count)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < count) {
      const i = next++
      const result = await graphql<{ productCreate: { product: SeededProduct } }>(baseUrl, apiKey, CREATE_MUTATION, {
        input: catalogProduct(i),
      })
      const product = result.data?.productCreate.product
      if (result.errors.length || !product)
        throw new Error(`productCreate #${i} failed (HTTP ${result.status}): ${JSON.stringify(result.errors)}`)
      products[i] = product
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return products
}
