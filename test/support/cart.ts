import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { AjaxCart } from '../../app/orders/cart/shapes.js'
import { startTestApp, type TestApp } from './app.js'
import { ok } from './menus.js'
import { perFile } from './per-file.js'
import { createProduct, oneOption } from './products.js'

const COMMERCE = 'mutation ($input: StoreCommerceToggleInput!) { storeCommerceToggle(input: $input) { eventPosition } }'

export function setCommerce(t: TestApp, apiKey: string, enabled: boolean): Promise<unknown> {
  return ok(t, apiKey, COMMERCE, { enabled }, 'storeCommerceToggle')
}

/** Creates a product and answers its id and its variants' ids by SKU. */
export async function productWithVariants(
  t: TestApp,
  apiKey: string,
  input: Record<string, unknown>,
): Promise<{ id: string; variants: Record<string, string> }> {
  const product = await createProduct(t, apiKey, input)
  const read = await t.gql<{ product: { variants: { id: string; sku: string }[] } }>(
    apiKey,
    'query ($id: ID) { product(id: $id) { variants { id sku } } }',
    { id: product.id },
  )
  expect(read.errors).toBeUndefined()
  return {
    id: product.id,
    variants: Object.fromEntries(read.data!.product.variants.map((v) => [v.sku, v.id])),
  }
}

/**
 * An ACTIVE product whose variants differ in one option, given by their values (`oneOption`):
 * its id and its variants' ids by SKU.
 */
export function activeProductByOption(
  t: TestApp,
  apiKey: string,
  product: { title: string; handle: string },
  option: string,
  variants: Record<string, Record<string, unknown>>,
): Promise<Product> {
  return productWithVariants(t, apiKey, { ...product, status: 'ACTIVE', ...oneOption(option, variants) })
}

/**
 * What the browser walks sell: commerce on, and an ACTIVE Lamp (`/products/lamp`) by Color, White
 * (L-W) at 30.00 and Black (L-B) at 35.00, four of each.
 */
export async function sellingLamp(t: TestApp, apiKey: string): Promise<Product> {
  await setCommerce(t, apiKey, true)
  return activeProductByOption(t, apiKey, { title: 'Lamp', handle: 'lamp' }, 'Color', {
    White: { price: '30.00', sku: 'L-W', inventoryQuantity: 4 },
    Black: { price: '35.00', sku: 'L-B', inventoryQuantity: 4 },
  })
}

/** A shopper's browser: keeps the cart cookie it is given, sends it back on every request. */
export class Shopper {
  cookie: string | null = null
  constructor(
    private readonly t: TestApp,
    readonly host: string,
  ) {}

  async request(
    method: 'GET' | 'HEAD' | 'POST',
    url: string,
    body?: Record<string, unknown> | string,
    headers: Record<string, string> = {},
    remoteAddress?: string,
  ): Promise<LightMyRequestResponse> {
    const form = typeof body === 'string'
    const response = await this.t.app.inject({
      method,
      url,
      headers: {
        host: this.host,
        accept: url.includes('.js') ? 'application/json' : 'text/html',
        ...(body === undefined
          ? {}
          : { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: form ? body : JSON.stringify(body) }),
      ...(remoteAddress ? { remoteAddress } : {}),
    })
    const set = response.headers['set-cookie']
    const first = Array.isArray(set) ? set[0] : set
    if (first) this.cookie = first.split(';')[0]!
    return response
  }

  /** GETs a page of this shopper's own (the cart, the checkout): 200, and never kept by a cache. Its HTML. */
  async ownPage(url: string): Promise<string> {
    const response = await this.request('GET', url)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    return response.body
  }

  async cart(): Promise<AjaxCart> {
    const response = await this.request('GET', '/cart.js')
    expect(response.statusCode).toBe(200)
    return response.json()
  }
}

/** A product as the cart tests know it: its id and its variants' ids by SKU. */
export type Product = Awaited<ReturnType<typeof productWithVariants>>

export const CART_SHOP_HOST = 'cart-shop.localhost'

/**
 * A selling store (`cart-shop`) with a tracked tee (S: 2 left, M: 9), an untracked mug and a
 * draft cap, and another selling store with a tee of its own: what the cart tests buy from.
 */
async function startCartShop() {
  const t = await startTestApp()
  const shop = await t.tenant('cart-shop')
  const other = await t.tenant('cart-other')
  await setCommerce(t, shop.apiKey, true)
  await setCommerce(t, other.apiKey, true)
  const tee = await activeProductByOption(t, shop.apiKey, { title: 'Tee <b>', handle: 'tee' }, 'Size', {
    S: { price: '10.00', sku: 'TEE-S', inventoryQuantity: 2 },
    M: { price: '12.50', sku: 'TEE-M', inventoryQuantity: 9 },
  })
  const mug = await productWithVariants(t, shop.apiKey, {
    title: 'Mug',
    handle: 'mug',
    status: 'ACTIVE',
    variants: [{ price: '8.00', sku: 'MUG', inventoryTracked: false }],
  })
  const hidden = await productWithVariants(t, shop.apiKey, {
    title: 'Draft Cap',
    handle: 'cap',
    status: 'DRAFT',
    variants: [{ price: '5.00', sku: 'CAP', inventoryQuantity: 10 }],
  })
  const foreign = await productWithVariants(t, other.apiKey, {
    title: 'Their Tee',
    handle: 'their-tee',
    status: 'ACTIVE',
    variants: [{ price: '1.00', sku: 'THEIRS', inventoryQuantity: 10 }],
  })
  return { t, shop, other, tee, mug, hidden, foreign }
}

/** The `startCartShop` stores of a test file, started before its tests and closed after them. */
export function useCartShop(): Awaited<ReturnType<typeof startCartShop>> {
  return perFile(startCartShop, ({ t }) => t.close(), 120_000)
}
