import { describe, expect, it, vi } from 'vitest'
import { type Tenant, useTestApp } from '../../../test/support/app.js'
import { UPDATE, createCollection } from '../../../test/support/collections.js'
import { UPDATE_PRODUCT, createProduct } from '../../../test/support/products.js'
import { createBlog, createPage, createPost, write } from '../../../test/support/webstore-content.js'
import { redirectFor } from './reads.js'

// Changed handles answer 301 from their old path: the reactions add the redirects through the
// registry, collapse chains, and the storefront's lookup finds them.

const t = useTestApp()

type Redirect = { path: string; target: string }
const REDIRECTS = `{ urlRedirects(sort: PATH_ASC, first: 250) { nodes { id path target } } }`

async function redirectsOf(shop: Tenant): Promise<Redirect[]> {
  const response = await t.gql<{ urlRedirects: { nodes: (Redirect & { id: string })[] } }>(shop.apiKey, REDIRECTS)
  expect(response.errors).toBeUndefined()
  return response.data!.urlRedirects.nodes.map(({ path, target }) => ({ path, target }))
}

/** The reactions run after the write returns: wait until the store's redirects are exactly `expected`. */
async function untilRedirects(shop: Tenant, expected: Redirect[]): Promise<void> {
  await vi.waitFor(async () => expect(await redirectsOf(shop)).toEqual(expected), { timeout: 15_000, interval: 50 })
}

async function renameProduct(shop: Tenant, id: string, handle: string): Promise<void> {
  const response = await t.gql(shop.apiKey, UPDATE_PRODUCT, { input: { id, handle } })
  expect(response.errors).toBeUndefined()
}

/** A store whose product `from` was renamed `to`, once the redirect from the old path is in. */
async function renamedProduct(tenant: string, title: string, from: string, to: string) {
  const shop = await t.tenant(tenant)
  const product = await createProduct(t, shop.apiKey, { title, handle: from })
  await renameProduct(shop, product.id, to)
  await untilRedirects(shop, [{ path: `/products/${from}`, target: `/products/${to}` }])
  return { shop, product }
}

describe('automatic redirects', () => {
  it('follow a product handle, collapse the chain, and give way when the old handle comes back', async () => {
    const { shop, product } = await renamedProduct('auto-product', 'Shirt', 'shirt-a', 'shirt-b')
    expect(await redirectFor(t.platform, shop.storeId, '/Products/Shirt-A/?utm_source=mail')).toBe('/products/shirt-b')
    expect(await redirectFor(t.platform, shop.storeId, '/collections/all/products/shirt-a')).toBe(
      '/collections/all/products/shirt-b',
    )

    await renameProduct(shop, product.id, 'shirt-c')
    await untilRedirects(shop, [
      { path: '/products/shirt-a', target: '/products/shirt-c' },
      { path: '/products/shirt-b', target: '/products/shirt-c' },
    ])

    // Back to a handle that had a redirect: it would loop with the new one, so it goes.
    await renameProduct(shop, product.id, 'shirt-a')
    await untilRedirects(shop, [
      { path: '/products/shirt-b', target: '/products/shirt-a' },
      { path: '/products/shirt-c', target: '/products/shirt-a' },
    ])
  })

  it('are audited as the platform and deletable like a manual redirect', async () => {
    const shop = await t.tenant('auto-page')
    const page = await createPage(t, shop.apiKey, { title: 'About', handle: 'about' })
    await write(t, shop.apiKey, 'pageUpdate', { id: page.id, handle: 'about-us' })
    await untilRedirects(shop, [{ path: '/pages/about', target: '/pages/about-us' }])

    const response = await t.gql<{
      urlRedirects: {
        nodes: { id: string; history: { nodes: { type: string; actor: { type: string; id: string } }[] } }[]
      }
    }>(shop.apiKey, '{ urlRedirects { nodes { id history { nodes { type actor { type id } } } } } }')
    const [redirect] = response.data!.urlRedirects.nodes
    expect(redirect!.history.nodes).toEqual([{ type: 'UrlRedirectCreated', actor: { type: 'system', id: 'reactor' } }])

    const deleted = await t.gql(
      shop.apiKey,
      'mutation ($input: UrlRedirectDeleteInput!) { urlRedirectDelete(input: $input) { deletedId } }',
      { input: { id: redirect!.id } },
    )
    expect(deleted.errors).toBeUndefined()
    expect(await redirectFor(t.platform, shop.storeId, '/pages/about')).toBeNull()
  })

  it('follow a collection handle', async () => {
    const shop = await t.tenant('auto-collection')
    const collection = await createCollection(t, shop.apiKey, { title: 'Summer', handle: 'summer' })
    const response = await t.gql(shop.apiKey, UPDATE, { input: { id: collection.id, handle: 'summer-sale' } })
    expect(response.errors).toBeUndefined()
    await untilRedirects(shop, [{ path: '/collections/summer', target: '/collections/summer-sale' }])
    expect(await redirectFor(t.platform, shop.storeId, '/collections/summer/products/hat')).toBe(
      '/collections/summer-sale/products/hat',
    )
  })

  it('follow blog and post handles under the blog path', async () => {
    const shop = await t.tenant('auto-blog')
    const blog = await createBlog(t, shop.apiKey, { title: 'News', handle: 'news' })
    const post = await createPost(t, shop.apiKey, { blogId: blog.id, title: 'Hello', handle: 'hello' })
    await write(t, shop.apiKey, 'postUpdate', { id: post.id, handle: 'hello-world' })
    await untilRedirects(shop, [{ path: '/blogs/news/hello', target: '/blogs/news/hello-world' }])
    await write(t, shop.apiKey, 'blogUpdate', { id: blog.id, handle: 'journal' })
    await untilRedirects(shop, [
      { path: '/blogs/news', target: '/blogs/journal' },
      { path: '/blogs/news/hello', target: '/blogs/news/hello-world' },
    ])
    // The blog's posts go along with it.
    expect(await redirectFor(t.platform, shop.storeId, '/blogs/news/hello-world')).toBe('/blogs/journal/hello-world')
  })
})

describe('manual redirects and the storefront lookup', () => {
  it('collapse a chain formed by hand: A→B then B→C leaves A→C and B→C', async () => {
    const shop = await t.tenant('manual-chain')
    const create = async (path: string, target: string) =>
      expect(
        (
          await t.gql(
            shop.apiKey,
            'mutation ($input: UrlRedirectCreateInput!) { urlRedirectCreate(input: $input) { urlRedirect { id } } }',
            { input: { path, target } },
          )
        ).errors,
      ).toBeUndefined()
    await create('/pages/a', '/pages/b')
    await create('/pages/b', 'https://elsewhere.example/c')
    await untilRedirects(shop, [
      { path: '/pages/a', target: 'https://elsewhere.example/c' },
      { path: '/pages/b', target: 'https://elsewhere.example/c' },
    ])
  })

  it('finds a redirect by the path without its locale prefix and keeps the prefix', async () => {
    const { shop } = await renamedProduct('lookup-locale', 'Mug', 'mug', 'big-mug')
    expect(await redirectFor(t.platform, shop.storeId, '/fr-ca/products/mug')).toBe('/fr-ca/products/big-mug')
    expect(await redirectFor(t.platform.database.db, shop.storeId, '/fr/products/mug', { locales: ['de'] })).toBeNull()
    expect(await redirectFor(t.platform, shop.storeId, '/products/unknown')).toBeNull()
    expect(await redirectFor(t.platform, shop.storeId, '/')).toBeNull()
    const other = await t.tenant('lookup-other')
    expect(await redirectFor(t.platform, other.storeId, '/products/mug')).toBeNull()
  })
})
