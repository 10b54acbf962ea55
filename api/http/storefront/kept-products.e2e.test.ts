import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/support/app.js'
import { setCommerce } from '../../../test/support/cart.js'
import { ok } from '../../../test/support/menus.js'
import { createProduct } from '../../../test/support/products.js'
import { useThemedShop, visit } from '../../../test/support/storefront.js'

// Product grids read their products' rows and details from the node's kept products
// (app/storefront/kept-products.ts) once kept; a write must never leave the very next page showing
// a product from before it. The page cache is off: every visit renders.

const UPDATE = 'mutation ($input: ProductUpdateInput!) { productUpdate(input: $input) { product { id } } }'
const VARIANT_UPDATE =
  'mutation ($input: ProductVariantUpdateInput!) { productVariantUpdate(input: $input) { variant { id } } }'
const VARIANTS = 'query ($id: ID!) { product(id: $id) { variants { id } } }'

const t = useTestApp({ config: { storefrontCache: { kind: 'off', redisPrefix: 'unused:' } } })
const shop = useThemedShop(t, 'kept-shop')
const other = useThemedShop(t, 'kept-other')
let teeId = ''

const indexed = () => t.platform.catalogIndexes.current(shop.storeId) !== null

/** The collection grid's cards as "title price", in the order shown (the facet index chooses them while current). */
async function cards(host = shop.host): Promise<string[]> {
  const page = await visit(t, host, '/collections/all?sort_by=title-ascending')
  expect(page.statusCode).toBe(200)
  return [...page.body.matchAll(/product-card__title">([^<]+)<[\s\S]*?class="price[^"]*">([^<]+)</g)].map(
    ([, title, price]) => `${title} ${price}`,
  )
}

beforeAll(async () => {
  for (const store of [shop, other]) await setCommerce(t, store.apiKey, true)
  teeId = (await createProduct(t, shop.apiKey, { title: 'Tee', status: 'ACTIVE', variants: [{ price: '10.00' }] })).id
  await createProduct(t, shop.apiKey, { title: 'Cap', status: 'ACTIVE', variants: [{ price: '5.00' }] })
  await createProduct(t, other.apiKey, { title: 'Boot', status: 'ACTIVE', variants: [{ price: '80.00' }] })
}, 120_000)

describe('the kept products of storefront grids', () => {
  it('show a retitled product on the very next page, and again once the index chooses the page', async () => {
    await expect.poll(indexed, { timeout: 10_000 }).toBe(true)
    expect(await cards()).toEqual(['Cap $5.00', 'Tee $10.00'])
    expect(await cards()).toEqual(['Cap $5.00', 'Tee $10.00'])

    await ok(t, shop.apiKey, UPDATE, { id: teeId, title: 'Alpha tee' }, 'productUpdate')
    expect(await cards()).toEqual(['Alpha tee $10.00', 'Cap $5.00'])
    // The index is built again after the write; the page it chooses reads the tee's row kept since.
    await expect.poll(indexed, { timeout: 10_000 }).toBe(true)
    expect(await cards()).toEqual(['Alpha tee $10.00', 'Cap $5.00'])
  })

  it('show a variant’s new price on the very next page', async () => {
    await expect.poll(indexed, { timeout: 10_000 }).toBe(true)
    expect(await cards()).toContain('Alpha tee $10.00')
    const variants = await t.gql<{ product: { variants: { id: string }[] } }>(shop.apiKey, VARIANTS, {
      id: teeId,
    })
    const variantId = variants.data!.product.variants[0]!.id
    await ok(
      t,
      shop.apiKey,
      VARIANT_UPDATE,
      { productId: teeId, id: variantId, price: '12.50' },
      'productVariantUpdate',
    )
    expect(await cards()).toContain('Alpha tee $12.50')
    await expect.poll(indexed, { timeout: 10_000 }).toBe(true)
    expect(await cards()).toContain('Alpha tee $12.50')
  })

  it('drop a product taken off the shelf, and keep each store’s products its own', async () => {
    await ok(t, shop.apiKey, UPDATE, { id: teeId, status: 'DRAFT' }, 'productUpdate')
    expect(await cards()).toEqual(['Cap $5.00'])
    await expect.poll(indexed, { timeout: 10_000 }).toBe(true)
    expect(await cards()).toEqual(['Cap $5.00'])
    expect(await cards(other.host)).toEqual(['Boot $80.00'])
  })
})
