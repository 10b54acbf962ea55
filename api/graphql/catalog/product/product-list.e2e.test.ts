import type { PageInfo } from '../../../../projections/shared/pagination.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import { createProduct, onlyError, type Product, badInput } from '../../../../test/support/products.js'

// Paging through `products` in both modes and the limits on the list arguments
// (API-CONVENTIONS.md, "Lists"). Filters and sorts: product-filters.e2e.test.ts.

interface Page {
  products: {
    nodes: { id: string; handle: string; title: string }[]
    edges: { cursor: string; node: { id: string } }[]
    pageInfo: PageInfo
    totalCount: number
  }
}

const LIST = `query ($page: Int, $limit: Int, $first: Int, $after: String, $sort: ProductSort) {
  products(page: $page, limit: $limit, first: $first, after: $after, sort: $sort) {
    nodes { id handle title }
    edges { cursor node { id } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor page totalPages }
    totalCount
  }
}`

const TOTAL = 30
const t = useTestApp()
let apiKey: string
let products: Product[]

beforeAll(async () => {
  apiKey = (await t.tenant('list-paging')).apiKey
  // Three titles only, and created ten at a time so creation times collide too: both sorts have
  // many ties, which the id tie-break must order for cursors to neither skip nor repeat.
  products = []
  for (let batch = 0; batch < TOTAL / 10; batch++) {
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, i) => {
        const n = batch * 10 + i + 1
        return createProduct(t, apiKey, {
          title: ['Alpha', 'Beta', 'Gamma'][n % 3],
          handle: `item-${String(n).padStart(2, '0')}`,
        })
      }),
    )
    products.push(...created)
  }
})

const list = (variables: Record<string, unknown>) => t.gql<Page>(apiKey, LIST, variables)

/** Handles in the order a sort promises: the column, then the id, both in the sort's direction. */
function expectedOrder(column: 'title' | 'createdAt', direction: 'asc' | 'desc'): string[] {
  const sign = direction === 'asc' ? 1 : -1
  const compare = (a: Product, b: Product) =>
    a[column] < b[column] ? -1 : a[column] > b[column] ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0
  return [...products].sort((a, b) => sign * compare(a, b)).map((p) => p.handle)
}

describe('page mode', () => {
  it('walks every product once, with page, totalPages and the neighbours of each page', async () => {
    const seen: string[] = []
    for (let page = 1; page <= 5; page++) {
      const response = await list({ page, limit: 7 })
      expect(response.errors).toBeUndefined()
      const { nodes, edges, pageInfo, totalCount } = response.data!.products
      expect(totalCount).toBe(TOTAL)
      expect(nodes).toHaveLength(page < 5 ? 7 : 2)
      expect(edges.map((edge) => edge.node.id)).toEqual(nodes.map((node) => node.id))
      expect(pageInfo).toEqual({
        page,
        totalPages: 5,
        hasPreviousPage: page > 1,
        hasNextPage: page < 5,
        startCursor: edges[0]!.cursor,
        endCursor: edges.at(-1)!.cursor,
      })
      seen.push(...nodes.map((node) => node.handle))
    }
    expect(seen).toEqual(expectedOrder('createdAt', 'desc'))
  })

  it('answers a page past the end with no nodes, and defaults to page 1 of 20', async () => {
    const past = (await list({ page: 6, limit: 7 })).data!.products
    expect(past.nodes).toEqual([])
    expect(past.pageInfo).toEqual({
      page: 6,
      totalPages: 5,
      hasPreviousPage: true,
      hasNextPage: false,
      startCursor: null,
      endCursor: null,
    })

    const first = (await list({})).data!.products
    expect(first.nodes.map((node) => node.handle)).toEqual(expectedOrder('createdAt', 'desc').slice(0, 20))
    expect(first.pageInfo).toMatchObject({ page: 1, totalPages: 2, hasNextPage: true })
  })
})

describe('cursor mode', () => {
  async function walk(sort: string, first: number): Promise<string[]> {
    const seen: string[] = []
    let after: string | null = null
    for (let request = 0; request < TOTAL; request++) {
      const response = await list({ first, after, sort })
      expect(response.errors).toBeUndefined()
      const { nodes, edges, pageInfo, totalCount } = response.data!.products
      expect(totalCount).toBe(TOTAL)
      expect(pageInfo).toMatchObject({
        page: null,
        totalPages: null,
        hasPreviousPage: after !== null,
        endCursor: edges.at(-1)?.cursor ?? null,
      })
      seen.push(...nodes.map((node) => node.handle))
      if (!pageInfo.hasNextPage) return seen
      after = pageInfo.endCursor
    }
    throw new Error(`${sort}: still a next page after ${TOTAL} requests`)
  }

  it.each([
    ['CREATED_AT_DESC', expectedOrder.bind(null, 'createdAt', 'desc')],
    ['CREATED_AT_ASC', expectedOrder.bind(null, 'createdAt', 'asc')],
    ['TITLE_ASC', expectedOrder.bind(null, 'title', 'asc')],
    ['TITLE_DESC', expectedOrder.bind(null, 'title', 'desc')],
  ])('walks every product once in %s order, ties broken by id', async (sort, expected) => {
    const seen = await walk(sort, 4)
    expect(new Set(seen).size).toBe(TOTAL)
    expect(seen).toEqual(expected())
  })

  it('gives the same order one page at a time as in one page', async () => {
    const whole = (await list({ first: 250, sort: 'TITLE_ASC' })).data!.products
    expect(whole.nodes).toHaveLength(TOTAL)
    expect(whole.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: false })
    expect(await walk('TITLE_ASC', 7)).toEqual(whole.nodes.map((node) => node.handle))
  })
})

describe('list argument limits', () => {
  it('refuses mixing page mode and cursor mode', async () => {
    const message = 'page mode (page, limit) and cursor mode (first, after) cannot be mixed; use one of them'
    for (const variables of [
      { page: 1, first: 5 },
      { limit: 5, first: 5 },
    ]) {
      const response = await list(variables)
      expect(response.data).toBeNull()
      expect(onlyError(response)).toMatchObject({ code: 'BAD_USER_INPUT', message })
    }
    const { endCursor } = (await list({ first: 1 })).data!.products.pageInfo
    expect(onlyError(await list({ page: 2, after: endCursor }))).toMatchObject({ code: 'BAD_USER_INPUT', message })
  })

  it('refuses page sizes over 250 (and under 1), naming the argument', async () => {
    expect(onlyError(await list({ limit: 1000 }))).toEqual(
      badInput(['limit'], 'limit must be between 1 and 250; got 1000'),
    )
    expect(onlyError(await list({ first: 251 }))).toEqual(
      badInput(['first'], 'first must be between 1 and 250; got 251'),
    )
    expect(onlyError(await list({ first: 0 }))).toEqual(badInput(['first'], 'first must be between 1 and 250; got 0'))
    expect(onlyError(await list({ page: 0 }))).toEqual(badInput(['page'], 'page must be 1 or more; got 0'))
    // The largest allowed size works.
    expect((await list({ limit: 250 })).data!.products.nodes).toHaveLength(TOTAL)
  })

  it('refuses a cursor the list did not issue', async () => {
    for (const after of ['not-a-cursor', 'eyJub3QiOiJhIGN1cnNvciJ9']) {
      expect(onlyError(await list({ first: 5, after }))).toEqual(
        badInput(
          ['after'],
          'after is not a cursor this list returned; pass the endCursor of a previous page of this list with the same sort',
        ),
      )
    }
  })

  it('refuses a cursor made for another sort, and a forged one, instead of skipping rows', async () => {
    const page = await list({ first: 2, sort: 'CREATED_AT_ASC' })
    const cursor = page.data!.products.pageInfo.endCursor as string
    expect(onlyError(await list({ first: 2, after: cursor, sort: 'TITLE_ASC' }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['after'],
    })
    const forged = Buffer.from(JSON.stringify(['created_at:asc', { d: 'not a date' }, 'not-a-uuid'])).toString(
      'base64url',
    )
    expect(onlyError(await list({ first: 2, after: forged, sort: 'CREATED_AT_ASC' }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['after'],
    })
  })

  it('refuses a forged cursor whose value has another type than the sort column, instead of failing in SQL', async () => {
    const id = '01900000-0000-7000-8000-000000000000'
    for (const plain of [{ v: 'abc' }, { v: true }, { v: 5 }]) {
      const forged = Buffer.from(JSON.stringify(['created_at:asc', plain, id])).toString('base64url')
      const response = await list({ first: 2, after: forged, sort: 'CREATED_AT_ASC' })
      expect(response.status).toBe(200)
      expect(onlyError(response)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['after'] })
    }
  })

  it('refuses an unknown sort as a GraphQL input error', async () => {
    const response = await list({ sort: 'POPULARITY_ASC' })
    expect(response.status).toBe(200)
    expect(onlyError(response)).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: expect.stringContaining('POPULARITY_ASC'),
    })
  })
})
