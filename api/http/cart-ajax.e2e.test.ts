import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it, vi } from 'vitest'
import { reserveOrderInventory } from '../../app/catalog/inventory/reserve.js'
import { CART_SHOP_HOST as HOST, Shopper, useCartShop, productWithVariants } from '../../test/support/cart.js'

// Shopify's Ajax cart API on a store's host (`/cart.js`, `/cart/add.js`, …): JSON, form and
// multipart bodies, 422 refusals, server prices.

const selling = useCartShop()

describe('the Ajax API', () => {
  it('adds with /cart/add.js, prices on the server and ignores a price in the request', async () => {
    const shopper = new Shopper(selling.t, HOST)
    const added = await shopper.request('POST', '/cart/add.js', {
      id: selling.tee.variants['TEE-M'],
      quantity: 2,
      price: 1,
    })
    expect(added.statusCode).toBe(200)
    expect(added.headers['cache-control']).toBe('no-store')
    expect(added.json()).toMatchObject({
      id: selling.tee.variants['TEE-M'],
      product_id: selling.tee.id,
      quantity: 2,
      price: 1250,
      line_price: 2500,
      product_title: 'Tee <b>',
      variant_title: 'M',
      title: 'Tee <b> - M',
      sku: 'TEE-M',
      url: `/products/tee?variant=${selling.tee.variants['TEE-M']}`,
    })
    const many = await shopper.request('POST', '/cart/add.js', {
      items: [
        { id: selling.mug.variants.MUG, quantity: 1, price: 0 },
        { id: selling.tee.variants['TEE-M'], quantity: 1 },
      ],
    })
    expect(many.json().items.map((i: { quantity: number }) => i.quantity)).toEqual([1, 3])
    expect(await shopper.cart()).toMatchObject({ item_count: 4, total_price: 3 * 1250 + 800, currency: 'USD' })
  })

  it('reads the multipart FormData that Shopify themes post', async () => {
    const shopper = new Shopper(selling.t, HOST)
    const boundary = '----cartboundary'
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
    const body = `${part('form_type', 'product')}${part('id', selling.mug.variants.MUG!)}${part('quantity', '3')}--${boundary}--\r\n`
    const added = await shopper.request('POST', '/cart/add.js', body, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    })
    expect(added.statusCode).toBe(200)
    expect(added.json()).toMatchObject({ id: selling.mug.variants.MUG, quantity: 3, price: 800 })
  })

  it('changes and updates with change.js and update.js, answering the cart', async () => {
    const shopper = new Shopper(selling.t, HOST)
    await shopper.request('POST', '/cart/add.js', { id: selling.mug.variants.MUG, quantity: 1 })
    await shopper.request('POST', '/cart/add.js', { id: selling.tee.variants['TEE-M'], quantity: 1 })
    const changed = await shopper.request('POST', '/cart/change.js', { line: 1, quantity: 4 })
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({ item_count: 5, items: [{ id: selling.mug.variants.MUG, quantity: 4 }, {}] })
    const updated = await shopper.request('POST', '/cart/update.js', { updates: [0, 2] })
    expect(updated.json()).toMatchObject({ item_count: 2, items: [{ id: selling.tee.variants['TEE-M'], quantity: 2 }] })
    const byVariant = await shopper.request('POST', '/cart/change.js', {
      id: selling.tee.variants['TEE-M'],
      quantity: 1,
    })
    expect(byVariant.json()).toMatchObject({ item_count: 1 })
    const cleared = await shopper.request('POST', '/cart/clear.js', {})
    expect(cleared.json()).toMatchObject({ item_count: 0, items: [] })
  })

  it('refuses more than the stock with 422, counting what the cart holds', async () => {
    const shopper = new Shopper(selling.t, HOST)
    const over = await shopper.request('POST', '/cart/add.js', { id: selling.tee.variants['TEE-S'], quantity: 3 })
    expect(over.statusCode).toBe(422)
    expect(over.json()).toEqual({
      status: 422,
      message: 'Cart Error',
      description: 'You can only add 2 of this item to your cart',
    })
    await shopper.request('POST', '/cart/add.js', { id: selling.tee.variants['TEE-S'], quantity: 1 })
    const more = await shopper.request('POST', '/cart/add.js', { id: selling.tee.variants['TEE-S'], quantity: 2 })
    expect(more.statusCode).toBe(422)
    expect(more.json().description).toBe('You can only add 1 of this item to your cart')
    const line = (await shopper.cart()).items[0]!
    const raise = await shopper.request('POST', '/cart/change.js', { id: line.key, quantity: 3 })
    expect(raise.statusCode).toBe(422)
    expect((await shopper.cart()).item_count).toBe(1)
  })

  it('counts units held by checkouts in progress as not for sale', async () => {
    const vase = await productWithVariants(selling.t, selling.shop.apiKey, {
      title: 'Held vase',
      handle: 'held-vase',
      status: 'ACTIVE',
      variants: [{ price: '9.00', sku: 'HELD', inventoryQuantity: 3 }],
    })
    await reserveOrderInventory(
      selling.t.platform,
      {
        organizationId: selling.shop.organizationId,
        storeId: selling.shop.storeId,
        actor: { type: 'system', id: 'test' },
        scopes: ['products:write'],
        correlationId: uuidv7(),
        causationId: null,
        now: new Date(),
      },
      {
        orderId: uuidv7(),
        lines: [{ productId: vase.id, variantId: vase.variants.HELD!, quantity: 2 }],
        expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
      },
    )
    await vi.waitFor(
      async () => {
        const response = await new Shopper(selling.t, HOST).request('POST', '/cart/add.js', {
          id: vase.variants.HELD,
          quantity: 2,
        })
        expect(response.statusCode).toBe(422)
        expect(response.json().description).toBe('You can only add 1 of this item to your cart')
      },
      { timeout: 10_000 },
    )
  })

  it("refuses a hidden product's variant, another store's and an unknown one alike", async () => {
    const shopper = new Shopper(selling.t, HOST)
    const answers = []
    for (const id of [
      selling.hidden.variants.CAP,
      selling.foreign.variants.THEIRS,
      '01900000-0000-7000-8000-0000000000ff',
      'abc',
    ]) {
      const response = await shopper.request('POST', '/cart/add.js', { id, quantity: 1 })
      expect(response.statusCode).toBe(422)
      answers.push(String(response.json().description).replace(id!, '<id>'))
    }
    expect(new Set(answers).size).toBe(1)
    expect(answers[0]).toBe("variant '<id>' is not for sale in this store")
    expect(shopper.cookie).toBeNull()
  })

  it('answers a body it cannot read in the Ajax shape', async () => {
    const shopper = new Shopper(selling.t, HOST)
    const broken = await shopper.request('POST', '/cart/add.js', '{"id": ', { 'content-type': 'application/json' })
    expect(broken.statusCode).toBe(400)
    expect(broken.json()).toMatchObject({ status: 400, message: 'Cart Error' })
    const unknown = await shopper.request('POST', '/cart/add.js', 'id=1', { 'content-type': 'text/csv' })
    expect(unknown.statusCode).toBe(415)
    expect(unknown.json()).toMatchObject({ status: 415, message: 'Cart Error' })
  })

  it('refuses bad quantities with 422 and a clear reason', async () => {
    const shopper = new Shopper(selling.t, HOST)
    for (const quantity of [0, -1, 'two', 1.5]) {
      const response = await shopper.request('POST', '/cart/add.js', { id: selling.mug.variants.MUG, quantity })
      expect(response.statusCode).toBe(422)
      expect(response.json().description).toMatch(/quantity must be a whole number/)
    }
    const tooMany = await shopper.request('POST', '/cart/add.js', { id: selling.mug.variants.MUG, quantity: 1000 })
    expect(tooMany.statusCode).toBe(422)
    expect(tooMany.json().description).toMatch(/at most 999/)
  })

  it('shows a line whose product was hidden as unavailable and does not count it', async () => {
    const shopper = new Shopper(selling.t, HOST)
    const gone = await productWithVariants(selling.t, selling.shop.apiKey, {
      title: 'Soon gone',
      handle: 'soon-gone',
      status: 'ACTIVE',
      variants: [{ price: '3.00', sku: 'GONE', inventoryTracked: false }],
    })
    await shopper.request('POST', '/cart/add.js', { id: gone.variants.GONE, quantity: 2 })
    await shopper.request('POST', '/cart/add.js', { id: selling.mug.variants.MUG, quantity: 1 })
    const archive = await selling.t.gql(
      selling.shop.apiKey,
      'mutation ($input: ProductUpdateInput!) { productUpdate(input: $input) { eventPosition } }',
      { input: { id: gone.id, status: 'ARCHIVED' } },
    )
    expect(archive.errors).toBeUndefined()
    expect(await shopper.cart()).toMatchObject({
      item_count: 1,
      total_price: 800,
      items: [{ id: selling.mug.variants.MUG }],
    })
    const page = await shopper.request('GET', '/cart')
    expect(page.body).toContain('no longer available')
  })
})
