import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type Tenant, type TestApp } from '../../../../test/support/app.js'
import { createAttribute } from '../../../../test/support/attributes.js'
import { createCategory, must } from '../../../../test/support/categories.js'
import { createCollection } from '../../../../test/support/collections.js'
import { productFacets } from '../facets.js'
import type { ProductFilter, ProductSort } from '../queries.js'
import { listPublishedProducts } from '../visibility.js'
import { indexFacets, indexMatches } from './facets.js'
import { indexPageChooser } from './page.js'
import { loadFacetIndex, type FacetIndex } from './load.js'

// The facet index must answer exactly what the facet statement answers, for every filter it takes:
// a catalog that varies on every dimension, and a few hundred generated shopper filters, each asked
// of both.

const COLORS = ['red', 'blue', 'green', 'black']
const MATERIALS = ['cotton', 'wool', 'linen']
// Mixed case and equal counts: ties must fall where the database's text order puts them.
const TAGS = ['sale', 'Sale', 'new', 'eco', 'gift', 'summer', 'winter', 'Zed', 'alpha']
const VENDORS = ['Acme', 'Birch', 'acme']
const STATUSES = ['ACTIVE', 'ACTIVE', 'ACTIVE', 'DRAFT', 'ARCHIVED']
const PRODUCTS = 90

let t: TestApp
let shop: Tenant
let index: FacetIndex
const categoryIds: string[] = []
let collectionId = ''

/** A small deterministic generator, so a failure names a filter that can be asked again. */
function random(seed: number) {
  let state = seed
  const next = () => ((state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648) as number
  return {
    next,
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
    some: <T>(list: readonly T[], most: number) => list.filter(() => next() < most / list.length),
  }
}

function item(i: number): Record<string, unknown> {
  const r = random(i + 1)
  const priced = i % 11 !== 0
  return {
    title: `Item ${i}`,
    handle: `item-${i}`,
    vendor: r.pick(VENDORS),
    status: r.pick(STATUSES),
    tags: r.some(TAGS, 2.5),
    options: priced ? [{ name: 'Size', values: ['S', 'M'] }] : [],
    variants: priced
      ? ['S', 'M'].map((size, k) => ({
          price: (5 + ((i * 7 + k * 13) % 60)).toFixed(2),
          sku: `S-${i}-${size}`,
          optionValues: [{ name: 'Size', value: size }],
        }))
      : [],
    attributes: [
      ...(i % 9 === 0 ? [] : [{ code: 'color', value: r.pick(COLORS) }]),
      { code: 'material', value: r.pick(MATERIALS) },
      { code: 'size_cm', value: 40 + (i % 4) * 10 },
    ],
  }
}

function shopperFilter(seed: number): ProductFilter {
  const r = random(seed * 7919)
  const filter: ProductFilter = { status: ['ACTIVE'] }
  if (r.next() < 0.4) filter.tags = r.next() < 0.7 ? { any: r.some(TAGS, 2) } : { all: r.some(TAGS, 1.5) }
  if (r.next() < 0.3) filter.vendor = { in: r.some(VENDORS, 1.5) }
  if (r.next() < 0.4) {
    const min = r.next() < 0.7 ? String(5 + Math.floor(r.next() * 40)) : null
    filter.price = { min, max: r.next() < 0.7 ? `${20 + Math.floor(r.next() * 50)}.50` : null }
  }
  const attributes = [
    ...(r.next() < 0.5 ? [{ code: 'color', in: r.some(COLORS, 2) }] : []),
    ...(r.next() < 0.3 ? [{ code: 'material', in: r.some(MATERIALS, 1.5) }] : []),
  ]
  if (attributes.length) filter.attributes = attributes
  if (r.next() < 0.3) filter.category = { id: r.pick(categoryIds), includeDescendants: r.next() < 0.8 }
  if (r.next() < 0.2) filter.collectionId = collectionId
  return filter
}

beforeAll(async () => {
  t = await startTestApp()
  shop = await t.tenant('facet-index')
  const selects = { color: ['Color', COLORS], material: ['Material', MATERIALS] } as const
  for (const [code, [name, values]] of Object.entries(selects)) {
    const options = values.map((value) => ({ code: value, label: value }))
    await createAttribute(t, shop.apiKey, { code, name, type: 'SELECT', filterable: true, options })
  }
  await createAttribute(t, shop.apiKey, { code: 'size_cm', name: 'Size', type: 'NUMBER', filterable: true })
  const category = async (input: Record<string, unknown>) => (await createCategory(t, shop.apiKey, input)).id
  const root = await category({ title: 'Root', handle: 'root' })
  categoryIds.push(root, await category({ title: 'Child', handle: 'child', parentId: root }))
  categoryIds.push(await category({ title: 'Other', handle: 'other' }))
  const created = await must<{ productsBulkCreate: { results: { index: number; id: string }[] } }>(
    t,
    shop.apiKey,
    'mutation ($input: ProductsBulkCreateInput!) { productsBulkCreate(input: $input) { results { index id errors { field message } } } }',
    { input: { items: Array.from({ length: PRODUCTS }, (_, i) => item(i)) } },
  )
  expect(created.productsBulkCreate.results.filter((r) => !r.id)).toEqual([])
  const ids = created.productsBulkCreate.results.sort((a, b) => a.index - b.index).map((r) => r.id)
  for (const [k, categoryId] of categoryIds.entries())
    await must(
      t,
      shop.apiKey,
      'mutation ($input: CategoryProductsAddInput!) { categoryProductsAdd(input: $input) { eventPosition } }',
      { input: { categoryId, productIds: ids.filter((_, i) => i % 4 === k) } },
    )
  collectionId = (
    await createCollection(t, shop.apiKey, {
      title: 'On sale',
      type: 'SMART',
      rules: [{ field: 'TAG', relation: 'EQUALS', value: 'sale' }],
    })
  ).id
  index = await loadFacetIndex(t.platform.database.db, shop.storeId)
}, 180_000)
afterAll(() => t.close())

describe('the facet index', () => {
  it('holds only the store’s visible products', async () => {
    const visible = await listPublishedProducts(t.platform.database.db, shop.storeId, { limit: 1 })
    expect(index.size).toBe(visible.totalCount)
    expect(index.size).toBeGreaterThan(PRODUCTS / 2)
    const other = await t.tenant('facet-index-other')
    expect((await loadFacetIndex(t.platform.database.db, other.storeId)).size).toBe(0)
  })

  it('counts every generated shopper filter as the facet statement does', async () => {
    const db = t.platform.database.db
    let narrowed = 0
    for (let seed = 1; seed <= 150; seed++) {
      const filter = shopperFilter(seed)
      const sql = await productFacets(db, shop.storeId, { filter })
      const expected = { totalCount: sql.totalCount, tags: sql.tags, attributes: sql.attributes, price: sql.price }
      expect({ seed, facets: indexFacets(index, filter) }).toEqual({ seed, facets: expected })
      // Few tags kept: which of the equally frequent ones make the cut is the database's text order.
      const fewTags = (await productFacets(db, shop.storeId, { filter, tagLimit: 3 })).tags
      expect({ seed, tags: indexFacets(index, filter, 3)?.tags }).toEqual({ seed, tags: fewTags })
      const listed = await listPublishedProducts(db, shop.storeId, { limit: 1, filter })
      expect({ seed, count: indexMatches(index, filter)?.count() }).toEqual({ seed, count: listed.totalCount })
      if (sql.totalCount > 0 && sql.totalCount < index.size) narrowed++
    }
    // The generator is worth its name: most filters keep some products and drop others.
    expect(narrowed).toBeGreaterThan(75)
  })

  it('chooses every page of generated filters in each sort it holds as SQL orders them', async () => {
    const db = t.platform.database.db
    const sorts: ProductSort[] = [
      'TITLE_ASC',
      'TITLE_DESC',
      'CREATED_AT_ASC',
      'CREATED_AT_DESC',
      'PRICE_ASC',
      'PRICE_DESC',
    ]
    const limit = 7
    let pages = 0
    for (let seed = 1; seed <= 40; seed++) {
      const filter = shopperFilter(seed)
      const matches = indexMatches(index, filter)!
      for (const sort of sorts) {
        const choose = indexPageChooser(index, matches, sort)!
        const last = Math.ceil(matches.count() / limit) + 1
        for (let page = 1; page <= last; page++) {
          const args = { page, limit, filter, sort }
          const bySql = await listPublishedProducts(db, shop.storeId, args)
          const byIndex = await listPublishedProducts(db, shop.storeId, args, { total: matches.count(), choose })
          expect({ seed, sort, page, ...byIndex }).toEqual({ seed, sort, page, ...bySql })
          pages++
        }
      }
    }
    expect(pages).toBeGreaterThan(500)
  })

  it('leaves to SQL a sort it does not hold', () => {
    const matches = indexMatches(index, { status: ['ACTIVE'] })!
    for (const sort of ['HANDLE_ASC', 'UPDATED_AT_DESC', 'INVENTORY_ASC'] satisfies ProductSort[])
      expect(indexPageChooser(index, matches, sort)).toBeNull()
  })

  it('leaves to SQL what it does not hold', () => {
    const visible = { status: ['ACTIVE'] } as const
    for (const filter of [
      { ...visible, search: 'item' },
      { ...visible, inventory: { min: 1 } },
      { ...visible, and: [{ tags: { any: ['sale'] } }] },
      { ...visible, title: { contains: 'Item' } },
      { ...visible, vendor: { contains: 'ac' } },
      { ...visible, attributes: [{ code: 'size_cm', range: { min: '45' } }] },
      { ...visible, attributes: [{ code: 'unknown', in: ['x'] }] },
      { status: ['ACTIVE', 'DRAFT'] },
      {},
    ] satisfies ProductFilter[]) {
      expect(indexFacets(index, filter)).toBeNull()
      expect(indexMatches(index, filter)).toBeNull()
    }
  })

  it('refuses a bad amount as the statement does', () => {
    expect(() => indexFacets(index, { status: ['ACTIVE'], price: { min: '1e3' } })).toThrow(/decimal/)
  })
})
