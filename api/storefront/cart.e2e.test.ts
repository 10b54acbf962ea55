import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/support/app.js'
import { activeProductByOption, productWithVariants, setCommerce } from '../../test/support/cart.js'
import { createStorefrontToken, storefrontQuery, useStorefrontShop } from '../../test/support/storefront-api.js'

// The cart mutations of the public storefront API, for headless front ends.

const t = useTestApp({ config: { storefrontApiRateLimit: { bucket: 1_000, restorePerSecond: 1_000 } } })
const shop = useStorefrontShop(t, 'sfcart')
let otherToken: string
let shirt: { id: string; variants: Record<string, string> }
let draft: { id: string; variants: Record<string, string> }
let theirs: { id: string; variants: Record<string, string> }

const CART =
  'id totalQuantity cost { subtotalAmount { amount currencyCode } } lines { id quantity availableForSale merchandise { id title sku price { amount } product { id handle title } } cost { totalAmount { amount } } }'
const CREATE = `mutation ($input: CartCreateInput!) { cartCreate(input: $input) { cart { ${CART} } } }`
const ADD = `mutation ($input: CartLinesAddInput!) { cartLinesAdd(input: $input) { cart { ${CART} } } }`
const UPDATE = `mutation ($input: CartLinesUpdateInput!) { cartLinesUpdate(input: $input) { cart { ${CART} } } }`
const REMOVE = `mutation ($input: CartLinesRemoveInput!) { cartLinesRemove(input: $input) { cart { ${CART} } } }`
const READ = `query ($id: ID!) { cart(id: $id) { ${CART} } }`

interface Cart {
  id: string
  totalQuantity: number
  cost: { subtotalAmount: { amount: string; currencyCode: string } }
  lines: { id: string; quantity: number; availableForSale: boolean; merchandise: { id: string; sku: string } }[]
}
type Payload<K extends string> = Record<K, { cart: Cart }>

beforeAll(async () => {
  const other = await t.tenant('sfcart-other')
  await setCommerce(t, shop.apiKey, true)
  await setCommerce(t, other.apiKey, true)
  otherToken = (await createStorefrontToken(t, other.apiKey)).accessToken
  shirt = await activeProductByOption(t, shop.apiKey, { title: 'Shirt', handle: 'shirt' }, 'Size', {
    S: { price: '19.90', sku: 'SH-S', inventoryQuantity: 3 },
    M: { price: '21.00', sku: 'SH-M', inventoryTracked: false },
  })
  draft = await productWithVariants(t, shop.apiKey, {
    title: 'Secret',
    status: 'DRAFT',
    variants: [{ price: '1.00', sku: 'SECRET', inventoryQuantity: 5 }],
  })
  theirs = await productWithVariants(t, other.apiKey, {
    title: 'Theirs',
    status: 'ACTIVE',
    variants: [{ price: '1.00', sku: 'THEIRS', inventoryQuantity: 5 }],
  })
}, 120_000)

async function created(lines: { variantId: string; quantity?: number }[] = []): Promise<Cart> {
  const response = await shop.query<Payload<'cartCreate'>>(CREATE, { input: { lines } })
  expect(response.errors).toBeUndefined()
  return response.data!.cartCreate.cart
}

describe('cart mutations', () => {
  it('creates a cart with lines priced on the server, under an opaque id', async () => {
    const cart = await created([{ variantId: shirt.variants['SH-S']!, quantity: 2 }])
    expect(cart.id).toMatch(/^[\w-]{66}$/)
    expect(cart).toMatchObject({
      totalQuantity: 2,
      cost: { subtotalAmount: { amount: '39.80', currencyCode: 'USD' } },
      lines: [{ quantity: 2, availableForSale: true, merchandise: { id: shirt.variants['SH-S'], sku: 'SH-S' } }],
    })
    const read = await shop.query<{ cart: Cart }>(READ, { id: cart.id })
    expect(read.data?.cart).toEqual(cart)
  })

  it('adds, updates and removes lines', async () => {
    const cart = await created()
    expect(cart).toMatchObject({ totalQuantity: 0, lines: [] })
    const added = await shop.query<Payload<'cartLinesAdd'>>(ADD, {
      input: {
        cartId: cart.id,
        lines: [{ variantId: shirt.variants['SH-M'] }, { variantId: shirt.variants['SH-S'], quantity: 1 }],
      },
    })
    expect(added.errors).toBeUndefined()
    const lines = added.data!.cartLinesAdd.cart.lines
    expect(lines.map((l) => l.quantity)).toEqual([1, 1])
    const updated = await shop.query<Payload<'cartLinesUpdate'>>(UPDATE, {
      input: { cartId: cart.id, lines: [{ id: lines[0]!.id, quantity: 5 }] },
    })
    expect(updated.data?.cartLinesUpdate.cart).toMatchObject({
      totalQuantity: 6,
      cost: { subtotalAmount: { amount: '124.90' } },
    })
    const removed = await shop.query<Payload<'cartLinesRemove'>>(REMOVE, {
      input: { cartId: cart.id, lineIds: [lines[0]!.id] },
    })
    expect(removed.data?.cartLinesRemove.cart).toMatchObject({ totalQuantity: 1, lines: [{ id: lines[1]!.id }] })
  })

  it('refuses more than the stock with BAD_USER_INPUT at the line, saying how many are left', async () => {
    const cart = await created([{ variantId: shirt.variants['SH-S']!, quantity: 2 }])
    const over = await shop.query(ADD, {
      input: { cartId: cart.id, lines: [{ variantId: shirt.variants['SH-S'], quantity: 2 }] },
    })
    expect(over.errors?.[0]).toMatchObject({
      message: 'You can only add 1 of this item to your cart',
      extensions: {
        code: 'BAD_USER_INPUT',
        field: ['input', 'lines', 0, 'quantity'],
        reason: 'SOLD_OUT',
        available: 3,
      },
    })
    const line = (await shop.query<{ cart: Cart }>(READ, { id: cart.id })).data!.cart.lines[0]!
    const raise = await shop.query(UPDATE, {
      input: { cartId: cart.id, lines: [{ id: line.id, quantity: 4 }] },
    })
    expect(raise.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'lines', 0, 'quantity'],
    })
    const bad = await shop.query(ADD, {
      input: { cartId: cart.id, lines: [{ variantId: shirt.variants['SH-M'], quantity: 0 }] },
    })
    expect(bad.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'lines', 0, 'quantity'],
    })
  })

  it("refuses a hidden product's variant and another store's exactly like an unknown one", async () => {
    const messages = []
    for (const variantId of [draft.variants.SECRET!, theirs.variants.THEIRS!, '01900000-0000-7000-8000-0000000000ff']) {
      const response = await shop.query(CREATE, { input: { lines: [{ variantId }] } })
      expect(response.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: ['input', 'lines', 0, 'variantId'],
      })
      messages.push(response.errors![0]!.message.replace(variantId, '<id>'))
    }
    expect(new Set(messages).size).toBe(1)
  })

  it("opens no cart with a guessed id, a tampered token or another store's token", async () => {
    const cart = await created([{ variantId: shirt.variants['SH-M']! }])
    const other = await storefrontQuery<Payload<'cartCreate'>>(t, 'sfcart-other.localhost', otherToken, CREATE, {
      input: { lines: [{ variantId: theirs.variants.THEIRS }] },
    })
    const theirCart = other.data!.cartCreate.cart.id
    const tampered = cart.id.slice(0, 40) + (cart.id[40] === 'A' ? 'B' : 'A') + cart.id.slice(41)
    for (const id of [tampered, theirCart, '01900000-0000-7000-8000-000000000001']) {
      expect((await shop.query<{ cart: Cart | null }>(READ, { id })).data).toEqual({ cart: null })
      const add = await shop.query(ADD, {
        input: { cartId: id, lines: [{ variantId: shirt.variants['SH-M'] }] },
      })
      expect(add.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', field: ['input', 'cartId'] })
    }
  })

  it('answers an unknown line with NOT_FOUND at its place', async () => {
    const cart = await created([{ variantId: shirt.variants['SH-M']! }])
    const response = await shop.query(REMOVE, {
      input: { cartId: cart.id, lineIds: ['01900000-0000-7000-8000-0000000000ee'] },
    })
    expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', field: ['input', 'lineIds', 0] })
  })

  it('runs no mutation sent with GET', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/storefront/graphql?query=${encodeURIComponent('mutation { cartCreate(input: {}) { cart { id } } }')}`,
      headers: { host: shop.host, 'x-storefront-access-token': shop.token },
    })
    expect(response.statusCode).toBe(405)
  })

  it('refuses carts while the store is not selling', async () => {
    await setCommerce(t, shop.apiKey, false)
    try {
      const response = await shop.query(CREATE, { input: {} })
      expect(response.errors?.[0]).toMatchObject({
        message: expect.stringContaining('not selling online'),
        extensions: { code: 'FORBIDDEN' },
      })
    } finally {
      await setCommerce(t, shop.apiKey, true)
    }
  })
})
