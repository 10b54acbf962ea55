import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { TestApp } from './app.js'
import { ok } from './menus.js'
import { createProduct } from './products.js'

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

  async cart(): Promise<CartJson> {
    const response = await this.request('GET', '/cart.js')
    expect(response.statusCode).toBe(200)
    return response.json()
  }
}

export interface CartJson {
  items: {
    key: string
    id: string
    product_id: string
    quantity: number
    price: number
    line_price: number
    title: string
    product_title: string
    variant_title: string | null
    url: string
    image: string | null
    sku: string
  }[]
  item_count: number
  total_price: number
  currency: string
}
