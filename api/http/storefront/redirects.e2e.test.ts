import { beforeAll, describe, expect, it, vi } from 'vitest'
import { useTestApp } from '../../../test/support/app.js'
import { ok } from '../../../test/support/menus.js'
import { UPDATE_PRODUCT, createProduct } from '../../../test/support/products.js'
import { textsOf, useThemedShop, visit } from '../../../test/support/storefront.js'

// A path no live resource answers follows the store's URL redirects with a 301; live pages win.

const t = useTestApp()
const shop = useThemedShop(t, 'moving-shop')

const STORE_UPDATE = 'mutation ($input: StoreUpdateInput!) { storeUpdate(input: $input) { eventPosition } }'
const CREATE_REDIRECT =
  'mutation ($input: UrlRedirectCreateInput!) { urlRedirectCreate(input: $input) { urlRedirect { id } } }'

/** Adds a manual redirect of the shop from `path` to `target`. */
const addRedirect = (path: string, target: string) =>
  ok(t, shop.apiKey, CREATE_REDIRECT, { path, target }, 'urlRedirectCreate')

/** The redirect reaction runs after the rename returns: wait until the old URL answers 301. */
async function untilMoved(path: string) {
  return vi.waitFor(
    async () => {
      const response = await visit(t, shop.host, path)
      expect(response.statusCode).toBe(301)
      return response
    },
    { timeout: 15_000, interval: 50 },
  )
}

beforeAll(async () => {
  await ok(t, shop.apiKey, STORE_UPDATE, { enabledLocales: ['en', 'fr'] }, 'storeUpdate')
  const shirt = await createProduct(t, shop.apiKey, { title: 'Shirt', handle: 'old-shirt', status: 'ACTIVE' })
  const renamed = await t.gql(shop.apiKey, UPDATE_PRODUCT, { input: { id: shirt.id, handle: 'new-shirt' } })
  expect(renamed.errors).toBeUndefined()
  await createProduct(t, shop.apiKey, { title: 'Hat', handle: 'hat', status: 'ACTIVE' })
})

describe('storefront redirects', () => {
  it('sends a renamed product from its old URL to the new one, which renders', async () => {
    const moved = await untilMoved('/products/old-shirt')
    expect(moved.headers.location).toBe('/products/new-shirt')
    expect(moved.body).toBe('')
    const landed = await visit(t, shop.host, moved.headers.location as string)
    expect(landed.statusCode).toBe(200)
    expect(textsOf(landed.body, 'h1')).toEqual(['Shirt'])
  })

  it("keeps the shopper's query string and the locale prefix", async () => {
    await untilMoved('/products/old-shirt')
    const tagged = await visit(t, shop.host, '/products/old-shirt?utm_source=mail')
    expect(tagged.headers.location).toBe('/products/new-shirt?utm_source=mail')
    const french = await visit(t, shop.host, '/fr/products/old-shirt')
    expect(french.statusCode).toBe(301)
    expect(french.headers.location).toBe('/fr/products/new-shirt')
    expect((await visit(t, shop.host, '/fr/products/new-shirt')).statusCode).toBe(200)
  })

  it('follows a manual redirect, whose own query wins over the shopper’s', async () => {
    await addRedirect('/summer-sale', '/collections/all?sort_by=price-ascending')
    const response = await visit(t, shop.host, '/summer-sale?ref=ad')
    expect(response.statusCode).toBe(301)
    expect(response.headers.location).toBe('/collections/all?sort_by=price-ascending')
  })

  it('serves a live resource even when a redirect claims its path', async () => {
    await addRedirect('/products/hat', '/products/new-shirt')
    const response = await visit(t, shop.host, '/products/hat')
    expect(response.statusCode).toBe(200)
    expect(textsOf(response.body, 'h1')).toEqual(['Hat'])
  })

  it('answers 404 where neither a resource nor a redirect is', async () => {
    expect((await visit(t, shop.host, '/products/never-was')).statusCode).toBe(404)
  })
})
