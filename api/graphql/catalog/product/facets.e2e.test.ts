import { beforeAll, describe, expect, it } from 'vitest'
import { useTenant, useTestApp } from '../../../../test/support/app.js'
import { seedCatalog, type Catalog } from '../../../../test/support/catalog.js'
import { onlyError } from '../../../../test/support/products.js'

// productFacets over the five products of test/support/catalog.ts. Every facet is counted under
// the filter minus its own condition (disjunctive faceting).

const FACETS = `query ($filter: ProductFilter, $search: String, $codes: [String!], $tagLimit: Int) {
  productFacets(filter: $filter, search: $search, attributeCodes: $codes, tagLimit: $tagLimit) {
    totalCount
    status { value count }
    tags { value count }
    categories { categoryId title path count }
    attributes { code values { value count } }
    price { min { amount currencyCode } max { amount currencyCode } }
  } }`

interface Count {
  value: string
  count: number
}
interface Facets {
  totalCount: number
  status: Count[]
  tags: Count[]
  categories: { categoryId: string; title: string; path: string; count: number }[]
  attributes: { code: string; values: Count[] }[]
  price: { min: { amount: string; currencyCode: string } | null; max: { amount: string; currencyCode: string } | null }
}

const t = useTestApp()
const shop = useTenant(t, 'facets')
let catalog: Catalog

beforeAll(async () => {
  catalog = await seedCatalog(t, shop)
}, 120_000)

async function facets(variables: Record<string, unknown> = {}, apiKey = shop.apiKey): Promise<Facets> {
  const response = await t.gql<{ productFacets: Facets }>(apiKey, FACETS, variables)
  expect(response.errors).toBeUndefined()
  return response.data!.productFacets
}

const counts = (list: Count[]) => Object.fromEntries(list.map((c) => [c.value, c.count]))
const attribute = (f: Facets, code: string) => counts(f.attributes.find((a) => a.code === code)?.values ?? [])

describe('productFacets', () => {
  it('counts every facet of the whole catalog, filterable attributes only', async () => {
    const f = await facets()
    expect(f.totalCount).toBe(5)
    expect(f.status).toEqual([
      { value: 'ACTIVE', count: 3 },
      { value: 'ARCHIVED', count: 1 },
      { value: 'DRAFT', count: 1 },
    ])
    expect(f.tags).toEqual([
      { value: 'summer', count: 2 },
      { value: 'winter', count: 2 },
      { value: 'cotton', count: 1 },
      { value: 'wool', count: 1 },
    ])
    // A product counts for its category and every category above it.
    expect(f.categories.map((c) => [c.path, c.title, c.count])).toEqual([
      ['clothing', 'Clothing', 3],
      ['clothing/shirts', 'Shirts', 2],
      ['accessories', 'Accessories', 1],
    ])
    expect(f.categories.find((c) => c.path === 'clothing')!.categoryId).toBe(catalog.categories.get('clothing'))
    expect(f.attributes.map((a) => a.code)).toEqual(['color', 'organic', 'size_cm'])
    expect(attribute(f, 'color')).toEqual({ blue: 2, green: 1, red: 1 })
    expect(attribute(f, 'organic')).toEqual({ true: 2, false: 1 })
    expect(attribute(f, 'size_cm')).toEqual({ 50: 1, 60: 1 })
    expect(f.price).toEqual({
      min: { amount: '5.00', currencyCode: 'USD' },
      max: { amount: '30.00', currencyCode: 'USD' },
    })
  })

  it('applies the filter to every facet but its own', async () => {
    const f = await facets({ filter: { status: ['ACTIVE'] } })
    expect(f.totalCount).toBe(3)
    // Status ignores its own condition, so the other statuses still show what choosing them would add.
    expect(counts(f.status)).toEqual({ ACTIVE: 3, ARCHIVED: 1, DRAFT: 1 })
    expect(counts(f.tags)).toEqual({ summer: 2, cotton: 1 })
    expect(f.categories.map((c) => [c.path, c.count])).toEqual([
      ['clothing', 2],
      ['clothing/shirts', 2],
    ])
    expect(attribute(f, 'color')).toEqual({ blue: 1, red: 1 })
    expect(f.price).toEqual({
      min: { amount: '10.00', currencyCode: 'USD' },
      max: { amount: '20.00', currencyCode: 'USD' },
    })
  })

  it('counts an attribute without its own condition, and the others under it', async () => {
    const f = await facets({ filter: { attributes: [{ code: 'color', in: ['blue'] }] } })
    expect(f.totalCount).toBe(2)
    expect(attribute(f, 'color')).toEqual({ blue: 2, green: 1, red: 1 })
    expect(attribute(f, 'organic')).toEqual({ true: 1, false: 1 })
    expect(counts(f.status)).toEqual({ ACTIVE: 1, ARCHIVED: 1 })
  })

  it('counts tags, categories and prices without their own conditions', async () => {
    const tags = await facets({ filter: { tags: { any: ['winter'] } } })
    expect(counts(tags.tags)).toEqual({ summer: 2, winter: 2, cotton: 1, wool: 1 })
    expect(counts(tags.status)).toEqual({ ARCHIVED: 1, DRAFT: 1 })
    const category = await facets({ filter: { category: { id: catalog.categories.get('shirts') } } })
    expect(category.totalCount).toBe(2)
    expect(category.categories.map((c) => [c.path, c.count])).toEqual([
      ['clothing', 3],
      ['clothing/shirts', 2],
      ['accessories', 1],
    ])
    const price = await facets({ filter: { price: { max: '15' } } })
    expect(price.totalCount).toBe(2)
    expect(price.price).toEqual({
      min: { amount: '5.00', currencyCode: 'USD' },
      max: { amount: '30.00', currencyCode: 'USD' },
    })
  })

  it('takes a search, a list of attribute codes and a tag limit', async () => {
    const f = await facets({ search: 'tees', codes: ['color', 'note'], tagLimit: 1 })
    expect(f.totalCount).toBe(2)
    // note is not filterable: it is never counted.
    expect(f.attributes.map((a) => a.code)).toEqual(['color'])
    expect(f.tags).toEqual([{ value: 'summer', count: 2 }])
    expect((await facets({ filter: { search: 'blue' }, search: 'tee' })).totalCount).toBe(1)
  })

  it('refuses a tag limit out of range and needs products:read', async () => {
    const bad = await t.gql(shop.apiKey, FACETS, { tagLimit: 0 })
    expect(onlyError(bad)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['tagLimit'] })
    const settingsOnly = await t.key('facets', ['settings:read'])
    expect(onlyError(await t.gql(settingsOnly, FACETS, {}))).toMatchObject({ code: 'FORBIDDEN' })
  })

  it("counts only the caller's store", async () => {
    const other = await t.tenant('facets-other')
    const f = await facets({}, other.apiKey)
    expect(f).toMatchObject({
      totalCount: 0,
      status: [],
      tags: [],
      categories: [],
      attributes: [],
      price: { min: null, max: null },
    })
  })
})
