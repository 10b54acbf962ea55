import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import { DELETE_CATEGORY, createCategory, must } from '../../../../test/support/categories.js'
import { DELETE_PRODUCT, auditTrail, createProduct, onlyError } from '../../../../test/support/products.js'

// Products in categories: assigning, ordering, counts that include descendants, and the
// product's side (Product.categories).

const t = useTestApp()

const ADD = `mutation ($input: CategoryProductsAddInput!) { categoryProductsAdd(input: $input) { category { id productCount } eventPosition } }`
const REMOVE = `mutation ($input: CategoryProductsRemoveInput!) { categoryProductsRemove(input: $input) { category { productCount } eventPosition } }`
const REORDER = `mutation ($input: CategoryProductsReorderInput!) { categoryProductsReorder(input: $input) { category { id } eventPosition } }`
const PRODUCTS = `query ($id: ID, $all: Boolean, $first: Int, $after: String) { category(id: $id) { productCount products(includeDescendants: $all, first: $first, after: $after) {
  nodes { title } pageInfo { hasNextPage endCursor } totalCount } } }`
type ProductsData = {
  category: {
    productCount: number
    products: { nodes: { title: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string }; totalCount: number }
  }
}

async function titles(apiKey: string, id: string, all = false): Promise<string[]> {
  return (await must<ProductsData>(t, apiKey, PRODUCTS, { id, all })).category.products.nodes.map((n) => n.title)
}

async function catalog(slug: string) {
  const { apiKey } = await t.tenant(slug)
  const men = await createCategory(t, apiKey, { title: 'Men' })
  const shirts = await createCategory(t, apiKey, { title: 'Shirts', parentId: men.id })
  const slim = await createCategory(t, apiKey, { title: 'Slim', parentId: shirts.id })
  const products: string[] = []
  for (const title of ['Alpha', 'Bravo', 'Charlie', 'Delta'])
    products.push((await createProduct(t, apiKey, { title })).id)
  return { apiKey, men, shirts, slim, products: products as [string, string, string, string] }
}

describe('categoryProductsAdd', () => {
  it('assigns products at a position, skipping those already there', async () => {
    const {
      apiKey,
      men,
      products: [a, b, c],
    } = await catalog('cp-add')
    await must(t, apiKey, ADD, { input: { categoryId: men.id, productIds: [a, b] } })
    const again = await must<{
      categoryProductsAdd: { category: { productCount: number }; eventPosition: string | null }
    }>(t, apiKey, ADD, {
      input: { categoryId: men.id, productIds: [c, a], position: 1 },
    })
    expect(again.categoryProductsAdd.category.productCount).toBe(3)
    expect(await titles(apiKey, men.id)).toEqual(['Alpha', 'Charlie', 'Bravo'])
    const same = await must<{ categoryProductsAdd: { eventPosition: string | null } }>(t, apiKey, ADD, {
      input: { categoryId: men.id, productIds: [a] },
    })
    expect(same.categoryProductsAdd.eventPosition).toBeNull()
    expect(await auditTrail(t, apiKey, men.id)).toEqual([
      'CategoryCreated@0',
      'CategoryProductsAdded@0',
      'CategoryProductsAdded@1',
    ])
  })

  it("answers NOT_FOUND for unknown categories and products, and another store's", async () => {
    const {
      apiKey,
      men,
      products: [a],
    } = await catalog('cp-add-missing')
    const other = await catalog('cp-add-missing-other')
    const id = randomUUID()
    expect(onlyError(await t.gql(apiKey, ADD, { input: { categoryId: id, productIds: [a] } }))).toEqual({
      code: 'NOT_FOUND',
      field: ['input', 'categoryId'],
      message: `category '${id}' does not exist in this store`,
    })
    expect(
      onlyError(await t.gql(apiKey, ADD, { input: { categoryId: men.id, productIds: [a, other.products[0]] } })),
    ).toEqual({
      code: 'NOT_FOUND',
      field: ['input', 'productIds', 1],
      message: `product '${other.products[0]}' does not exist in this store`,
    })
    expect(onlyError(await t.gql(apiKey, ADD, { input: { categoryId: other.men.id, productIds: [a] } }))).toMatchObject(
      { code: 'NOT_FOUND', field: ['input', 'categoryId'] },
    )
    expect(onlyError(await t.gql(apiKey, ADD, { input: { categoryId: men.id, productIds: [] } }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'productIds'],
    })
    expect((await must<ProductsData>(t, apiKey, PRODUCTS, { id: men.id })).category.productCount).toBe(0)
  })
})

describe('categoryProductsRemove and categoryProductsReorder', () => {
  it('take products out and set their order', async () => {
    const {
      apiKey,
      men,
      products: [a, b, c, d],
    } = await catalog('cp-order')
    await must(t, apiKey, ADD, { input: { categoryId: men.id, productIds: [a, b, c, d] } })
    const removed = await must<{ categoryProductsRemove: { category: { productCount: number } } }>(t, apiKey, REMOVE, {
      input: { categoryId: men.id, productIds: [b] },
    })
    expect(removed.categoryProductsRemove.category.productCount).toBe(3)
    await must(t, apiKey, REORDER, { input: { categoryId: men.id, productIds: [d, c] } })
    expect(await titles(apiKey, men.id)).toEqual(['Delta', 'Charlie', 'Alpha'])
    await must(t, apiKey, ADD, { input: { categoryId: men.id, productIds: [b], position: 1 } })
    expect(await titles(apiKey, men.id)).toEqual(['Delta', 'Bravo', 'Charlie', 'Alpha'])
    expect(
      onlyError(await t.gql(apiKey, REORDER, { input: { categoryId: men.id, productIds: [randomUUID()] } })),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'productIds', 0],
    })
  })
})

describe('product counts', () => {
  it('include the products of every descendant, each product once', async () => {
    const {
      apiKey,
      men,
      shirts,
      slim,
      products: [a, b, c],
    } = await catalog('cp-counts')
    await must(t, apiKey, ADD, { input: { categoryId: men.id, productIds: [a] } })
    await must(t, apiKey, ADD, { input: { categoryId: shirts.id, productIds: [b, a] } })
    await must(t, apiKey, ADD, { input: { categoryId: slim.id, productIds: [c, b] } })
    const counts = `{ categories(sort: PATH_ASC) { nodes { path productCount } } }`
    expect((await must<{ categories: { nodes: unknown[] } }>(t, apiKey, counts, {})).categories.nodes).toEqual([
      { path: 'men', productCount: 3 },
      { path: 'men/shirts', productCount: 3 },
      { path: 'men/shirts/slim', productCount: 2 },
    ])
    expect(await titles(apiKey, men.id)).toEqual(['Alpha'])
    expect(await titles(apiKey, men.id, true)).toEqual(['Alpha', 'Bravo', 'Charlie'])
    const firstPage = await must<ProductsData>(t, apiKey, PRODUCTS, { id: men.id, all: true, first: 2 })
    expect(firstPage.category.products).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: true } })
    const next = await must<ProductsData>(t, apiKey, PRODUCTS, {
      id: men.id,
      all: true,
      first: 2,
      after: firstPage.category.products.pageInfo.endCursor,
    })
    expect(next.category.products.nodes).toEqual([{ title: 'Charlie' }])

    // Moving a subtree moves its products' counts along; deleting a product drops it everywhere.
    await must(t, apiKey, 'mutation ($input: CategoryMoveInput!) { categoryMove(input: $input) { eventPosition } }', {
      input: { id: slim.id, parentId: null },
    })
    expect((await must<{ categories: { nodes: unknown[] } }>(t, apiKey, counts, {})).categories.nodes).toEqual([
      { path: 'men', productCount: 2 },
      { path: 'men/shirts', productCount: 2 },
      { path: 'slim', productCount: 2 },
    ])
    await must(t, apiKey, DELETE_PRODUCT, { input: { id: b } })
    expect((await must<{ categories: { nodes: unknown[] } }>(t, apiKey, counts, {})).categories.nodes).toEqual([
      { path: 'men', productCount: 1 },
      { path: 'men/shirts', productCount: 1 },
      { path: 'slim', productCount: 1 },
    ])
  })
})

describe('Product.categories', () => {
  it("lists the product's categories, and deleting a category takes it off", async () => {
    const {
      apiKey,
      men,
      slim,
      products: [a],
    } = await catalog('cp-product-side')
    await must(t, apiKey, ADD, { input: { categoryId: slim.id, productIds: [a] } })
    await must(t, apiKey, ADD, { input: { categoryId: men.id, productIds: [a] } })
    const query = `query ($id: ID) { product(id: $id) { categories { path } } }`
    expect((await must<{ product: unknown }>(t, apiKey, query, { id: a })).product).toEqual({
      categories: [{ path: 'men' }, { path: 'men/shirts/slim' }],
    })
    await must(t, apiKey, DELETE_CATEGORY, { input: { id: slim.id } })
    expect((await must<{ product: unknown }>(t, apiKey, query, { id: a })).product).toEqual({
      categories: [{ path: 'men' }],
    })
  })
})
