import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/support/app.js'
import { setCommerce } from '../../../test/support/cart.js'
import { createProduct } from '../../../test/support/products.js'
import { textsOf, useThemedShop, visit, visitNotFound } from '../../../test/support/storefront.js'

// What a stranger may put in a storefront URL or Host header: a clear 4xx or a normal page, never a 500.

const t = useTestApp()
const shop = useThemedShop(t, 'hostile-shop')

beforeAll(async () => {
  await setCommerce(t, shop.apiKey, true)
  for (const [title, handle, price] of [
    ['Cheap Tee', 'cheap-tee', '10.00'],
    ['Dear Tee', 'dear-tee', '90.00'],
  ])
    await createProduct(t, shop.apiKey, {
      title,
      handle,
      status: 'ACTIVE',
      tags: ['tee'],
      variants: [{ price, inventoryQuantity: 3 }],
    })
})

describe('a NUL character, which no handle or text can hold', () => {
  it.each([
    '/products/%00',
    '/products/a%00b',
    '/collections/%00',
    '/collections/all/products/%00',
    '/pages/%00',
    '/blogs/%00',
    '/blogs/news/%00',
    '/categories/%00',
    '/categories/a/%00',
  ])('in the path %s answers the themed 404', async (path) => {
    await visitNotFound(t, shop.host, path)
  })

  it.each([
    '/collections/all?filter.p.tag=a%00',
    '/collections/all?filter.p.vendor=%00',
    '/collections/all?filter.p.m.custom.color=%00',
    '/search?q=tee&filter.p.tag=%00',
  ])('in a filter value %s is ignored like any value that matches nothing', async (url) => {
    const response = await visit(t, shop.host, url)
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('Cheap Tee')
  })

  it('in the search terms answers the search page', async () => {
    const response = await visit(t, shop.host, '/search?q=che%00ap')
    expect(response.statusCode).toBe(200)
  })
})

describe('search terms', () => {
  it('past the words a search may hold are cut, as over-long terms are, not refused', async () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${i}`)
    const response = await visit(t, shop.host, `/search?q=tee+${words.join('+')}`)
    expect(response.statusCode).toBe(200)
  })
})

describe('Host header', () => {
  it('with a port no socket can have answers 404, not 500', async () => {
    for (const host of [`${shop.host}:99999`, `${shop.host}:0`, `${shop.host}:1234567`]) {
      const response = await visit(t, host, '/')
      expect(response.statusCode, host).toBe(404)
    }
  })

  it('spelled with a trailing dot, capitals or a padded port gives the canonical origin', async () => {
    for (const host of [`${shop.host}.:8080`, 'HOSTILE-SHOP.LOCALHOST:08080']) {
      const response = await visit(t, host, '/products/cheap-tee')
      expect(response.statusCode, host).toBe(200)
      expect(response.body, host).toContain(`<link rel="canonical" href="http://${shop.host}:8080/products/cheap-tee">`)
    }
  })
})

describe('catalog mode', () => {
  it('offers no price filter or price sort, and ignores them in the query string: prices stay hidden', async () => {
    await setCommerce(t, shop.apiKey, false)
    const listing = await visit(t, shop.host, '/collections/all')
    expect(listing.statusCode).toBe(200)
    expect(listing.body).not.toContain('filter.v.price')
    expect(listing.body).not.toContain('price-ascending')
    const filtered = await visit(t, shop.host, '/collections/all?filter.v.price.lte=20')
    expect(filtered.body).toContain('Dear Tee')
    const sorted = await visit(t, shop.host, '/collections/all?sort_by=price-descending')
    const byPrice = await visit(t, shop.host, '/collections/all?sort_by=price-ascending')
    expect(textsOf(sorted.body, 'span')).toEqual(textsOf(byPrice.body, 'span'))
    const search = await visit(t, shop.host, '/search?q=tee&filter.v.price.gte=50')
    expect(search.body).toContain('Cheap Tee')
    expect(search.body).not.toContain('filter.v.price')
    await setCommerce(t, shop.apiKey, true)
  })
})
