import { describe, expect, it } from 'vitest'
import {
  CART_SHOP_HOST as HOST,
  Shopper,
  setCommerce,
  useCartShop,
  productWithVariants,
} from '../../test/support/cart.js'
import { ok } from '../../test/support/menus.js'
import { untilMainTheme } from '../../test/support/themes.js'

// The cart of a store's host: Shopify's form posts, one shopper's cookie, server prices, and what
// stops a cart (maintenance, commerce off, the page cache). The Ajax API is in cart-ajax.e2e.test.ts.

const selling = useCartShop()

/** A new store `<slug>.localhost`, selling online or not, with one untracked Lamp at 30.00, and a shopper on it. */
async function storeWithLamp(slug: string, commerce: boolean) {
  const store = await selling.t.tenant(slug)
  await setCommerce(selling.t, store.apiKey, commerce)
  const lamp = await productWithVariants(selling.t, store.apiKey, {
    title: 'Lamp',
    handle: 'lamp',
    status: 'ACTIVE',
    variants: [{ price: '30.00', sku: 'LAMP', inventoryTracked: false }],
  })
  return { store, lampId: lamp.variants.LAMP, shopper: new Shopper(selling.t, `${slug}.localhost`) }
}

describe('forms without JavaScript', () => {
  it('adds with a form post, answers 303 to the cart and sets a signed HttpOnly cookie', async () => {
    const shopper = new Shopper(selling.t, HOST)
    const added = await shopper.request(
      'POST',
      '/cart/add',
      `form_type=product&id=${selling.tee.variants['TEE-M']}&quantity=2`,
    )
    expect(added.statusCode).toBe(303)
    expect(added.headers.location).toBe('/cart')
    expect(added.headers['cache-control']).toBe('no-store')
    const cookie = String(added.headers['set-cookie'])
    expect(cookie).toMatch(/^emporium_cart=[\w-]{66}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/)

    const page = await shopper.ownPage('/cart')
    expect(page).toContain('Tee &lt;b&gt;')
    expect(page).toContain('name="updates[')
    expect(page).toContain('action="/checkout"')
    expect(page).toMatch(/Subtotal: <strong>[^<]*25[.,]00/)
  })

  it('changes quantities with /cart/update, removes with /cart/change and empties with /cart/clear', async () => {
    const shopper = new Shopper(selling.t, HOST)
    await shopper.request('POST', '/cart/add', `id=${selling.tee.variants['TEE-M']}&quantity=1`)
    await shopper.request('POST', '/cart/add', `id=${selling.mug.variants.MUG}`)
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
    expect((await shopper.cart()).items.map((i) => i.id)).toEqual([selling.mug.variants.MUG])

    // Shopify's `url_to_remove` is a link: GET /cart/change?id=…&quantity=0.
    await shopper.request('POST', '/cart/add', `id=${selling.tee.variants['TEE-S']}`)
    const link = (await shopper.cart()).items.find((i) => i.id === selling.tee.variants['TEE-S'])!
    expect((await shopper.request('GET', `/cart/change?id=${link.key}&quantity=0`)).statusCode).toBe(303)
    expect((await shopper.cart()).item_count).toBe(2)

    expect((await shopper.request('POST', '/cart/clear', '')).statusCode).toBe(303)
    expect(await shopper.cart()).toMatchObject({ items: [], item_count: 0, total_price: 0 })
  })

  it('follows return_to only to a path of the same store', async () => {
    const shopper = new Shopper(selling.t, HOST)
    const back = await shopper.request('POST', '/cart/add', `id=${selling.mug.variants.MUG}&return_to=/products/mug`)
    expect(back.headers.location).toBe('/products/mug')
    for (const target of ['//evil.example/x', 'https://evil.example/', '/\\evil.example'])
      expect(
        (
          await shopper.request(
            'POST',
            '/cart/add',
            `id=${selling.mug.variants.MUG}&return_to=${encodeURIComponent(target)}`,
          )
        ).headers.location,
      ).toBe('/cart')
  })

  it('shows a refused form post on the cart page with the reason (422), writing nothing', async () => {
    const shopper = new Shopper(selling.t, HOST)
    const refused = await shopper.request('POST', '/cart/add', `id=${selling.tee.variants['TEE-S']}&quantity=5`)
    expect(refused.statusCode).toBe(422)
    expect(refused.body).toContain('You can only add 2 of this item to your cart')
    expect(refused.headers['set-cookie']).toBeUndefined()
  })
})

describe('locales', () => {
  it('serves the cart under a locale prefix, in that language, and keeps the prefix on redirects', async () => {
    await ok(
      selling.t,
      selling.shop.apiKey,
      'mutation ($input: StoreUpdateInput!) { storeUpdate(input: $input) { eventPosition } }',
      { enabledLocales: ['en', 'fr'] },
      'storeUpdate',
    )
    const shopper = new Shopper(selling.t, HOST)
    const added = await shopper.request('POST', '/fr/cart/add', `id=${selling.mug.variants.MUG}`)
    expect(added.statusCode).toBe(303)
    expect(added.headers.location).toBe('/fr/cart')
    const page = await shopper.request('GET', '/fr/cart')
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Votre panier')
    expect(page.body).toContain('action="/fr/cart/update"')
    const json = await shopper.request('GET', '/fr/cart.js')
    expect(json.json().items[0].url).toBe(`/fr/products/mug?variant=${selling.mug.variants.MUG}`)
  })
})

describe('the audit log', () => {
  it("records a shopper's cart changes as the storefront, with no price", async () => {
    const shopper = new Shopper(selling.t, HOST)
    await shopper.request('POST', '/cart/add.js', { id: selling.mug.variants.MUG, quantity: 2, price: 1 })
    const audit = await selling.t.gql<{
      auditLog: { nodes: { type: string; entityType: string; actor: { type: string; id: string }; data: object }[] }
    }>(selling.shop.apiKey, '{ auditLog(first: 250) { nodes { type entityType actor { type id } data } } }')
    expect(audit.errors).toBeUndefined()
    const added = audit.data!.auditLog.nodes.find(
      (n) => n.type === 'CartLineAdded' && (n.data as { variantId: string }).variantId === selling.mug.variants.MUG,
    )
    expect(added).toMatchObject({ entityType: 'cart', actor: { type: 'system', id: 'storefront' } })
    expect(Object.keys(added!.data).sort()).toEqual(['cartId', 'lineId', 'productId', 'quantity', 'variantId'])
  })
})

describe('the cart cookie', () => {
  it('ignores a forged cookie: an empty cart, then a new one', async () => {
    const shopper = new Shopper(selling.t, HOST)
    await shopper.request('POST', '/cart/add.js', { id: selling.mug.variants.MUG, quantity: 1 })
    const [name, value] = shopper.cookie!.split('=') as [string, string]
    const tampered = value.slice(0, 20) + (value[20] === 'A' ? 'B' : 'A') + value.slice(21)
    for (const forged of [`${name}=${tampered}`, `${name}=01900000-0000-7000-8000-000000000001`, `${name}=%%%`]) {
      const stranger = new Shopper(selling.t, HOST)
      stranger.cookie = forged
      expect(await stranger.cart()).toMatchObject({ items: [], item_count: 0 })
      const added = await stranger.request('POST', '/cart/add.js', { id: selling.tee.variants['TEE-M'], quantity: 1 })
      expect(added.statusCode).toBe(200)
      expect(stranger.cookie).not.toBe(forged)
      expect((await stranger.cart()).item_count).toBe(1)
    }
    expect((await shopper.cart()).item_count).toBe(1)
  })

  it("ignores another store's cart cookie", async () => {
    const theirs = new Shopper(selling.t, 'cart-other.localhost')
    await theirs.request('POST', '/cart/add.js', { id: selling.foreign.variants.THEIRS, quantity: 1 })
    expect((await theirs.cart()).item_count).toBe(1)
    const here = new Shopper(selling.t, HOST)
    here.cookie = theirs.cookie
    expect(await here.cart()).toMatchObject({ items: [], item_count: 0 })
  })

  it('does not exist on the platform host', async () => {
    const response = await selling.t.app.inject({ method: 'GET', url: '/cart.js', headers: { host: 'localhost' } })
    expect(response.statusCode).toBe(404)
  })
})

describe('a theme without a cart template', () => {
  it('still shows a working cart page, in plain HTML', async () => {
    const bare = await selling.t.tenant('cart-bare')
    await setCommerce(selling.t, bare.apiKey, true)
    const theme = await untilMainTheme(selling.t, bare.apiKey)
    await ok(
      selling.t,
      bare.apiKey,
      'mutation ($input: ThemeFileDeleteInput!) { themeFileDelete(input: $input) { eventPosition } }',
      { themeId: theme.id, path: 'templates/cart.json' },
      'themeFileDelete',
    )
    const product = await productWithVariants(selling.t, bare.apiKey, {
      title: 'Vase <i>',
      handle: 'vase',
      status: 'ACTIVE',
      variants: [{ price: '14.00', sku: 'VASE', inventoryTracked: false }],
    })
    const shopper = new Shopper(selling.t, 'cart-bare.localhost')
    expect((await shopper.request('POST', '/cart/add', `id=${product.variants.VASE}&quantity=2`)).statusCode).toBe(303)
    const page = await shopper.ownPage('/cart')
    expect(page).toContain('Vase &lt;i&gt;')
    expect(page).toContain('<strong>28.00 USD</strong>')
    expect(page).toContain('action="/checkout"')
  })
})

describe('maintenance', () => {
  it('refuses cart writes while the store is closed, and takes them again after', async () => {
    const SETTINGS =
      'mutation ($input: GlobalSettingsUpdateInput!) { globalSettingsUpdate(input: $input) { eventPosition } }'
    const { store: closed, lampId, shopper } = await storeWithLamp('cart-maint', true)
    await ok(
      selling.t,
      closed.apiKey,
      SETTINGS,
      { maintenance: { enabled: true, message: 'Back soon' } },
      'globalSettingsUpdate',
    )
    const json = await shopper.request('POST', '/cart/add.js', { id: lampId })
    expect(json.statusCode).toBe(503)
    expect(json.headers['retry-after']).toBeDefined()
    expect(json.json()).toMatchObject({ status: 503, message: 'Cart Error' })
    expect((await shopper.request('POST', '/cart/add', `id=${lampId}`)).statusCode).toBe(503)
    expect(shopper.cookie).toBeNull()
    await ok(selling.t, closed.apiKey, SETTINGS, { maintenance: { enabled: false } }, 'globalSettingsUpdate')
    expect((await shopper.request('POST', '/cart/add.js', { id: lampId })).statusCode).toBe(200)
  })
})

describe('commerce off', () => {
  it('answers every cart route with "not selling" and writes nothing', async () => {
    const { store: closed, lampId, shopper } = await storeWithLamp('cart-closed', false)
    const page = await shopper.request('GET', '/cart')
    expect(page.statusCode).toBe(403)
    expect(page.body).toContain('This store is not selling online right now')
    const form = await shopper.request('POST', '/cart/add', `id=${lampId}`)
    expect(form.statusCode).toBe(403)
    expect(form.body).toContain('This store is not selling online right now')
    for (const url of ['/cart.js', '/cart/add.js', '/cart/change.js', '/cart/update.js', '/cart/clear.js']) {
      const response = await shopper.request(url === '/cart.js' ? 'GET' : 'POST', url, { id: lampId })
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({
        status: 403,
        message: 'Cart Error',
        description: 'This store is not selling online right now',
      })
    }
    expect(shopper.cookie).toBeNull()
    const audit = await selling.t.gql<{ auditLog: { nodes: { type: string }[] } }>(
      closed.apiKey,
      '{ auditLog(first: 100) { nodes { type } } }',
    )
    expect(audit.data?.auditLog.nodes.filter((n) => n.type.startsWith('Cart'))).toEqual([])
  })
})

describe('the page cache', () => {
  it("never shows one shopper's cart on a cached page, and serves cached pages to shoppers with a cart", async () => {
    const alice = new Shopper(selling.t, HOST)
    await alice.request('POST', '/cart/add.js', { id: selling.tee.variants['TEE-M'], quantity: 3 })
    const first = await alice.request('GET', '/products/tee')
    expect(first.statusCode).toBe(200)
    expect(first.body).toContain('href="/cart"')
    expect(first.body).toContain('<span data-cart-count></span>')
    expect(first.body).toContain('cart-count.js')
    expect(first.body).not.toContain('TEE-M</')
    const bob = new Shopper(selling.t, HOST)
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
