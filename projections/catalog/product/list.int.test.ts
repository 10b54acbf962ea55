import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductStatus } from '../../../domain/catalog/product/events.js'
import { DomainError } from '../../../domain/shared/errors.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { at, productProjectionFixture } from '../../../test/support/product-projection.js'
import {
  PRODUCT_SORTS,
  listProducts,
  type ListProductsArgs,
  type ProductFilter,
  type ProductRecord,
  type ProductSort,
} from './queries.js'

// listProducts over the projection's rows: filters, sorts with ties, both pagination modes, bad input.

const STORE = randomUUID()
const OTHER_STORE = randomUUID()

const fixture = productProjectionFixture()
const { project, createProduct } = fixture
let db: AnyDb
beforeAll(async () => {
  await fixture.open()
  db = fixture.db
})
afterAll(() => fixture.close())

interface Spec {
  title: string
  vendor: string
  status: ProductStatus
  tags: string[]
  description: string
  created: number
  updated?: number
}

// Titles and created times repeat on purpose: sorting and cursors must break those ties by id.
const SPECS: Spec[] = [
  {
    title: 'Apple',
    vendor: 'Acme',
    status: 'ACTIVE',
    tags: ['summer', 'red'],
    description: 'Crisp organic fruit',
    created: 0,
  },
  { title: 'Banana', vendor: 'Bolt', status: 'DRAFT', tags: ['yellow'], description: 'Ripe', created: 0, updated: 30 },
  {
    title: 'Cherry',
    vendor: 'Acme',
    status: 'ACTIVE',
    tags: ['red', 'small'],
    description: 'Sweet stone fruit',
    created: 0,
  },
  { title: 'Apple', vendor: '', status: 'ARCHIVED', tags: [], description: 'Last season', created: 5, updated: 20 },
  { title: 'Banana', vendor: 'Acme Foods', status: 'ACTIVE', tags: ['yellow', 'organic'], description: '', created: 5 },
  { title: 'Date', vendor: 'Bolt', status: 'ACTIVE', tags: ['winter'], description: 'Dried', created: 5, updated: 30 },
  { title: 'Apple', vendor: 'Bolt', status: 'DRAFT', tags: ['red'], description: 'Green inside', created: 10 },
  { title: 'Cherry', vendor: 'Acme', status: 'ACTIVE', tags: ['summer'], description: '', created: 10, updated: 30 },
  {
    title: 'Date',
    vendor: '',
    status: 'ACTIVE',
    tags: ['winter', 'organic', 'small'],
    description: 'Medjool',
    created: 15,
  },
  {
    title: 'Elderberry',
    vendor: 'Cora',
    status: 'ACTIVE',
    tags: ['summer', 'small'],
    description: 'Organic syrup base',
    created: 20,
  },
  { title: 'Apple', vendor: 'Acme', status: 'ACTIVE', tags: ['summer'], description: 'Pie apple', created: 20 },
  { title: 'Fig', vendor: 'Cora', status: 'DRAFT', tags: [], description: '', created: 25 },
]

describe('listProducts', () => {
  let all: ProductRecord[] = []

  beforeAll(async () => {
    for (const [i, spec] of SPECS.entries()) {
      const handle = `${spec.title.toLowerCase()}-${String(i).padStart(2, '0')}`
      const p = await createProduct(STORE, { ...spec, handle }, at(spec.created))
      // The update that bumps updated_at also changes a field, so ties appear in updated_at too.
      if (spec.updated === undefined) continue
      const revised = { productId: p.productId, description: `${spec.description} (revised)` }
      await project(STORE, { type: 'ProductDescriptionChanged', data: revised }, at(spec.updated))
    }
    await createProduct(OTHER_STORE, { title: 'Apple', handle: 'apple-00', vendor: 'Acme', tags: ['summer'] })
    all = (await listProducts(db, STORE, { limit: 250 })).nodes
  })

  const ids = (rows: { id: string }[]) => rows.map((r) => r.id)
  const key: Record<ProductSort, (r: ProductRecord) => string | number> = {
    TITLE_ASC: (r) => r.title,
    TITLE_DESC: (r) => r.title,
    HANDLE_ASC: (r) => r.handle,
    HANDLE_DESC: (r) => r.handle,
    CREATED_AT_ASC: (r) => r.createdAt.getTime(),
    CREATED_AT_DESC: (r) => r.createdAt.getTime(),
    UPDATED_AT_ASC: (r) => r.updatedAt.getTime(),
    UPDATED_AT_DESC: (r) => r.updatedAt.getTime(),
    // No product here has variants: every price and inventory ties, so these order by id alone.
    PRICE_ASC: () => 0,
    PRICE_DESC: () => 0,
    INVENTORY_ASC: () => 0,
    INVENTORY_DESC: () => 0,
  }
  /** What Postgres must return: the sort column, then id, both in the sort's direction. */
  const expectedOrder = (sort: ProductSort) => {
    const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0)
    const sorted = [...all].sort((a, b) => cmp(key[sort](a), key[sort](b)) || cmp(a.id, b.id))
    return ids(sort.endsWith('_DESC') ? sorted.reverse() : sorted)
  }

  it('serves only the store asked for', async () => {
    expect(all).toHaveLength(SPECS.length)
    expect((await listProducts(db, OTHER_STORE)).totalCount).toBe(1)
    expect((await listProducts(db, randomUUID())).totalCount).toBe(0)
  })

  it.each(PRODUCT_SORTS)('sorts %s with ties broken by id, newest first by default', async (sort) => {
    expect(ids((await listProducts(db, STORE, { sort, limit: 250 })).nodes)).toEqual(expectedOrder(sort))
    if (sort === 'CREATED_AT_DESC')
      expect(ids((await listProducts(db, STORE, { limit: 250 })).nodes)).toEqual(expectedOrder(sort))
  })

  it.each(PRODUCT_SORTS.flatMap((sort) => [2, 3, 5].map((first) => [sort, first] as const)))(
    'walks every page of %s in cursor mode, %i at a time, without skips or repeats',
    async (sort, first) => {
      const seen: string[] = []
      let args: ListProductsArgs = { sort, first }
      for (let pages = 0; pages < 20; pages++) {
        const page = await listProducts(db, STORE, args)
        expect(page.totalCount).toBe(SPECS.length)
        expect(page.pageInfo.hasPreviousPage).toBe(pages > 0)
        expect(page.edges.map((e) => e.node.id)).toEqual(ids(page.nodes))
        seen.push(...ids(page.nodes))
        if (!page.pageInfo.hasNextPage) break
        args = { sort, first, after: page.pageInfo.endCursor }
      }
      expect(seen).toEqual(expectedOrder(sort))
    },
  )

  it('pages in page mode', async () => {
    const order = expectedOrder('TITLE_ASC')
    for (const page of [1, 2, 3]) {
      const result = await listProducts(db, STORE, { sort: 'TITLE_ASC', page, limit: 5 })
      expect(ids(result.nodes)).toEqual(order.slice((page - 1) * 5, page * 5))
      expect(result.pageInfo).toMatchObject({ page, totalPages: 3, hasNextPage: page < 3, hasPreviousPage: page > 1 })
    }
    expect((await listProducts(db, STORE, { page: 4, limit: 5 })).nodes).toEqual([])
  })

  it('rejects mixed modes, oversized pages and unknown sorts as bad input', async () => {
    for (const args of [{ page: 1, first: 2 }, { limit: 251 }, { sort: 'POPULARITY_ASC' as ProductSort }]) {
      await expect(listProducts(db, STORE, args)).rejects.toSatisfy(
        (e) => e instanceof DomainError && e.code === 'BAD_USER_INPUT',
      )
    }
  })

  const cases: [string, ProductFilter, (r: ProductRecord) => boolean][] = [
    ['title eq', { title: { eq: 'Apple' } }, (r) => r.title === 'Apple'],
    ['title in', { title: { in: ['Fig', 'Date'] } }, (r) => ['Fig', 'Date'].includes(r.title)],
    ['title in []', { title: { in: [] } }, () => false],
    ['title contains, any case', { title: { contains: 'ERR' } }, (r) => /err/i.test(r.title)],
    ['title startsWith', { title: { startsWith: 'b' } }, (r) => r.title.startsWith('B')],
    ['handle eq', { handle: { eq: 'fig-11' } }, (r) => r.handle === 'fig-11'],
    ['handle startsWith', { handle: { startsWith: 'apple-' } }, (r) => r.handle.startsWith('apple-')],
    ['vendor eq', { vendor: { eq: 'Acme' } }, (r) => r.vendor === 'Acme'],
    ['vendor contains', { vendor: { contains: 'acme' } }, (r) => r.vendor.includes('Acme')],
    ['status', { status: ['DRAFT', 'ARCHIVED'] }, (r) => r.status !== 'ACTIVE'],
    ['status []', { status: [] }, () => false],
    [
      'tags any of several',
      { tags: { any: ['winter', 'yellow'] } },
      (r) => r.tags.includes('winter') || r.tags.includes('yellow'),
    ],
    ['tags any', { tags: { any: ['red'] } }, (r) => r.tags.includes('red')],
    ['tags all', { tags: { all: ['summer', 'small'] } }, (r) => r.tags.includes('summer') && r.tags.includes('small')],
    [
      'createdAt range',
      { createdAt: { from: at(5), to: at(20) } },
      (r) => r.createdAt >= new Date(at(5)) && r.createdAt < new Date(at(20)),
    ],
    ['updatedAt from', { updatedAt: { from: new Date(at(20)) } }, (r) => r.updatedAt >= new Date(at(20))],
    [
      'search a word in any field',
      { search: 'organic' },
      (r) => /organic/i.test(`${r.description} ${r.tags.join(' ')}`),
    ],
    ['search a prefix of the last word', { search: 'Ban' }, (r) => r.title === 'Banana'],
    ['search every word', { search: 'acme summer' }, (r) => r.vendor === 'Acme' && r.tags.includes('summer')],
    ['search a handle', { search: 'date-05' }, (r) => r.handle === 'date-05'],
    ['search with tsquery syntax in it', { search: "(fruit) & ! :* \\ ' |" }, (r) => /fruit/.test(r.description)],
    ['search with an apostrophe, matching nothing', { search: "stone's" }, () => false],
    ['search without words', { search: ' ?! ' }, () => true],
    [
      'and',
      { and: [{ vendor: { eq: 'Acme' } }, { title: { eq: 'Cherry' } }] },
      (r) => r.vendor === 'Acme' && r.title === 'Cherry',
    ],
    [
      'or',
      { or: [{ title: { eq: 'Fig' } }, { status: ['ARCHIVED'] }] },
      (r) => r.title === 'Fig' || r.status === 'ARCHIVED',
    ],
    [
      'fields and or together',
      { status: ['ACTIVE'], or: [{ tags: { any: ['winter'] } }, { search: 'pie' }] },
      (r) => r.status === 'ACTIVE' && (r.tags.includes('winter') || r.description.startsWith('Pie')),
    ],
  ]

  it.each(cases)('filters by %s', async (name, filter, predicate) => {
    const expected = all.filter(predicate)
    const result = await listProducts(db, STORE, { filter, limit: 250, sort: 'TITLE_ASC' })
    expect(result.totalCount).toBe(expected.length)
    expect(new Set(ids(result.nodes))).toEqual(new Set(ids(expected)))
    // A case that matches nothing proves little unless that is its point.
    if (!/\[\]|nothing|without words/.test(name)) expect(expected.length).toBeGreaterThan(0)
  })

  it('filters and pages together, counting only the matches', async () => {
    const filter: ProductFilter = { tags: { any: ['summer', 'red'] } }
    const expected = all.filter((r) => r.tags.some((t) => ['summer', 'red'].includes(t)))
    const first = await listProducts(db, STORE, { filter, first: 2, sort: 'HANDLE_ASC' })
    const second = await listProducts(db, STORE, {
      filter,
      first: 10,
      sort: 'HANDLE_ASC',
      after: first.pageInfo.endCursor,
    })
    expect(first.totalCount).toBe(expected.length)
    expect([...ids(first.nodes), ...ids(second.nodes)]).toEqual(
      ids([...expected].sort((a, b) => (a.handle < b.handle ? -1 : 1))),
    )
  })
})
