import type { TestApp } from './app.js'
import { must } from './categories.js'
import { createProduct } from './products.js'

// Shared by the collection e2e suites: the operations and small helpers over them.

export const COLLECTION_FIELDS =
  'id title handle description status type sortOrder disjunctive rules { field relation value attributeCode } productsCount revision'
export const CREATE = `mutation ($input: CollectionCreateInput!) { collectionCreate(input: $input) { collection { ${COLLECTION_FIELDS} } eventPosition } }`
export const UPDATE = `mutation ($input: CollectionUpdateInput!) { collectionUpdate(input: $input) { collection { ${COLLECTION_FIELDS} } eventPosition } }`
export const DELETE = `mutation ($input: CollectionDeleteInput!) { collectionDelete(input: $input) { deletedId eventPosition } }`
export const PRODUCTS = `query ($id: ID, $first: Int, $after: String, $page: Int, $limit: Int) { collection(id: $id) { productsCount products(first: $first, after: $after, page: $page, limit: $limit) {
  nodes { id title } pageInfo { hasNextPage endCursor page totalPages } totalCount } } }`

export interface Collection {
  id: string
  title: string
  handle: string
  description: string
  status: string
  type: string
  sortOrder: string
  disjunctive: boolean
  rules: { field: string; relation: string; value: string; attributeCode: string | null }[]
  productsCount: number
  revision: number
}

type ProductsData = { collection: { productsCount: number; products: { nodes: { id: string; title: string }[] } } }

export async function createCollection(
  t: TestApp,
  apiKey: string,
  input: Record<string, unknown>,
): Promise<Collection> {
  return (await must<{ collectionCreate: { collection: Collection } }>(t, apiKey, CREATE, { input })).collectionCreate
    .collection
}

/**
 * Another store, `slug`, with an ACTIVE product `other-tee` and a collection `other-collection`:
 * handles a storefront must not serve to a shop that has no such product or collection.
 */
export async function foreignCatalog(t: TestApp, slug: string): Promise<void> {
  const other = await t.tenant(slug)
  await createProduct(t, other.apiKey, { handle: 'other-tee', title: 'Other Tee', status: 'ACTIVE' })
  await createCollection(t, other.apiKey, { title: 'Other', handle: 'other-collection' })
}

/** The titles of a collection's products, in its order. */
export async function memberTitles(t: TestApp, apiKey: string, id: string): Promise<string[]> {
  return (await must<ProductsData>(t, apiKey, PRODUCTS, { id, first: 250 })).collection.products.nodes.map(
    (node) => node.title,
  )
}

/** A product with one variant at `price` and `stock` items. */
export async function pricedProduct(
  t: TestApp,
  apiKey: string,
  input: Record<string, unknown>,
  price: string,
  stock = 0,
): Promise<{ id: string; variantId: string }> {
  const created = await must<{ productCreate: { product: { id: string } } }>(
    t,
    apiKey,
    `mutation ($input: ProductCreateInput!) { productCreate(input: $input) { product { id } } }`,
    { input },
  )
  const id = created.productCreate.product.id
  const variant = await must<{ productVariantCreate: { variant: { id: string } } }>(
    t,
    apiKey,
    `mutation ($input: ProductVariantCreateInput!) { productVariantCreate(input: $input) { variant { id } } }`,
    { input: { productId: id, price, inventoryQuantity: stock } },
  )
  return { id, variantId: variant.productVariantCreate.variant.id }
}

export async function updateProduct(t: TestApp, apiKey: string, input: Record<string, unknown>): Promise<void> {
  await must(t, apiKey, `mutation ($input: ProductUpdateInput!) { productUpdate(input: $input) { product { id } } }`, {
    input,
  })
}

export async function reprice(
  t: TestApp,
  apiKey: string,
  productId: string,
  variantId: string,
  price: string,
): Promise<void> {
  await must(
    t,
    apiKey,
    `mutation ($input: ProductVariantUpdateInput!) { productVariantUpdate(input: $input) { variant { id } } }`,
    { input: { productId, id: variantId, price } },
  )
}
