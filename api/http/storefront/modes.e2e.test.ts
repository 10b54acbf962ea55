import { beforeAll, describe, expect, it } from 'vitest'
import { defaultThemeFiles } from '../../../domain/webstore/theme/default-theme.js'
import { useTxtResolver } from '../../../infra/dns/txt.js'
import { useTestApp } from '../../../test/support/app.js'
import { setCommerce } from '../../../test/support/cart.js'
import { ok } from '../../../test/support/menus.js'
import { createProduct } from '../../../test/support/products.js'
import { textsOf, useThemedShop, visit } from '../../../test/support/storefront.js'

// Catalog mode, maintenance, the primary domain and a theme that tries to hurt the platform.

const t = useTestApp()
const shop = useThemedShop(t, 'mode-shop')

const SETTINGS =
  'mutation ($input: GlobalSettingsUpdateInput!) { globalSettingsUpdate(input: $input) { eventPosition } }'
const FILE = 'mutation ($input: ThemeFileUpsertInput!) { themeFileUpsert(input: $input) { eventPosition } }'

const records = new Map<string, string>()

beforeAll(async () => {
  useTxtResolver(t.platform, async (name) => (records.has(name) ? [[records.get(name)!]] : []))
  await createProduct(t, shop.apiKey, {
    title: 'Lamp',
    handle: 'lamp',
    status: 'ACTIVE',
    variants: [{ price: '42.00', inventoryQuantity: 3 }],
  })
})

describe('commerce toggle', () => {
  it('shows prices and the buy form when the store sells, and hides both in catalog mode', async () => {
    await setCommerce(t, shop.apiKey, true)
    const selling = await visit(t, shop.host, '/products/lamp')
    expect(selling.body).toContain('$42.00')
    expect(selling.body).toContain('action="/cart/add"')
    expect(selling.body).toContain('"offers"')

    await setCommerce(t, shop.apiKey, false)
    const catalog = await visit(t, shop.host, '/products/lamp')
    expect(catalog.statusCode).toBe(200)
    expect(textsOf(catalog.body, 'h1')).toEqual(['Lamp'])
    expect(catalog.body).not.toContain('$42.00')
    expect(catalog.body).not.toContain('action="/cart/add"')
    expect(catalog.body).not.toContain('"offers"')
    expect(catalog.body).not.toContain('og:price:amount')
  })

  it('hides prices and the buy form in catalog mode in a theme that never asks shop.commerce_enabled', async () => {
    // As Shopify's own themes are written: prices through `money`, the buy button in a product form.
    const section = [
      '<h1>{{ product.title }}</h1>',
      '<p class="price">{{ product.price | money }}|{{ product.price_min | money }}|{{ product.variants.first.price | money }}</p>',
      "{% form 'product', product %}<button>Add to cart</button>{% endform %}",
    ].join('')
    const original = defaultThemeFiles().find((file) => file.path === 'sections/main-product.liquid')!.content
    const upsert = (content: string) =>
      ok(
        t,
        shop.apiKey,
        FILE,
        { themeId: shop.theme.id, path: 'sections/main-product.liquid', content },
        'themeFileUpsert',
      )
    await upsert(section)
    try {
      await setCommerce(t, shop.apiKey, true)
      const selling = await visit(t, shop.host, '/products/lamp')
      expect(selling.body).toContain('<p class="price">$42.00|$42.00|$42.00</p>')
      expect(selling.body).toContain('Add to cart')

      await setCommerce(t, shop.apiKey, false)
      const catalog = await visit(t, shop.host, '/products/lamp')
      expect(textsOf(catalog.body, 'h1')).toEqual(['Lamp'])
      expect(catalog.body).toContain('<p class="price">||</p>')
      expect(catalog.body).not.toContain('Add to cart')
      expect(catalog.body).not.toContain('action="/cart/add"')
    } finally {
      await upsert(original)
    }
  })
})

describe('maintenance', () => {
  it('answers 503 with Retry-After and the themed page carrying the message, then serves again', async () => {
    await ok(
      t,
      shop.apiKey,
      SETTINGS,
      { maintenance: { enabled: true, message: 'Back at <noon>' } },
      'globalSettingsUpdate',
    )
    const closed = await visit(t, shop.host, '/products/lamp')
    expect(closed.statusCode).toBe(503)
    expect(closed.headers['retry-after']).toBe('300')
    expect(closed.body).toContain('Back at &lt;noon&gt;')
    expect(closed.body).toContain('<header id="shopify-section-header"')
    expect(closed.body).not.toContain('Lamp')
    // Crawlers are told to come back, not sent to pages that answer 503; robots.txt still answers.
    for (const path of ['/sitemap.xml', '/sitemap_products_1.xml']) {
      const sitemap = await visit(t, shop.host, path)
      expect(sitemap.statusCode).toBe(503)
      expect(sitemap.headers['retry-after']).toBe('300')
      expect(sitemap.body).not.toContain('/products/lamp')
    }
    expect((await visit(t, shop.host, '/robots.txt')).statusCode).toBe(200)

    await ok(t, shop.apiKey, SETTINGS, { maintenance: { enabled: false } }, 'globalSettingsUpdate')
    expect((await visit(t, shop.host, '/products/lamp')).statusCode).toBe(200)
    const sitemap = await visit(t, shop.host, '/sitemap_products_1.xml')
    expect(sitemap.statusCode).toBe(200)
    expect(sitemap.body).toContain('/products/lamp')
  })
})

describe('primary domain', () => {
  it('answers 301 from the platform subdomain to the primary domain, path and query kept', async () => {
    const added = await ok<{ storeDomain: { id: string; verificationRecord: { name: string; value: string } } }>(
      t,
      shop.apiKey,
      'mutation ($input: StoreDomainAddInput!) { storeDomainAdd(input: $input) { storeDomain { id verificationRecord { name value } } } }',
      { hostname: 'shop.mode.example' },
      'storeDomainAdd',
    )
    const domain = added.storeDomain
    records.set(domain.verificationRecord.name, domain.verificationRecord.value)
    for (const mutation of ['storeDomainVerify', 'storeDomainSetPrimary'])
      await ok(
        t,
        shop.apiKey,
        `mutation ($input: ${mutation[0]!.toUpperCase()}${mutation.slice(1)}Input!) { ${mutation}(input: $input) { eventPosition } }`,
        { id: domain.id },
        mutation,
      )
    const redirected = await visit(t, shop.host, '/products/lamp?variant=1&utm=x')
    expect(redirected.statusCode).toBe(301)
    expect(redirected.headers.location).toBe('http://shop.mode.example/products/lamp?variant=1&utm=x')
    const served = await visit(t, 'shop.mode.example', '/products/lamp')
    expect(served.statusCode).toBe(200)
    expect(served.body).toContain('<link rel="canonical" href="http://shop.mode.example/products/lamp">')
  })
})

describe('a theme cannot hurt the platform', () => {
  const upsert = (path: string, content: string) =>
    ok(t, shop.apiKey, FILE, { themeId: shop.theme.id, path, content }, 'themeFileUpsert')
  const host = () => 'shop.mode.example'

  it('bounds a template that loops almost forever: the request gets the error page, the process goes on', async () => {
    await upsert(
      'sections/main-page.liquid',
      '{% for i in (1..100000000) %}{% for j in (1..100) %}x{% endfor %}{% endfor %}',
    )
    await upsert('templates/page.json', '{"sections":{"main":{"type":"main-page"}},"order":["main"]}')
    await ok(
      t,
      shop.apiKey,
      'mutation ($input: PageCreateInput!) { pageCreate(input: $input) { eventPosition } }',
      { title: 'Loop', handle: 'loop', status: 'PUBLISHED' },
      'pageCreate',
    )
    const started = Date.now()
    const response = await visit(t, host(), '/pages/loop')
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(response.statusCode).toBe(500)
    expect(response.body).toContain('Something went wrong')
    expect(response.body).not.toMatch(/liquid|stack|Error:/i)
    expect((await visit(t, host(), '/products/lamp')).statusCode).toBe(200)
  })

  it('bounds a template whose output grows without end', async () => {
    await upsert(
      'sections/main-page.liquid',
      "{% assign s = 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' %}{% for i in (1..30) %}{% assign s = s | append: s %}{% endfor %}{{ s }}",
    )
    const response = await visit(t, host(), '/pages/loop')
    expect(response.statusCode).toBe(500)
    expect(response.body.length).toBeLessThan(10_000)
  })

  it('reads snippets from the theme only, never from the disk', async () => {
    await upsert('sections/main-page.liquid', "{% render '../../../../etc/passwd' %}{% include '/etc/hostname' %}")
    const response = await visit(t, host(), '/pages/loop')
    expect(response.body).not.toContain('root:')
    expect(response.statusCode).toBe(500)
  })
})
