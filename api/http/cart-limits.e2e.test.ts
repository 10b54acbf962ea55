import { beforeAll, describe, expect, it } from 'vitest'
import { useTenant, useTestApp } from '../../test/support/app.js'
import { Shopper, productWithVariants, setCommerce } from '../../test/support/cart.js'

// Shopper writes are limited per client address, with the storefront API's limiter; reads are not.

const HOST = 'cart-limits.localhost'
const t = useTestApp({ config: { storefrontApiRateLimit: { bucket: 3, restorePerSecond: 0.01 } } })
const shop = useTenant(t, 'cart-limits')
let variantId: string

beforeAll(async () => {
  await setCommerce(t, shop.apiKey, true)
  const mug = await productWithVariants(t, shop.apiKey, {
    title: 'Mug',
    handle: 'mug',
    status: 'ACTIVE',
    variants: [{ price: '8.00', sku: 'MUG', inventoryTracked: false }],
  })
  variantId = mug.variants.MUG!
}, 120_000)

describe('rate limits', () => {
  it('answers 429 with Retry-After once an address has spent its bucket on cart writes', async () => {
    const shopper = new Shopper(t, HOST)
    for (let i = 0; i < 3; i++)
      expect((await shopper.request('POST', '/cart/add.js', { id: variantId, quantity: 1 })).statusCode).toBe(200)
    const limited = await shopper.request('POST', '/cart/add.js', { id: variantId, quantity: 1 })
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.json()).toMatchObject({ status: 429, description: expect.stringContaining('too many cart changes') })
    const form = await shopper.request('POST', '/cart/add', `id=${variantId}`)
    expect(form.statusCode).toBe(429)
    // Reading the cart costs nothing: the header count keeps working.
    expect((await shopper.cart()).item_count).toBe(3)
    // Another address has its own bucket.
    const elsewhere = new Shopper(t, HOST)
    const other = await elsewhere.request('POST', '/cart/add.js', { id: variantId }, {}, '10.0.0.9')
    expect(other.statusCode).toBe(200)
  })
})
