import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import { createCategory, must } from '../../../../test/support/categories.js'
import { onlyError } from '../../../../test/support/products.js'
import { pricedProduct } from '../../../../test/support/collections.js'

// Category.products takes the product list's filter and sort: an admin sees every status by
// default and can narrow it; without a sort, own products keep their positions and a subtree
// is by title.

const t = useTestApp()

const PRODUCTS = `query ($id: ID, $all: Boolean, $filter: ProductFilter, $sort: ProductSort, $first: Int, $after: String, $page: Int, $limit: Int) { category(id: $id) {
  products(includeDescendants: $all, filter: $filter, sort: $sort, first: $first, after: $after, page: $page, limit: $limit) {
    nodes { title status } pageInfo { hasNextPage endCursor page totalPages } totalCount } } }`
const ADD = `mutation ($input: CategoryProductsAddInput!) { categoryProductsAdd(input: $input) { category { id } } }`

interface Page {
  nodes: { title: string; status: string }[]
  pageInfo: { hasNextPage: boolean; endCursor: string | null; page: number | null; totalPages: number | null }
  totalCount: number
}

async function products(apiKey: string, id: string, args: Record<string, unknown> = {}): Promise<Page> {
  return (await must<{ category: { products: Page } }>(t, apiKey, PRODUCTS, { id, ...args })).category.products
}

const titles = async (apiKey: string, id: string, args: Record<string, unknown> = {}) =>
  (await products(apiKey, id, args)).nodes.map((node) => node.title)

/** Men holds Delta, Alpha (draft), Charlie (archived) at its positions; Shirts below it holds Bravo and Echo (draft). */
async function catalog(slug: string) {
  const { apiKey } = await t.tenant(slug)
  const men = await createCategory(t, apiKey, { title: 'Men' })
  const shirts = await createCategory(t, apiKey, { title: 'Shirts', parentId: men.id })
  const made: Record<string, string> = {}
  for (const [title, status, price] of [
    ['Delta', 'ACTIVE', '30.00'],
    ['Alpha', 'DRAFT', '10.00'],
    ['Charlie', 'ARCHIVED', '20.00'],
    ['Bravo', 'ACTIVE', '40.00'],
    ['Echo', 'DRAFT', '5.00'],
  ]) {
    made[title!] = (await pricedProduct(t, apiKey, { title, status }, price!)).id
  }
  await must(t, apiKey, ADD, { input: { categoryId: men.id, productIds: [made.Delta, made.Alpha, made.Charlie] } })
  await must(t, apiKey, ADD, { input: { categoryId: shirts.id, productIds: [made.Bravo, made.Echo] } })
  return { apiKey, men: men.id, shirts: shirts.id }
}

describe('Category.products(filter, sort)', () => {
  it('lists every status by position by default, and narrows by status keeping the positions', async () => {
    const { apiKey, men } = await catalog('catprod-status')
    expect(await products(apiKey, men)).toMatchObject({
      nodes: [
        { title: 'Delta', status: 'ACTIVE' },
        { title: 'Alpha', status: 'DRAFT' },
        { title: 'Charlie', status: 'ARCHIVED' },
      ],
      totalCount: 3,
    })
    expect(await titles(apiKey, men, { filter: { status: ['DRAFT', 'ARCHIVED'] } })).toEqual(['Alpha', 'Charlie'])
    expect(await titles(apiKey, men, { filter: { status: ['ACTIVE'] }, sort: 'TITLE_ASC' })).toEqual(['Delta'])
    expect(await titles(apiKey, men, { sort: 'PRICE_DESC' })).toEqual(['Delta', 'Charlie', 'Alpha'])
  })

  it('filters and sorts a whole subtree, by title by default', async () => {
    const { apiKey, men } = await catalog('catprod-subtree')
    expect(await titles(apiKey, men, { all: true })).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'])
    expect(await titles(apiKey, men, { all: true, filter: { status: ['DRAFT'] } })).toEqual(['Alpha', 'Echo'])
    expect(
      await titles(apiKey, men, { all: true, filter: { status: ['ACTIVE', 'DRAFT'] }, sort: 'PRICE_ASC' }),
    ).toEqual(['Echo', 'Alpha', 'Delta', 'Bravo'])
    // Another store's category in the filter matches nothing here.
    const { shirts } = await catalog('catprod-subtree-b')
    expect(await titles(apiKey, men, { all: true, filter: { category: { id: shirts } } })).toEqual([])
  })

  it('pages in both modes, own positions and subtree', async () => {
    const { apiKey, men } = await catalog('catprod-pages')
    const first = await products(apiKey, men, { first: 2 })
    expect(first).toMatchObject({ nodes: [{ title: 'Delta' }, { title: 'Alpha' }], pageInfo: { hasNextPage: true } })
    expect(await titles(apiKey, men, { first: 2, after: first.pageInfo.endCursor })).toEqual(['Charlie'])
    const draftsFirst = await products(apiKey, men, { all: true, filter: { status: ['DRAFT', 'ACTIVE'] }, first: 3 })
    expect(draftsFirst.nodes.map((node) => node.title)).toEqual(['Alpha', 'Bravo', 'Delta'])
    expect(
      await titles(apiKey, men, {
        all: true,
        filter: { status: ['DRAFT', 'ACTIVE'] },
        first: 3,
        after: draftsFirst.pageInfo.endCursor,
      }),
    ).toEqual(['Echo'])
    expect(await products(apiKey, men, { all: true, page: 2, limit: 2, sort: 'PRICE_ASC' })).toMatchObject({
      nodes: [{ title: 'Charlie' }, { title: 'Delta' }],
      pageInfo: { page: 2, totalPages: 3, hasNextPage: true },
      totalCount: 5,
    })
  })

  it("answers another store's category like a missing one, and a bad filter at its field", async () => {
    const mine = await catalog('catprod-tenant-a')
    const theirs = await catalog('catprod-tenant-b')
    expect((await products(mine.apiKey, mine.men, { all: true, filter: { status: ['ACTIVE'] } })).totalCount).toBe(2)
    expect(
      onlyError(await t.gql(mine.apiKey, PRODUCTS, { id: theirs.men, filter: { status: ['ACTIVE'] } })),
    ).toMatchObject({ code: 'NOT_FOUND' })
    expect(
      onlyError(await t.gql(mine.apiKey, PRODUCTS, { id: mine.men, filter: { price: { min: 'cheap' } } })),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: ['filter', 'price', 'min'] })
  })
})
