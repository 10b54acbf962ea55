import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTenant, useTestApp } from '../../../../test/support/app.js'
import { seedCatalog } from '../../../../test/support/catalog.js'
import { onlyError } from '../../../../test/support/products.js'

// The catalog filters of `products` (price, inventory, category, attributes, sku, search in the
// store's language) and the PRICE and INVENTORY sorts, on the five products of test/support/catalog.ts.

const t = useTestApp()
const shop = useTenant(t, 'catalog-filters')
let categories: Map<string, string>

const CREATE = 'mutation ($input: ProductCreateInput!) { productCreate(input: $input) { product { id } } }'

beforeAll(async () => {
  categories = (await seedCatalog(t, shop)).categories
}, 120_000)

/** Handles of the products `filter` selects, in handle order; totalCount must agree. */
async function matching(filter: Record<string, unknown>, apiKey = shop.apiKey): Promise<string[]> {
  const response = await t.gql<{ products: { nodes: { handle: string }[]; totalCount: number } }>(
    apiKey,
    'query ($filter: ProductFilter) { products(filter: $filter, sort: HANDLE_ASC, first: 250) { nodes { handle } totalCount } }',
    { filter },
  )
  expect(response.errors).toBeUndefined()
  expect(response.data!.products.totalCount).toBe(response.data!.products.nodes.length)
  return response.data!.products.nodes.map((n) => n.handle)
}

describe('price, inventory and sku', () => {
  it.each([
    ['price from 11: some variant at 11 or more', { price: { min: '11' } }, ['blue-scarf', 'blue-tee', 'red-tee']],
    ['price up to 10, inclusive', { price: { max: '10.00' } }, ['green-cap', 'red-tee']],
    ['price within 12.5 and 25', { price: { min: '12.5', max: '25' } }, ['blue-tee']],
    ['price range between two variants overlaps the product', { price: { min: '11', max: '11.5' } }, ['red-tee']],
    ['inventory at least 5 (tracked variants only)', { inventory: { min: 5 } }, ['green-cap', 'red-tee']],
    ['inventory none', { inventory: { max: 0 } }, ['blue-scarf', 'blue-tee', 'gift-card']],
    ['sku eq, a whole SKU', { sku: { eq: 'TEE-R-M' } }, ['red-tee']],
    ['sku eq is exact', { sku: { eq: 'tee-r-m' } }, []],
    ['sku in', { sku: { in: ['CAP-G', 'NOPE'] } }, ['green-cap']],
    ['sku startsWith, any case', { sku: { startsWith: 'tee' } }, ['blue-tee', 'red-tee']],
    ['sku contains', { sku: { contains: '-b' } }, ['blue-scarf', 'blue-tee']],
    ['sku contains a literal %', { sku: { contains: '%' } }, []],
  ])('%s', async (_case, filter, expected) => {
    expect(await matching(filter)).toEqual(expected)
  })

  it('refuses an amount with more decimals than the currency, naming the field', async () => {
    const response = await t.gql(shop.apiKey, 'query ($f: ProductFilter) { products(filter: $f) { nodes { id } } }', {
      f: { price: { min: '1.001' } },
    })
    expect(onlyError(response)).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['filter', 'price', 'min'],
      message: expect.stringContaining('too many decimals'),
    })
  })
})

describe('category and attributes', () => {
  it.each([
    [
      'category with its descendants (the default)',
      () => ({ category: { id: categories.get('clothing') } }),
      ['blue-scarf', 'blue-tee', 'red-tee'],
    ],
    [
      'category alone',
      () => ({ category: { id: categories.get('clothing'), includeDescendants: false } }),
      ['blue-scarf'],
    ],
    ['a leaf category', () => ({ category: { id: categories.get('shirts') } }), ['blue-tee', 'red-tee']],
    ['an unknown category', () => ({ category: { id: randomUUID() } }), []],
    ['a malformed category id', () => ({ category: { id: 'shirts' } }), []],
    [
      'attribute in (option codes)',
      () => ({ attributes: [{ code: 'color', in: ['blue'] }] }),
      ['blue-scarf', 'blue-tee'],
    ],
    ['attribute number range', () => ({ attributes: [{ code: 'size_cm', range: { min: '55' } }] }), ['blue-tee']],
    [
      'attribute number range, both ends inclusive',
      () => ({ attributes: [{ code: 'size_cm', range: { min: '50', max: '60' } }] }),
      ['blue-tee', 'red-tee'],
    ],
    ['attribute yes/no', () => ({ attributes: [{ code: 'organic', eq: true }] }), ['blue-scarf', 'red-tee']],
    [
      'two attributes, both holding',
      () => ({
        attributes: [
          { code: 'color', in: ['blue'] },
          { code: 'organic', eq: true },
        ],
      }),
      ['blue-scarf'],
    ],
    ['an unknown attribute', () => ({ attributes: [{ code: 'nope', in: ['x'] }] }), []],
    [
      'or across catalog fields',
      () => ({
        or: [{ price: { max: '6' } }, { category: { id: categories.get('clothing'), includeDescendants: false } }],
      }),
      ['blue-scarf', 'green-cap'],
    ],
    [
      'and with product fields',
      () => ({ status: ['ACTIVE'], and: [{ attributes: [{ code: 'color', in: ['red', 'blue'] }] }] }),
      ['blue-tee', 'red-tee'],
    ],
  ])('%s', async (_case, filter, expected) => {
    expect(await matching(filter())).toEqual(expected)
  })

  it('refuses an attribute condition without an operator, and a range that is neither number nor date', async () => {
    const list = (f: unknown) =>
      t.gql(shop.apiKey, 'query ($f: ProductFilter) { products(filter: $f) { nodes { id } } }', { f })
    expect(onlyError(await list({ attributes: [{ code: 'color' }] }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['filter', 'attributes', 0],
    })
    expect(onlyError(await list({ attributes: [{ code: 'size_cm', range: { min: 'big' } }] }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['filter', 'attributes', 0, 'range', 'min'],
    })
  })

  it("keeps another store's products out, whatever the filter", async () => {
    const other = await t.tenant('catalog-filters-other')
    expect(await matching({ category: { id: categories.get('clothing') } }, other.apiKey)).toEqual([])
    expect(await matching({ sku: { startsWith: 'TEE' } }, other.apiKey)).toEqual([])
  })
})

describe('price and inventory sorts', () => {
  const order = async (sort: string, first = 250, after?: string) =>
    t.gql<{ products: { nodes: { handle: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string } } }>(
      shop.apiKey,
      'query ($sort: ProductSort, $first: Int, $after: String) { products(sort: $sort, first: $first, after: $after) { nodes { handle } pageInfo { hasNextPage endCursor } } }',
      { sort, first, after },
    )
  // Ties (no price; no inventory) are broken by id, which follows creation order.
  const EXPECTED: Record<string, string[]> = {
    PRICE_ASC: ['gift-card', 'green-cap', 'red-tee', 'blue-tee', 'blue-scarf'],
    PRICE_DESC: ['blue-scarf', 'blue-tee', 'red-tee', 'green-cap', 'gift-card'],
    INVENTORY_ASC: ['blue-tee', 'gift-card', 'blue-scarf', 'red-tee', 'green-cap'],
    INVENTORY_DESC: ['green-cap', 'red-tee', 'blue-scarf', 'gift-card', 'blue-tee'],
  }

  it.each(Object.entries(EXPECTED))('sorts %s, and walks it two at a time in cursor mode', async (sort, expected) => {
    expect((await order(sort)).data!.products.nodes.map((n) => n.handle)).toEqual(expected)
    const seen: string[] = []
    let after: string | undefined
    for (let page = 0; page < 5; page++) {
      const response = await order(sort, 2, after)
      seen.push(...response.data!.products.nodes.map((n) => n.handle))
      if (!response.data!.products.pageInfo.hasNextPage) break
      after = response.data!.products.pageInfo.endCursor
    }
    expect(seen).toEqual(expected)
  })
})

describe("search in the store's language", () => {
  it("stems words in the store's language and still matches codes exactly", async () => {
    // English (the default locale): "tees" and "runs" find "Tee" and "Running".
    expect(await matching({ search: 'tees' })).toEqual(['blue-tee', 'red-tee'])
    expect(await matching({ search: 'runs' })).toEqual(['gift-card'])
    expect(await matching({ search: 'TEE-R-M' })).toEqual(['red-tee'])
    expect(await matching({ search: 'red-t' })).toEqual(['red-tee'])
  })

  it("re-indexes the store's products when its default locale changes", async () => {
    const french = await t.tenant('catalog-filters-fr')
    const created = await t.gql(french.apiKey, CREATE, { input: { title: 'Chevaux de bois', handle: 'chevaux' } })
    expect(created.errors).toBeUndefined()
    // Neither the words as written nor English stemming lead from "cheval" to "chevaux".
    expect(await matching({ search: 'cheval' }, french.apiKey)).toEqual([])
    const updated = await t.gql(
      french.apiKey,
      'mutation ($input: StoreUpdateInput!) { storeUpdate(input: $input) { eventPosition } }',
      {
        input: { defaultLocale: 'fr', enabledLocales: ['fr'] },
      },
    )
    expect(updated.errors).toBeUndefined()
    expect(await matching({ search: 'cheval' }, french.apiKey)).toEqual(['chevaux'])
    // Products created from now on are stemmed in French too.
    await t.gql(french.apiKey, CREATE, { input: { title: 'Journaux', handle: 'journaux' } })
    expect(await matching({ search: 'journal' }, french.apiKey)).toEqual(['journaux'])
  })
})
