import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/support/app.js'
import { setCommerce } from '../../../test/support/cart.js'
import { createCollection, foreignCatalog } from '../../../test/support/collections.js'
import { ok } from '../../../test/support/menus.js'
import { createProduct, oneOption } from '../../../test/support/products.js'
import { countOf, jsonLdOf, textsOf, useThemedShop, visit, visitNotFound } from '../../../test/support/storefront.js'

const t = useTestApp()
const shop = useThemedShop(t, 'cat-shop')
const ids = new Map<string, string>()

const ADD = 'mutation ($input: CollectionProductsAddInput!) { collectionProductsAdd(input: $input) { eventPosition } }'
const SECTION = 'mutation ($input: ThemeSectionUpdateInput!) { themeSectionUpdate(input: $input) { eventPosition } }'

async function product(handle: string, input: Record<string, unknown>) {
  const created = await createProduct(t, shop.apiKey, { handle, status: 'ACTIVE', ...input })
  ids.set(handle, created.id)
}

beforeAll(async () => {
  await setCommerce(t, shop.apiKey, true)
  await product('red-tee', {
    title: 'Red Tee',
    tags: ['summer', 'cotton'],
    description: '<p>A <strong>red</strong> tee.</p>',
    ...oneOption('Size', {
      S: { price: '10.00', sku: 'TEE-R-S', inventoryQuantity: 5 },
      M: { price: '12.00', sku: 'TEE-R-M', inventoryQuantity: 0 },
    }),
  })
  await product('blue-tee', {
    title: 'Blue Tee',
    tags: ['summer'],
    variants: [{ price: '20.00', inventoryQuantity: 2 }],
  })
  await product('green-cap', { title: 'Green Cap', tags: ['summer'], status: 'DRAFT', variants: [{ price: '5.00' }] })
  await product('old-scarf', {
    title: 'Old Scarf',
    tags: ['summer'],
    status: 'ARCHIVED',
    variants: [{ price: '7.00' }],
  })
  const summer = await createCollection(t, shop.apiKey, {
    title: 'Summer',
    handle: 'summer',
    seo: { title: 'Summer styles', description: 'Light clothes for warm days' },
  })
  await ok(
    t,
    shop.apiKey,
    ADD,
    { collectionId: summer.id, productIds: ['red-tee', 'blue-tee', 'green-cap', 'old-scarf'].map((h) => ids.get(h)) },
    'collectionProductsAdd',
  )
  await createCollection(t, shop.apiKey, { title: 'Secret', handle: 'secret', status: 'DRAFT' })
  await foreignCatalog(t, 'cat-other')
})

describe('product page', () => {
  it('renders an ACTIVE product: one h1, price, a variant form without JavaScript, SEO tags and Product JSON-LD', async () => {
    const response = await visit(t, shop.host, '/products/red-tee')
    expect(response.statusCode).toBe(200)
    expect(textsOf(response.body, 'h1')).toEqual(['Red Tee'])
    expect(countOf(response.body, 'h1')).toBe(1)
    expect(response.body).toContain('$10.00')
    expect(response.body).toContain('<p>A <strong>red</strong> tee.</p>')
    expect(response.body).toMatch(/<select id="Id-main" name="id">/)
    expect(response.body).toMatch(/<form method="post" action="\/cart\/add"/)
    expect(response.body).toContain('<link rel="canonical" href="http://cat-shop.localhost/products/red-tee">')
    expect(response.body).toContain('<meta property="og:type" content="product">')
    expect(response.body).toContain('<meta name="twitter:title" content="Red Tee">')
    const product = jsonLdOf(response.body).find((item) => item['@type'] === 'Product')!
    expect(product.name).toBe('Red Tee')
    expect(product.offers).toEqual([
      expect.objectContaining({ price: '10.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' }),
      expect.objectContaining({ price: '12.00', availability: 'https://schema.org/OutOfStock' }),
    ])
    expect(jsonLdOf(response.body).map((item) => item['@type'])).toContain('Organization')
  })

  it('shows the variant chosen with ?variant= (the picker is a GET form)', async () => {
    const page = await visit(t, shop.host, '/products/red-tee')
    const medium = /<option value="([^"]+)"[^>]*>M \(Sold out\)/.exec(page.body)![1]!
    const response = await visit(t, shop.host, `/products/red-tee?variant=${medium}`)
    expect(response.body).toContain('$12.00')
    expect(response.body).toMatch(new RegExp(`<option value="${medium}" selected>M`))
    expect(response.body).toMatch(/<button type="submit" disabled>\s*Sold out/)
  })

  it('reaches a product through its collection, with a breadcrumb and the product canonical', async () => {
    const response = await visit(t, shop.host, '/collections/summer/products/blue-tee')
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<link rel="canonical" href="http://cat-shop.localhost/products/blue-tee">')
    const crumbs = jsonLdOf(response.body).find((item) => item['@type'] === 'BreadcrumbList')!
    expect((crumbs.itemListElement as { name: string }[]).map((c) => c.name)).toEqual(['Summer', 'Blue Tee'])
  })

  it.each([
    ['a DRAFT product', '/products/green-cap'],
    ['an ARCHIVED product', '/products/old-scarf'],
    ['a missing handle', '/products/nothing-here'],
    ["another store's product", '/products/other-tee'],
    ['a product under a hidden collection', '/collections/secret/products/red-tee'],
  ])('answers %s with the themed 404', async (_, path) => {
    const response = await visitNotFound(t, shop.host, path)
    expect(response.body).toContain('<header id="shopify-section-header"')
  })
})

describe('collection page', () => {
  const titles = (html: string) => textsOf(html, 'span').filter((text) => /Tee|Cap|Scarf|Extra/.test(text))

  it('lists the visible products of a PUBLISHED collection in its order, with tag facets', async () => {
    const response = await visit(t, shop.host, '/collections/summer')
    expect(response.statusCode).toBe(200)
    expect(textsOf(response.body, 'h1')).toEqual(['Summer'])
    expect(response.body).toContain('<title>Summer styles &ndash; Store cat-shop</title>')
    expect(response.body).toContain('<meta name="description" content="Light clothes for warm days">')
    expect(response.body).toContain('<link rel="canonical" href="http://cat-shop.localhost/collections/summer">')
    expect(titles(response.body)).toEqual(['Red Tee', 'Blue Tee'])
    expect(response.body).toMatch(/<input type="checkbox" name="filter.p.tag" value="cotton"> cotton \(1\)/)
    expect(response.body).toMatch(/<input type="checkbox" name="filter.p.tag" value="summer"> summer \(2\)/)
  })

  it('filters by facet values in the query string and keeps the other facets counted', async () => {
    const response = await visit(t, shop.host, '/collections/summer?filter.p.tag=cotton')
    expect(titles(response.body)).toEqual(['Red Tee'])
    expect(response.body).toMatch(/value="cotton" checked> cotton \(1\)/)
    const priced = await visit(t, shop.host, '/collections/summer?filter.v.price.gte=15')
    expect(titles(priced.body)).toEqual(['Blue Tee'])
    const nonsense = await visit(t, shop.host, '/collections/summer?filter.v.price.gte=abc&page=-3')
    expect(nonsense.statusCode).toBe(200)
    expect(titles(nonsense.body)).toEqual(['Red Tee', 'Blue Tee'])
  })

  it('sorts by sort_by and marks the choice', async () => {
    const response = await visit(t, shop.host, '/collections/summer?sort_by=price-descending')
    expect(titles(response.body)).toEqual(['Blue Tee', 'Red Tee'])
    expect(response.body).toContain('<option value="price-descending" selected>')
    const byTitle = await visit(t, shop.host, '/collections/summer?sort_by=title-ascending')
    expect(titles(byTitle.body)).toEqual(['Blue Tee', 'Red Tee'])
  })

  it('pages with ?page= and default_pagination links that keep the query', async () => {
    await ok(
      t,
      shop.apiKey,
      SECTION,
      { themeId: shop.theme.id, template: 'collection', sectionId: 'main', settings: { products_per_page: 4 } },
      'themeSectionUpdate',
    )
    for (let n = 1; n <= 4; n++) await product(`extra-${n}`, { title: `Extra ${n}`, variants: [{ price: '1.00' }] })
    const first = await visit(t, shop.host, '/collections/all?sort_by=title-ascending')
    expect(titles(first.body)).toEqual(['Blue Tee', 'Extra 1', 'Extra 2', 'Extra 3'])
    expect(first.body).toContain('<a href="/collections/all?sort_by=title-ascending&amp;page=2" rel="next">')
    const second = await visit(t, shop.host, '/collections/all?sort_by=title-ascending&page=2')
    expect(titles(second.body)).toEqual(['Extra 4', 'Red Tee'])
    expect(second.body).toContain('<span class="page current" aria-current="page">2</span>')
  })

  it.each([
    ['a DRAFT collection', '/collections/secret'],
    ['a missing collection', '/collections/nothing'],
    ["another store's collection", '/collections/other-collection'],
  ])('answers %s with the themed 404', async (_, path) => {
    await visitNotFound(t, shop.host, path)
  })
})

describe('search', () => {
  it("finds visible products by the catalog's search and offers its facets", async () => {
    const response = await visit(t, shop.host, '/search?q=tee')
    expect(response.statusCode).toBe(200)
    const found = textsOf(response.body, 'span').filter((text) => /Tee|Cap/.test(text))
    expect(found.sort()).toEqual(['Blue Tee', 'Red Tee'])
    expect(response.body).toContain('2 results for “tee”')
  })

  it('escapes the terms it shows', async () => {
    const response = await visit(t, shop.host, `/search?q=${encodeURIComponent('<script>alert(1)</script>')}`)
    expect(response.statusCode).toBe(200)
    expect(response.body).not.toContain('<script>alert(1)')
    expect(response.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })
})
