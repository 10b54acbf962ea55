import { v7 as uuidv7 } from 'uuid'
import { beforeAll, describe, expect, it } from 'vitest'
import { releaseOrderInventory, reserveOrderInventory } from '../../../app/catalog/inventory/reserve.js'
import type { CommandContext } from '../../../app/commands/context.js'
import { useTestApp } from '../../../test/support/app.js'
import { setCommerce } from '../../../test/support/cart.js'
import { jsonLdOf, useThemedShop, visit } from '../../../test/support/storefront.js'

// A variant whose last units are held by a checkout shows as sold out on the storefront until
// the hold ends: shoppers see what they may still buy, not the stock on the shelf.

const t = useTestApp()
const shop = useThemedShop(t, 'held-shop')
let item: { productId: string; variantId: string }

beforeAll(async () => {
  await setCommerce(t, shop.apiKey, true)
  const created = await t.gql<{ productCreate: { product: { id: string; variants: { id: string }[] } } }>(
    shop.apiKey,
    `mutation ($input: ProductCreateInput!) { productCreate(input: $input) { product { id variants { id } } } }`,
    {
      input: {
        title: 'Last Mug',
        handle: 'last-mug',
        status: 'ACTIVE',
        variants: [{ price: '9.00', inventoryQuantity: 1 }],
      },
    },
  )
  expect(created.errors).toBeUndefined()
  const product = created.data!.productCreate.product
  item = { productId: product.id, variantId: product.variants[0]!.id }
})

const checkout = (): CommandContext => ({
  organizationId: shop.organizationId,
  storeId: shop.storeId,
  actor: { type: 'system', id: 'storefront', name: 'storefront shopper' },
  scopes: [],
  correlationId: uuidv7(),
  causationId: null,
  now: new Date(),
})

const availability = async () => {
  const page = await visit(t, shop.host, '/products/last-mug')
  expect(page.statusCode).toBe(200)
  const product = jsonLdOf(page.body).find((entry) => entry['@type'] === 'Product')!
  const [offer] = product.offers as { availability: string }[]
  return { soldOut: /<button type="submit" disabled>\s*Sold out/.test(page.body), availability: offer!.availability }
}

describe('storefront availability', () => {
  it('shows a variant as sold out while its last unit is held, and for sale again once released', async () => {
    expect(await availability()).toEqual({ soldOut: false, availability: 'https://schema.org/InStock' })
    const orderId = uuidv7()
    const lines = [{ ...item, quantity: 1 }]
    await reserveOrderInventory(t.platform, checkout(), {
      orderId,
      lines,
      expiresAt: new Date(Date.now() + 900_000).toISOString(),
    })
    await expect
      .poll(availability, { timeout: 20_000, interval: 50 })
      .toEqual({ soldOut: true, availability: 'https://schema.org/OutOfStock' })
    await releaseOrderInventory(t.platform, checkout(), { orderId, lines, reason: 'CANCELLED' })
    await expect
      .poll(availability, { timeout: 20_000, interval: 50 })
      .toEqual({ soldOut: false, availability: 'https://schema.org/InStock' })
  })
})
