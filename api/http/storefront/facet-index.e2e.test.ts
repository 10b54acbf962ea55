import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/support/app.js'
import { ok } from '../../../test/support/menus.js'
import { createProduct } from '../../../test/support/products.js'
import { useThemedShop, visit } from '../../../test/support/storefront.js'

// A collection page counts its facets from the store's in-memory facet index once it is built
// (app/storefront/catalog-index.ts); a write must never leave a page counting from an index of
// before it. Each visit asks for another sort, so the page cache never answers in its place.

const UPDATE = 'mutation ($input: ProductUpdateInput!) { productUpdate(input: $input) { product { id } } }'
const t = useTestApp()
const shop = useThemedShop(t, 'index-shop')
let capId = ''

/** The tag facet's counts on the collection page, as the default theme prints them ("summer (2)"). */
async function tagCounts(sortBy: string): Promise<Record<string, number>> {
  const page = await visit(t, shop.host, `/collections/all?sort_by=${sortBy}`)
  expect(page.statusCode).toBe(200)
  const counts = [...page.body.matchAll(/name="filter\.p\.tag" value="([^"]+)"[^>]*> [^(]+\((\d+)\)/g)]
  return Object.fromEntries(counts.map(([, tag, count]) => [tag!, Number(count)]))
}

const indexed = () => t.platform.catalogIndexes.current(shop.storeId) !== null

/** The product cards' titles on the collection page, in the order shown. */
async function titles(query: string): Promise<string[]> {
  const page = await visit(t, shop.host, `/collections/all?${query}`)
  expect(page.statusCode).toBe(200)
  return [...page.body.matchAll(/product-card__title">([^<]+)</g)].map(([, title]) => title!)
}

beforeAll(async () => {
  await createProduct(t, shop.apiKey, { title: 'Tee', status: 'ACTIVE', tags: ['summer'] })
  await createProduct(t, shop.apiKey, { title: 'Shorts', status: 'ACTIVE', tags: ['summer', 'sale'] })
  await createProduct(t, shop.apiKey, { title: 'Draft hat', status: 'DRAFT', tags: ['summer'] })
  capId = (await createProduct(t, shop.apiKey, { title: 'Cap', status: 'ACTIVE', tags: ['winter'] })).id
}, 120_000)

describe('the storefront facet index', () => {
  it('counts as SQL does once built, and never outlives a write', async () => {
    expect(await tagCounts('manual')).toEqual({ summer: 2, sale: 1, winter: 1 })
    // The first page started the index's build and counted from it once built, rather than
    // running the facet statement beside the build: it is current as soon as that page answers.
    expect(indexed()).toBe(true)
    expect(await tagCounts('title-ascending')).toEqual({ summer: 2, sale: 1, winter: 1 })

    await ok(t, shop.apiKey, UPDATE, { id: capId, tags: ['winter', 'summer'] }, 'productUpdate')
    // The write's answer came after the purger dropped the index: the next page counts in SQL.
    expect(indexed()).toBe(false)
    expect(await tagCounts('title-descending')).toEqual({ summer: 3, sale: 1, winter: 1 })

    // Built again once the catalog is quiet, from the read models after the write.
    await expect.poll(indexed, { timeout: 10_000 }).toBe(true)
    expect(await tagCounts('price-ascending')).toEqual({ summer: 3, sale: 1, winter: 1 })
  })

  it('chooses a page’s products in the sort’s order, and never from an index of before a write', async () => {
    await expect.poll(indexed, { timeout: 10_000 }).toBe(true)
    expect(await titles('sort_by=title-ascending&filter.p.tag=summer')).toEqual(['Cap', 'Shorts', 'Tee'])
    expect(await titles('sort_by=title-descending&filter.p.tag=summer')).toEqual(['Tee', 'Shorts', 'Cap'])

    await ok(t, shop.apiKey, UPDATE, { id: capId, title: 'Zed cap' }, 'productUpdate')
    expect(indexed()).toBe(false)
    expect(await titles('sort_by=title-ascending&filter.p.tag=winter')).toEqual(['Zed cap'])
    expect(await titles('sort_by=title-descending')).toEqual(['Zed cap', 'Tee', 'Shorts'])

    await expect.poll(indexed, { timeout: 10_000 }).toBe(true)
    expect(await titles('sort_by=title-ascending')).toEqual(['Shorts', 'Tee', 'Zed cap'])
  })

  it('is one store’s: another store’s index is its own', async () => {
    const other = await t.tenant('index-other')
    await createProduct(t, other.apiKey, { title: 'Boot', status: 'ACTIVE', tags: ['winter'] })
    const otherIndexed = () => t.platform.catalogIndexes.current(other.storeId)
    await expect.poll(() => otherIndexed()?.size ?? null, { timeout: 10_000 }).toBe(1)
    expect(t.platform.catalogIndexes.current(shop.storeId)?.size).toBe(3)
  })
})
