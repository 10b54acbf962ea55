import { beforeAll, describe, expect, it, vi } from 'vitest'
import { useTestApp } from '../../../test/support/app.js'
import { addItem, createMenu } from '../../../test/support/menus.js'
import { createProduct } from '../../../test/support/products.js'
import { textsOf, useThemedShop, visit } from '../../../test/support/storefront.js'
import { createPage } from '../../../test/support/webstore-content.js'

// The page cache, as a shopper and a CDN see it: hits, validators, surrogate keys, and a write
// that shows on the very next request.

const UPDATE = 'mutation ($input: ProductUpdateInput!) { productUpdate(input: $input) { product { id } } }'
// The publish scheduler is held off, so only the cache's own staleness shows a scheduled page.
const t = useTestApp({ config: { publishSchedulerIntervalMs: 3_600_000 } })
const shop = useThemedShop(t, 'cached-shop')
let productId: string
let mainMenuId: string

beforeAll(async () => {
  productId = (await createProduct(t, shop.apiKey, { title: 'Lamp', handle: 'lamp', status: 'ACTIVE' })).id
  mainMenuId = (await createMenu(t, shop.apiKey, { title: 'Main', handle: 'main-menu' })).id
  await addItem(t, shop.apiKey, { menuId: mainMenuId, title: 'Lamps', link: { type: 'URL', url: '/products/lamp' } })
})

describe('the storefront page cache', () => {
  it('renders a page once, then serves it with its ETag, a 304 on revalidation and the surrogate keys', async () => {
    const first = await visit(t, shop.host, '/products/lamp?ref=cache-1')
    expect(first.statusCode).toBe(200)
    expect(first.headers['x-cache']).toBe('MISS')
    const second = await visit(t, shop.host, '/products/lamp?ref=cache-1')
    expect(second.headers['x-cache']).toBe('HIT')
    expect(second.body).toBe(first.body)
    expect(second.headers.etag).toBe(first.headers.etag)
    // Each key is the store's: a CDN in front of every store purges one store's keys only.
    const keys = String(second.headers['surrogate-key']).split(' ')
    expect(keys).toEqual(
      expect.arrayContaining([`store:${shop.storeId}`, `store:${shop.storeId}:product:${productId}`]),
    )
    expect(String(second.headers['cache-tag']).split(',')).toEqual(keys)
    expect(second.headers['cache-control']).toContain('s-maxage')

    const revalidated = await visit(t, shop.host, '/products/lamp?ref=cache-1', {
      headers: { 'if-none-match': String(first.headers.etag) },
    })
    expect(revalidated.statusCode).toBe(304)
    expect(revalidated.body).toBe('')
    const head = await visit(t, shop.host, '/products/lamp?ref=cache-1', { method: 'HEAD' })
    expect([head.statusCode, head.headers['x-cache'], head.body]).toEqual([200, 'HIT', ''])
  })

  it('shows a product write on the next request after the answer, on every cached page that showed it', async () => {
    await visit(t, shop.host, '/products/lamp')
    await visit(t, shop.host, '/collections/all')
    expect((await visit(t, shop.host, '/collections/all')).headers['x-cache']).toBe('HIT')
    await t.gql(shop.apiKey, UPDATE, { input: { id: productId, title: 'Desk lamp' } })
    const page = await visit(t, shop.host, '/products/lamp')
    expect(page.headers['x-cache']).toBe('MISS')
    expect(textsOf(page.body, 'h1')).toEqual(['Desk lamp'])
    expect((await visit(t, shop.host, '/collections/all')).body).toContain('Desk lamp')
  })

  it('shows a menu edit on every page at once', async () => {
    await visit(t, shop.host, '/')
    await addItem(t, shop.apiKey, {
      menuId: mainMenuId,
      title: 'Shipping',
      link: { type: 'URL', url: '/pages/shipping' },
    })
    const home = await visit(t, shop.host, '/')
    expect(home.headers['x-cache']).toBe('MISS')
    expect(home.body).toContain('Shipping')
  })

  it('renews a cached sitemap when a product is added', async () => {
    await visit(t, shop.host, '/sitemap_products_1.xml')
    const cached = await visit(t, shop.host, '/sitemap_products_1.xml')
    expect(cached.headers['x-cache']).toBe('HIT')
    expect(String(cached.headers['surrogate-key']).split(' ')).toContain(`store:${shop.storeId}:products`)
    await createProduct(t, shop.apiKey, { title: 'Rug', handle: 'rug', status: 'ACTIVE' })
    expect((await visit(t, shop.host, '/sitemap_products_1.xml')).body).toContain('/products/rug')
  })

  it('drops a cached 404 when a product takes that handle', async () => {
    expect((await visit(t, shop.host, '/products/vase')).statusCode).toBe(404)
    expect((await visit(t, shop.host, '/products/vase')).headers['x-cache']).toBe('HIT')
    await createProduct(t, shop.apiKey, { title: 'Vase', handle: 'vase', status: 'ACTIVE' })
    expect((await visit(t, shop.host, '/products/vase')).statusCode).toBe(200)
  })

  it('lets a scheduled page go live at its moment, with no event to purge the cached 404', async () => {
    // 4 s: on a busy machine the create and the two visits before it took longer than 1.5 s.
    const publishAt = new Date(Date.now() + 4_000)
    await createPage(t, shop.apiKey, {
      title: 'Sale',
      handle: 'sale',
      status: 'DRAFT',
      publishAt: publishAt.toISOString(),
    })
    expect((await visit(t, shop.host, '/pages/sale')).statusCode).toBe(404)
    expect((await visit(t, shop.host, '/pages/sale')).headers['x-cache']).toBe('HIT')
    await vi.waitFor(async () => expect((await visit(t, shop.host, '/pages/sale')).statusCode).toBe(200), {
      timeout: 10_000,
      interval: 100,
    })
    expect(Date.now()).toBeGreaterThanOrEqual(publishAt.getTime())
  })

  it('shares a page between queries that differ only in what it does not render, so strangers cannot fill the cache', async () => {
    expect(
      (await visit(t, shop.host, '/collections/all?utm_source=a&sort_by=title-ascending')).headers['x-cache'],
    ).toBe('MISS')
    expect(
      (await visit(t, shop.host, '/collections/all?sort_by=title-ascending&utm_source=b')).headers['x-cache'],
    ).toBe('HIT')
    expect((await visit(t, shop.host, '/collections/all?sort_by=title-descending')).headers['x-cache']).toBe('MISS')
  })

  it('never caches what a write method asks', async () => {
    const post = await visit(t, shop.host, '/products/lamp', { method: 'POST' })
    expect(post.headers['x-cache']).toBeUndefined()
  })
})
