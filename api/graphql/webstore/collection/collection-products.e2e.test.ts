import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import { must } from '../../../../test/support/categories.js'
import { onlyError } from '../../../../test/support/products.js'
import { createCollection, pricedProduct } from '../../../../test/support/collections.js'

// Collection.products takes the product list's filter and sort: an admin sees every status by
// default and can narrow it; without a sort the collection keeps its own order.

const t = useTestApp()

const PRODUCTS = `query ($id: ID, $filter: ProductFilter, $sort: ProductSort, $first: Int, $after: String, $page: Int, $limit: Int) { collection(id: $id) {
  products(filter: $filter, sort: $sort, first: $first, after: $after, page: $page, limit: $limit) {
    nodes { title status } pageInfo { hasNextPage hasPreviousPage endCursor page totalPages } totalCount } } }`
const ADD = `mutation ($input: CollectionProductsAddInput!) { collectionProductsAdd(input: $input) { collection { id } } }`

interface Page {
  nodes: { title: string; status: string }[]
  pageInfo: {
    hasNextPage: boolean
    hasPreviousPage: boolean
    endCursor: string | null
    page: number | null
    totalPages: number | null
  }
  totalCount: number
}

async function products(apiKey: string, id: string, args: Record<string, unknown> = {}): Promise<Page> {
  return (await must<{ collection: { products: Page } }>(t, apiKey, PRODUCTS, { id, ...args })).collection.products
}

const titles = async (apiKey: string, id: string, args: Record<string, unknown> = {}) =>
  (await products(apiKey, id, args)).nodes.map((node) => node.title)

/** A manual collection of four products of every status, in an order of the merchant's, and one product outside it. */
async function manualCollection(slug: string) {
  const { apiKey } = await t.tenant(slug)
  const delta = await pricedProduct(t, apiKey, { title: 'Delta', tags: ['summer'] }, '30.00')
  const alpha = await pricedProduct(t, apiKey, { title: 'Alpha', status: 'DRAFT', tags: ['summer'] }, '10.00')
  const charlie = await pricedProduct(t, apiKey, { title: 'Charlie', status: 'ARCHIVED', tags: ['summer'] }, '20.00')
  const bravo = await pricedProduct(t, apiKey, { title: 'Bravo', tags: ['summer'] }, '40.00')
  await pricedProduct(t, apiKey, { title: 'Echo', tags: ['summer'] }, '5.00')
  const collection = await createCollection(t, apiKey, { title: 'Picks' })
  await must(t, apiKey, ADD, {
    input: { collectionId: collection.id, productIds: [delta.id, alpha.id, charlie.id, bravo.id] },
  })
  return { apiKey, id: collection.id }
}

describe('Collection.products(filter, sort)', () => {
  it('lists every status in the manual order by default, and narrows by status keeping that order', async () => {
    const { apiKey, id } = await manualCollection('cprod-status')
    expect(await products(apiKey, id)).toMatchObject({
      nodes: [
        { title: 'Delta', status: 'ACTIVE' },
        { title: 'Alpha', status: 'DRAFT' },
        { title: 'Charlie', status: 'ARCHIVED' },
        { title: 'Bravo', status: 'ACTIVE' },
      ],
      totalCount: 4,
    })
    expect(await products(apiKey, id, { filter: { status: ['ACTIVE'] } })).toMatchObject({
      nodes: [{ title: 'Delta' }, { title: 'Bravo' }],
      totalCount: 2,
    })
    expect(await titles(apiKey, id, { filter: { status: ['DRAFT', 'ARCHIVED'] } })).toEqual(['Alpha', 'Charlie'])
    // Only members, whatever the filter: Echo matches but is not in the collection.
    expect(await titles(apiKey, id, { filter: { tags: { any: ['summer'] }, price: { max: '35' } } })).toEqual([
      'Delta',
      'Alpha',
      'Charlie',
    ])
  })

  it('sorts as product lists do when given a sort, filter and sort together', async () => {
    const { apiKey, id } = await manualCollection('cprod-sort')
    expect(await titles(apiKey, id, { sort: 'PRICE_ASC' })).toEqual(['Alpha', 'Charlie', 'Delta', 'Bravo'])
    expect(await titles(apiKey, id, { sort: 'TITLE_DESC' })).toEqual(['Delta', 'Charlie', 'Bravo', 'Alpha'])
    expect(await titles(apiKey, id, { filter: { status: ['ACTIVE'] }, sort: 'PRICE_DESC' })).toEqual(['Bravo', 'Delta'])
  })

  it('pages in both modes, in the own order and in a sort, and refuses a cursor of the other order', async () => {
    const { apiKey, id } = await manualCollection('cprod-pages')
    const first = await products(apiKey, id, { first: 2 })
    expect(first.nodes.map((node) => node.title)).toEqual(['Delta', 'Alpha'])
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false })
    const second = await products(apiKey, id, { first: 2, after: first.pageInfo.endCursor })
    expect(second.nodes.map((node) => node.title)).toEqual(['Charlie', 'Bravo'])
    expect(second.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true })

    const sorted = await products(apiKey, id, { filter: { status: ['ACTIVE', 'DRAFT'] }, sort: 'PRICE_ASC', first: 2 })
    expect(sorted.nodes.map((node) => node.title)).toEqual(['Alpha', 'Delta'])
    expect(
      await titles(apiKey, id, {
        filter: { status: ['ACTIVE', 'DRAFT'] },
        sort: 'PRICE_ASC',
        first: 2,
        after: sorted.pageInfo.endCursor,
      }),
    ).toEqual(['Bravo'])

    expect(await products(apiKey, id, { page: 2, limit: 3 })).toMatchObject({
      nodes: [{ title: 'Bravo' }],
      pageInfo: { page: 2, totalPages: 2, hasPreviousPage: true, hasNextPage: false },
      totalCount: 4,
    })
    expect(await products(apiKey, id, { page: 1, limit: 1, filter: { status: ['ARCHIVED'] } })).toMatchObject({
      nodes: [{ title: 'Charlie' }],
      pageInfo: { totalPages: 1 },
      totalCount: 1,
    })

    const mixed = await t.gql(apiKey, PRODUCTS, { id, sort: 'TITLE_ASC', first: 2, after: first.pageInfo.endCursor })
    expect(onlyError(mixed)).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['after'],
      message: expect.stringMatching(/was made for another sort/),
    })
  })

  it('keeps a smart collection in its sort order, filtered, and reports a bad filter at its field', async () => {
    const { apiKey } = await t.tenant('cprod-smart')
    for (const [title, status, price] of [
      ['Kite', 'ACTIVE', '12.00'],
      ['Lamp', 'DRAFT', '80.00'],
      ['Mat', 'ACTIVE', '45.00'],
      ['Net', 'ARCHIVED', '60.00'],
    ]) {
      await pricedProduct(t, apiKey, { title, status, tags: ['beach'] }, price!)
    }
    const beach = await createCollection(t, apiKey, {
      title: 'Beach',
      rules: [{ field: 'TAG', relation: 'EQUALS', value: 'beach' }],
      sortOrder: 'PRICE_DESC',
    })
    expect(await titles(apiKey, beach.id)).toEqual(['Lamp', 'Net', 'Mat', 'Kite'])
    expect(await titles(apiKey, beach.id, { filter: { status: ['ACTIVE'] } })).toEqual(['Mat', 'Kite'])
    expect(await titles(apiKey, beach.id, { filter: { status: ['ACTIVE', 'ARCHIVED'] }, sort: 'TITLE_ASC' })).toEqual([
      'Kite',
      'Mat',
      'Net',
    ])
    const bad = await t.gql(apiKey, PRODUCTS, { id: beach.id, filter: { price: { min: 'cheap' } } })
    expect(onlyError(bad)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['filter', 'price', 'min'] })
  })

  it("shows only the store's own products, and another store's collection like a missing one", async () => {
    const mine = await manualCollection('cprod-tenant-a')
    const theirs = await manualCollection('cprod-tenant-b')
    const theirBeach = await createCollection(t, theirs.apiKey, {
      title: 'Summer',
      rules: [{ field: 'TAG', relation: 'EQUALS', value: 'summer' }],
    })
    const myBeach = await createCollection(t, mine.apiKey, {
      title: 'Summer',
      rules: [{ field: 'TAG', relation: 'EQUALS', value: 'summer' }],
    })
    expect(
      (await products(mine.apiKey, myBeach.id, { filter: { status: ['ACTIVE', 'DRAFT', 'ARCHIVED'] } })).totalCount,
    ).toBe(5)
    expect((await products(theirs.apiKey, theirBeach.id, { filter: { status: ['ACTIVE'] } })).totalCount).toBe(3)
    const across = await t.gql(mine.apiKey, PRODUCTS, { id: theirs.id, filter: { status: ['ACTIVE'] } })
    expect(onlyError(across)).toMatchObject({ code: 'NOT_FOUND' })
  })
})
