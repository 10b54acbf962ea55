import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { reserveOrderInventory } from '../../app/catalog/inventory/reserve.js'
import { startTestApp, type Tenant, type TestApp } from '../../test/support/app.js'
import { Shopper, productWithVariants, setCommerce } from '../../test/support/cart.js'
import { ok } from '../../test/support/menus.js'
import { untilMainTheme } from '../../test/support/themes.js'

// The cart of a store's host: Shopify's form posts and Ajax API, one shopper's cookie, server prices.

const HOST = 'cart-shop.localhost'
let t: TestApp
let shop: Tenant
let other: Tenant
let tee: { id: string; variants: Record<string, string> }
let mug: { id: string; variants: Record<string, string> }
let hidden: { id: string; variants: Record<string, string> }
let foreign: { id: string; variants: Record<string, string> }

beforeAll(async () => {
  t = await startTestApp()
  shop = await t.tenant('cart-shop')
  other = await t.tenant('cart-other')
  await setCommerce(t, shop.apiKey, true)
  await setCommerce(t, other.apiKey, true)
  tee = await productWithVariants(t, shop.apiKey, {
    title: 'Tee <b>',
    handle: 'tee',
    status: 'ACTIVE',
    options: [{ name: 'Size', values: ['S', 'M'] }],
    variants: [
      { price: '10.00', sku: 'TEE-S', inventoryQuantity: 2, optionValues: [{ name: 'Size', value: 'S' }] },
      { price: '12.50', sku: 'TEE-M', inventoryQuantity: 9, optionValues: [{ name: 'Size', value: 'M' }] },
    ],
  })
  mug = await productWithVariants(t, shop.apiKey, {
    title: 'Mug',
    handle: 'mug',
    status: 'ACTIVE',
    variants: [{ price: '8.00', sku: 'MUG', inventoryTracked: false }],
  })
  hidden = await productWithVariants(t, shop.apiKey, {
    title: 'Draft Cap',
    handle: 'cap',
    status: 'DRAFT',
    variants: [{ price: '5.00', sku: 'CAP', inventoryQuantity: 10 }],
  })
  foreign = await productWithVariants(t, other.apiKey, {
    title: 'Their Tee',
    handle: 'their-tee',
    status: 'ACTIVE',
    variants: [{ price: '1.00', sku: 'THEIRS', inventoryQuantity: 10 }],
  })
}, 120_000)
afterAll(async () => {
  await t?.close()
})

describe('forms without JavaScript', () => {
  it('adds with a form post, answers 303 to the cart and sets a signed HttpOnly cookie', async () => {
    const shopper = new Shopper(t, HOST)
    const added = await shopper.request('POST', '/cart/add', `form_type=product&id=${tee.variants['TEE-M']}&quantity=2`)
    expect(added.statusCode).toBe(303)
    expect(added.headers.location).toBe('/cart')
    expect(added.headers['cache-control']).toBe('no-store')
    const cookie = String(added.headers['set-cookie'])
    expect(cookie).toMatch(/^emporium_cart=[\w-]{66}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/)

    const page = await shopper.request('GET', '/cart')
    expect(page.statusCode).toBe(200)
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.body).toContain('Tee &lt;b&gt;')
    expect(page.body).toContain('name="updates[')
    expect(page.body).toContain('action="/checkout"')
    expect(page.body).toMatch(/Subtotal: <strong>[^<]*25[.,]00/)
  })

  it('changes quantities with /cart/update, removes with /cart/change and empties with /cart/clear', async () => {
    const shopper = new Shopper(t, HOST)
    await shopper.request('POST', '/cart/add', `id=${tee.variants['TEE-M']}&quantity=1`)
    await shopper.request('POST', '/cart/add', `id=${mug.variants.MUG}`)
    const [teeLine, mugLine] = (await shopper.cart()).items
    expect(teeLine!.quantity).toBe(1)
    expect(mugLine!.quantity).toBe(1)

    const update = await shopper.request(
      'POST',
      '/cart/update',
      `updates[${teeLine!.key}]=3&updates[${mugLine!.key}]=2`,
    )
    expect(update.statusCode).toBe(303)
    expect((await shopper.cart()).items.map((i) => i.quantity)).toEqual([3, 2])

    const remove = await shopper.request('POST', '/cart/change', `id=${teeLine!.key}&quantity=0`)
    expect(remove.statusCode).toBe(303)
    expect((await shopper.cart()).items.map((i) => i.id)).toEqual([mug.variants.MUG])

    // Shopify's `url_to_remove` is a link: GET /cart/change?id=…&quantity=0.
    await shopper.request('POST', '/cart/add', `id=${tee.variants['TEE-S']}`)
    const link = (await shopper.cart()).items.find((i) => i.id === tee.variants['TEE-S'])!
    expect((await shopper.request('GET', `/cart/change?id=${link.key}&quantity=0`)).statusCode).toBe(303)
    expect((await shopper.cart()).item_count).toBe(2)

    expect((await shopper.request('POST', '/cart/clear', '')).statusCode).toBe(303)
    expect(await shopper.cart()).toMatchObject({ items: [], item_count: 0, total_price: 0 })
  })

  it('follows return_to only to a path of the same store', async () => {
    const shopper = new Shopper(t, HOST)
    const back = await shopper.request('POST', '/cart/add', `id=${mug.variants.MUG}&return_to=/products/mug`)
    expect(back.headers.location).toBe('/products/mug')
    for (const target of ['//evil.example/x', 'https://evil.example/', '/\\evil.example'])
      expect(
        (await shopper.request('POST', '/cart/add', `id=${mug.variants.MUG}&return_to=${encodeURIComponent(target)}`))
          .headers.location,
      ).toBe('/cart')
  })

  it('shows a refused form post on the cart page with the reason (422), writing nothing', async () => {
    const shopper = new Shopper(t, HOST)
    const refused = await shopper.request('POST', '/cart/add', `id=${tee.variants['TEE-S']}&quantity=5`)
    expect(refused.statusCode).toBe(422)
    expect(refused.body).toContain('You can only add 2 of this item to your cart')
    expect(refused.headers['set-cookie']).toBeUndefined()
  })
})

describe('locales', () => {
  it('serves the cart under a locale prefix, in that language, and keeps the prefix on redirects', async () => {
    await ok(
      t,
      shop.apiKey,
      'mutation ($input: StoreUpdateInput!) { storeUpdate(input: $input) { eventPosition } }',
      { enabledLocales: ['en', 'fr'] },
      'storeUpdate',
    )
    const shopper = new Shopper(t, HOST)
    const added = await shopper.request('POST', '/fr/cart/add', `id=${mug.variants.MUG}`)
    expect(added.statusCode).toBe(303)
    expect(added.headers.location).toBe('/fr/cart')
    const page = await shopper.request('GET', '/fr/cart')
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Votre panier')
    expect(page.body).toContain('action="/fr/cart/update"')
    const json = await shopper.request('GET', '/fr/cart.js')
    expect(json.json().items[0].url).toBe(`/fr/products/mug?variant=${mug.variants.MUG}`)
  })
})

describe('the Ajax API', () => {
  it('adds with /cart/add.js, prices on the server and ignores a price in the request', async () => {
    const shopper = new Shopper(t, HOST)
    const added = await shopper.request('POST', '/cart/add.js', { id: tee.variants['TEE-M'], quantity: 2, price: 1 })
    expect(added.statusCode).toBe(200)
    expect(added.headers['cache-control']).toBe('no-store')
    expect(added.json()).toMatchObject({
      id: tee.variants['TEE-M'],
      product_id: tee.id,
      quantity: 2,
      price: 1250,
      line_price: 2500,
      product_title: 'Tee <b>',
      variant_title: 'M',
      title: 'Tee <b> - M',
      sku: 'TEE-M',
      url: `/products/tee?variant=${tee.variants['TEE-M']}`,
    })
    const many = await shopper.request('POST', '/cart/add.js', {
      items: [
        { id: mug.variants.MUG, quantity: 1, price: 0 },
        { id: tee.variants['TEE-M'], quantity: 1 },
      ],
    })
    expect(many.json().items.map((i: { quantity: number }) => i.quantity)).toEqual([1, 3])
    expect(await shopper.cart()).toMatchObject({ item_count: 4, total_price: 3 * 1250 + 800, currency: 'USD' })
  })

  it('reads the multipart FormData that Shopify themes post', async () => {
    const shopper = new Shopper(t, HOST)
    const boundary = '----cartboundary'
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
    const body = `${part('form_type', 'product')}${part('id', mug.variants.MUG!)}${part('quantity', '3')}--${boundary}--\r\n`
    const added = await shopper.request('POST', '/cart/add.js', body, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    })
    expect(added.statusCode).toBe(200)
    expect(added.json()).toMatchObject({ id: mug.variants.MUG, quantity: 3, price: 800 })
  })

  it('changes and updates with change.js and update.js, answering the cart', async () => {
    const shopper = new Shopper(t, HOST)
    await shopper.request('POST', '/cart/add.js', { id: mug.variants.MUG, quantity: 1 })
    await shopper.request('POST', '/cart/add.js', { id: tee.variants['TEE-M'], quantity: 1 })
    const changed = await shopper.request('POST', '/cart/change.js', { line: 1, quantity: 4 })
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({ item_count: 5, items: [{ id: mug.variants.MUG, quantity: 4 }, {}] })
    const updated = await shopper.request('POST', '/cart/update.js', { updates: [0, 2] })
    expect(updated.json()).toMatchObject({ item_count: 2, items: [{ id: tee.variants['TEE-M'], quantity: 2 }] })
    const byVariant = await shopper.request('POST', '/cart/change.js', { id: tee.variants['TEE-M'], quantity: 1 })
    expect(byVariant.json()).toMatchObject({ item_count: 1 })
    const cleared = await shopper.request('POST', '/cart/clear.js', {})
    expect(cleared.json()).toMatchObject({ item_count: 0, items: [] })
  })

  it('refuses more than the stock with 422, counting what the cart holds', async () => {
    const shopper = new Shopper(t, HOST)
    const over = await shopper.request('POST', '/cart/add.js', { id: tee.variants['TEE-S'], quantity: 3 })
    expect(over.statusCode).toBe(422)
    expect(over.json()).toEqual({
      status: 422,
      message: 'Cart Error',
      description: 'You can only add 2 of this item to your cart',
    })
    await shopper.request('POST', '/cart/add.js', { id: tee.variants['TEE-S'], quantity: 1 })
    const more = await shopper.request('POST', '/cart/add.js', { id: tee.variants['TEE-S'], quantity: 2 })
    expect(more.statusCode).toBe(422)
    expect(more.json().description).toBe('You can only add 1 of this item to your cart')
    const line = (await shopper.cart()).items[0]!
    const raise = await shopper.request('POST', '/cart/change.js', { id: line.key, quantity: 3 })
    expect(raise.statusCode).toBe(422)
    expect((await shopper.cart()).item_count).toBe(1)
  })

  it('counts units held by checkouts in progress as not for sale', async () => {
    const vase = await productWithVariants(t, shop.apiKey, {
      title: 'Held vase',
      handle: 'held-vase',
      status: 'ACTIVE',
      variants: [{ price: '9.00', sku: 'HELD', inventoryQuantity: 3 }],
    })
    await reserveOrderInventory(
      t.platform,
      {
        organizationId: shop.organizationId,
        storeId: shop.storeId,
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
        const response = await new Shopper(t, HOST).request('POST', '/cart/add.js', {
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
    const shopper = new Shopper(t, HOST)
    const answers = []
    for (const id of [hidden.variants.CAP, foreign.variants.THEIRS, '01900000-0000-7000-8000-0000000000ff', 'abc']) {
      const response = await shopper.request('POST', '/cart/add.js', { id, quantity: 1 })
      expect(response.statusCode).toBe(422)
      answers.push(String(response.json().description).replace(id!, '<id>'))
    }
    expect(new Set(answers).size).toBe(1)
    expect(answers[0]).toBe("variant '<id>' is not for sale in this store")
    expect(shopper.cookie).toBeNull()
  })

  it('answers a body it cannot read in the Ajax shape', async () => {
    const shopper = new Shopper(t, HOST)
    const broken = await shopper.request('POST', '/cart/add.js', '{"id": ', { 'content-type': 'application/json' })
    expect(broken.statusCode).toBe(400)
    expect(broken.json()).toMatchObject({ status: 400, message: 'Cart Error' })
    const unknown = await shopper.request('POST', '/cart/add.js', 'id=1', { 'content-type': 'text/csv' })
    expect(unknown.statusCode).toBe(415)
    expect(unknown.json()).toMatchObject({ status: 415, message: 'Cart Error' })
  })

  it('refuses bad quantities with 422 and a clear reason', async () => {
    const shopper = new Shopper(t, HOST)
    for (const quantity of [0, -1, 'two', 1.5]) {
      const response = await shopper.request('POST', '/cart/add.js', { id: mug.variants.MUG, quantity })
      expect(response.statusCode).toBe(422)
      expect(response.json().description).toMatch(/quantity must be a whole number/)
    }
    const tooMany = await shopper.request('POST', '/cart/add.js', { id: mug.variants.MUG, quantity: 1000 })
    expect(tooMany.statusCode).toBe(422)
    expect(tooMany.json().description).toMatch(/at most 999/)
  })

  it('shows a line whose product was hidden as unavailable and does not count it', async () => {
    const shopper = new Shopper(t, HOST)
    const gone = await productWithVariants(t, shop.apiKey, {
      title: 'Soon gone',
      handle: 'soon-gone',
      status: 'ACTIVE',
      variants: [{ price: '3.00', sku: 'GONE', inventoryTracked: false }],
    })
    await shopper.request('POST', '/cart/add.js', { id: gone.variants.GONE, quantity: 2 })
    await shopper.request('POST', '/cart/add.js', { id: mug.variants.MUG, quantity: 1 })
    const archive = await t.gql(
      shop.apiKey,
      'mutation ($input: ProductUpdateInput!) { productUpdate(input: $input) { eventPosition } }',
      { input: { id: gone.id, status: 'ARCHIVED' } },
    )
    expect(archive.errors).toBeUndefined()
    expect(await shopper.cart()).toMatchObject({ item_count: 1, total_price: 800, items: [{ id: mug.variants.MUG }] })
    const page = await shopper.request('GET', '/cart')
    expect(page.body).toContain('no longer available')
  })
})

describe('the audit log', () => {
  it("records a shopper's cart changes as the storefront, with no price", async () => {
    const shopper = new Shopper(t, HOST)
    await shopper.request('POST', '/cart/add.js', { id: mug.variants.MUG, quantity: 2, price: 1 })
    const audit = await t.gql<{
      auditLog: { nodes: { type: string; entityType: string; actor: { type: string; id: string }; data: object }[] }
    }>(shop.apiKey, '{ auditLog(first: 250) { nodes { type entityType actor { type id } data } } }')
    expect(audit.errors).toBeUndefined()
    const added = audit.data!.auditLog.nodes.find(
      (n) => n.type === 'CartLineAdded' && (n.data as { variantId: string }).variantId === mug.variants.MUG,
    )
    expect(added).toMatchObject({ entityType: 'cart', actor: { type: 'system', id: 'storefront' } })
    expect(Object.keys(added!.data).sort()).toEqual(['cartId', 'lineId', 'productId', 'quantity', 'variantId'])
  })
})

describe('the cart cookie', () => {
  it('ignores a forged cookie: an empty cart, then a new one', async () => {
    const shopper = new Shopper(t, HOST)
    await shopper.request('POST', '/cart/add.js', { id: mug.variants.MUG, quantity: 1 })
    const [name, value] = shopper.cookie!.split('=') as [string, string]
    const tampered = value.slice(0, 20) + (value[20] === 'A' ? 'B' : 'A') + value.slice(21)
    for (const forged of [`${name}=${tampered}`, `${name}=01900000-0000-7000-8000-000000000001`, `${name}=%%%`]) {
      const stranger = new Shopper(t, HOST)
      stranger.cookie = forged
      expect(await stranger.cart()).toMatchObject({ items: [], item_count: 0 })
      const added = await stranger.request('POST', '/cart/add.js', { id: tee.variants['TEE-M'], quantity: 1 })
      expect(added.statusCode).toBe(200)
      expect(stranger.cookie).not.toBe(forged)
      expect((await stranger.cart()).item_count).toBe(1)
    }
    expect((await shopper.cart()).item_count).toBe(1)
  })

  it("ignores another store's cart cookie", async () => {
    const theirs = new Shopper(t, 'cart-other.localhost')
    await theirs.request('POST', '/cart/add.js', { id: foreign.variants.THEIRS, quantity: 1 })
    expect((await theirs.cart()).item_count).toBe(1)
    const here = new Shopper(t, HOST)
    here.cookie = theirs.cookie
    expect(await here.cart()).toMatchObject({ items: [], item_count: 0 })
  })

  it('does not exist on the platform host', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/cart.js', headers: { host: 'localhost' } })
    expect(response.statusCode).toBe(404)
  })
})

describe('a theme without a cart template', () => {
  it('still shows a working cart page, in plain HTML', async () => {
    const bare = await t.tenant('cart-bare')
    await setCommerce(t, bare.apiKey, true)
    const theme = await untilMainTheme(t, bare.apiKey)
    await ok(
      t,
      bare.apiKey,
      'mutation ($input: ThemeFileDeleteInput!) { themeFileDelete(input: $input) { eventPosition } }',
      { themeId: theme.id, path: 'templates/cart.json' },
      'themeFileDelete',
    )
    const product = await productWithVariants(t, bare.apiKey, {
      title: 'Vase <i>',
      handle: 'vase',
      status: 'ACTIVE',
      variants: [{ price: '14.00', sku: 'VASE', inventoryTracked: false }],
    })
    const shopper = new Shopper(t, 'cart-bare.localhost')
    expect((await shopper.request('POST', '/cart/add', `id=${product.variants.VASE}&quantity=2`)).statusCode).toBe(303)
    const page = await shopper.request('GET', '/cart')
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Vase &lt;i&gt;')
    expect(page.body).toContain('<strong>28.00 USD</strong>')
    expect(page.body).toContain('action="/checkout"')
  })
})

describe('maintenance', () => {
  it('refuses cart writes while the store is closed, and takes them again after', async () => {
    const SETTINGS =
      'mutation ($input: GlobalSettingsUpdateInput!) { globalSettingsUpdate(input: $input) { eventPosition } }'
    const closed = await t.tenant('cart-maint')
    await setCommerce(t, closed.apiKey, true)
    const lamp = await productWithVariants(t, closed.apiKey, {
      title: 'Lamp',
      handle: 'lamp',
      status: 'ACTIVE',
      variants: [{ price: '30.00', sku: 'LAMP', inventoryTracked: false }],
    })
    await ok(
      t,
      closed.apiKey,
      SETTINGS,
      { maintenance: { enabled: true, message: 'Back soon' } },
      'globalSettingsUpdate',
    )
    const shopper = new Shopper(t, 'cart-maint.localhost')
    const json = await shopper.request('POST', '/cart/add.js', { id: lamp.variants.LAMP })
    expect(json.statusCode).toBe(503)
    expect(json.headers['retry-after']).toBeDefined()
    expect(json.json()).toMatchObject({ status: 503, message: 'Cart Error' })
    expect((await shopper.request('POST', '/cart/add', `id=${lamp.variants.LAMP}`)).statusCode).toBe(503)
    expect(shopper.cookie).toBeNull()
    await ok(t, closed.apiKey, SETTINGS, { maintenance: { enabled: false } }, 'globalSettingsUpdate')
    expect((await shopper.request('POST', '/cart/add.js', { id: lamp.variants.LAMP })).statusCode).toBe(200)
  })
})

describe('commerce off', () => {
  it('answers every cart route with "not selling" and writes nothing', async () => {
    const closed = await t.tenant('cart-closed')
    await setCommerce(t, closed.apiKey, false)
    const product = await productWithVariants(t, closed.apiKey, {
      title: 'Lamp',
      handle: 'lamp',
      status: 'ACTIVE',
      variants: [{ price: '30.00', sku: 'LAMP', inventoryTracked: false }],
    })
    const shopper = new Shopper(t, 'cart-closed.localhost')
    const page = await shopper.request('GET', '/cart')
    expect(page.statusCode).toBe(403)
    expect(page.body).toContain('This store is not selling online right now')
    const form = await shopper.request('POST', '/cart/add', `id=${product.variants.LAMP}`)
    expect(form.statusCode).toBe(403)
    expect(form.body).toContain('This store is not selling online right now')
    for (const url of ['/cart.js', '/cart/add.js', '/cart/change.js', '/cart/update.js', '/cart/clear.js']) {
      const response = await shopper.request(url === '/cart.js' ? 'GET' : 'POST', url, { id: product.variants.LAMP })
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({
        status: 403,
        message: 'Cart Error',
        description: 'This store is not selling online right now',
      })
    }
    expect(shopper.cookie).toBeNull()
    const audit = await t.gql<{ auditLog: { nodes: { type: string }[] } }>(
      closed.apiKey,
      '{ auditLog(first: 100) { nodes { type } } }',
    )
    expect(audit.data?.auditLog.nodes.filter((n) => n.type.startsWith('Cart'))).toEqual([])
  })
})

describe('the page cache', () => {
  it("never shows one shopper's cart on a cached page, and serves cached pages to shoppers with a cart", async () => {
    const alice = new Shopper(t, HOST)
    await alice.request('POST', '/cart/add.js', { id: tee.variants['TEE-M'], quantity: 3 })
    const first = await alice.request('GET', '/products/tee')
    expect(first.statusCode).toBe(200)
    expect(first.body).toContain('href="/cart"')
    expect(first.body).toContain('<span data-cart-count></span>')
    expect(first.body).toContain('cart-count.js')
    expect(first.body).not.toContain('TEE-M</')
    const bob = new Shopper(t, HOST)
    const second = await bob.request('GET', '/products/tee')
    expect(second.headers['x-cache']).toBe('HIT')
    expect(second.body).toBe(first.body)
    const again = await alice.request('GET', '/products/tee')
    expect(again.headers['x-cache']).toBe('HIT')
    // The product form posts to /cart/add with the variant picked, and works without JavaScript.
    expect(first.body).toMatch(/<form method="post" action="\/cart\/add"/)
    expect(first.body).toContain('name="id"')
  })
})
