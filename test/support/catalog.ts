import { expect } from 'vitest'
import type { Tenant, TestApp } from './app.js'

/** A small catalog whose products differ in every filterable dimension: price, stock, category, attributes, tags, status. */
export interface Catalog {
  products: Map<string, string>
  categories: Map<string, string>
}

const CREATE = 'mutation ($input: ProductCreateInput!) { productCreate(input: $input) { product { id } } }'
const CATEGORY = 'mutation ($input: CategoryCreateInput!) { categoryCreate(input: $input) { category { id } } }'
const ATTRIBUTE = 'mutation ($input: AttributeCreateInput!) { attributeCreate(input: $input) { attribute { id } } }'
const ADD_TO_CATEGORY =
  'mutation ($input: CategoryProductsAddInput!) { categoryProductsAdd(input: $input) { eventPosition } }'

/**
 * Every handle of the catalog, in handle order:
 * - red-tee: 10.00–12.00, stock 8, Clothing/Shirts, color red, size 50, organic, ACTIVE, [summer, cotton]
 * - blue-tee: 20.00, stock 0, Clothing/Shirts, color blue, size 60, not organic, ACTIVE, [summer]
 * - green-cap: 5.00, stock 10, Accessories, color green, DRAFT, [winter]
 * - gift-card: no variants, no category, no attributes, ACTIVE, no tags
 * - blue-scarf: 30.00 untracked (stock 0), Clothing, color blue, organic, ARCHIVED, [winter, wool]
 */
export const CATALOG_HANDLES = ['blue-scarf', 'blue-tee', 'gift-card', 'green-cap', 'red-tee']

/** Creates the catalog in `shop` through GraphQL, in the order listed above (so ids follow it). */
export async function seedCatalog(t: TestApp, shop: Tenant): Promise<Catalog> {
  const categories = new Map<string, string>()
  const category = async (key: string, input: Record<string, unknown>) => {
    const response = await t.gql<{ categoryCreate: { category: { id: string } } }>(shop.apiKey, CATEGORY, { input })
    expect(response.errors).toBeUndefined()
    categories.set(key, response.data!.categoryCreate.category.id)
  }
  await category('clothing', { title: 'Clothing', handle: 'clothing' })
  await category('shirts', { title: 'Shirts', handle: 'shirts', parentId: categories.get('clothing') })
  await category('accessories', { title: 'Accessories', handle: 'accessories' })
  const attribute = async (input: Record<string, unknown>) =>
    expect((await t.gql(shop.apiKey, ATTRIBUTE, { input })).errors).toBeUndefined()
  await attribute({
    code: 'color',
    name: 'Color',
    type: 'SELECT',
    filterable: true,
    options: ['red', 'blue', 'green'].map((code) => ({ code, label: code })),
  })
  await attribute({ code: 'size_cm', name: 'Size', type: 'NUMBER', filterable: true })
  await attribute({ code: 'organic', name: 'Organic', type: 'BOOLEAN', filterable: true })
  await attribute({ code: 'note', name: 'Note', type: 'TEXT', filterable: false })

  const specs: [string, Record<string, unknown>, string | null, Record<string, unknown>][] = [
    [
      'red-tee',
      {
        title: 'Red Tee',
        tags: ['summer', 'cotton'],
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          { price: '10.00', sku: 'TEE-R-S', inventoryQuantity: 5, optionValues: [{ name: 'Size', value: 'S' }] },
          { price: '12.00', sku: 'TEE-R-M', inventoryQuantity: 3, optionValues: [{ name: 'Size', value: 'M' }] },
        ],
      },
      'shirts',
      { color: 'red', size_cm: 50, organic: true, note: 'x' },
    ],
    [
      'blue-tee',
      { title: 'Blue Tee', tags: ['summer'], variants: [{ price: '20', sku: 'TEE-B', inventoryQuantity: 0 }] },
      'shirts',
      { color: 'blue', size_cm: 60, organic: false },
    ],
    [
      'green-cap',
      {
        title: 'Green Cap',
        tags: ['winter'],
        status: 'DRAFT',
        variants: [{ price: '5.00', sku: 'CAP-G', inventoryQuantity: 10 }],
      },
      'accessories',
      { color: 'green' },
    ],
    ['gift-card', { title: 'Gift Card', description: 'Running shoes or anything else' }, null, {}],
    [
      'blue-scarf',
      {
        title: 'Blue Scarf',
        tags: ['winter', 'wool'],
        status: 'ARCHIVED',
        variants: [{ price: '30.00', sku: 'SCF-B', inventoryTracked: false, inventoryQuantity: 100 }],
      },
      'clothing',
      { color: 'blue', organic: true },
    ],
  ]
  const products = new Map<string, string>()
  for (const [handle, input, categoryKey, attributes] of specs) {
    const values = Object.entries(attributes).map(([code, value]) => ({ code, value }))
    const response = await t.gql<{ productCreate: { product: { id: string } } }>(shop.apiKey, CREATE, {
      input: { handle, ...input, attributes: values },
    })
    expect(response.errors, handle).toBeUndefined()
    const id = response.data!.productCreate.product.id
    products.set(handle, id)
    if (categoryKey) {
      const added = await t.gql(shop.apiKey, ADD_TO_CATEGORY, {
        input: { categoryId: categories.get(categoryKey), productIds: [id] },
      })
      expect(added.errors).toBeUndefined()
    }
  }
  return { products, categories }
}
