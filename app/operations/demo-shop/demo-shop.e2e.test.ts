import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../test/support/app.js'
import { useTestMedia } from '../../../test/support/media.js'
import { ensureDemoShop, type DemoShop } from '../demo.js'
import { openPaymentProvider, webhookSigningSecrets } from '../../payments/provider/open.js'
import { APPAREL_HANDLES, DEMO_PRODUCTS, FEATURED_HANDLES } from './catalog.js'

// `npm start` on an empty data directory: the demo shop, seeded through the command path on the
// embedded PGlite backend (whatever DATABASE_URL says), then read back as an integration would.

let t: TestApp
let media: Awaited<ReturnType<typeof useTestMedia>>
let demo: DemoShop
beforeAll(async () => {
  t = await startTestApp({ pglite: true })
  media = await useTestMedia(t)
  demo = (await ensureDemoShop(t.platform))!
}, 180_000)
afterAll(async () => {
  await t.close()
  await media.cleanup()
})

async function read<Data>(query: string, variables: Record<string, unknown> = {}): Promise<Data> {
  const response = await t.gql<Data>(demo.apiKey, query, variables)
  expect(response.errors).toBeUndefined()
  return response.data!
}

describe('the demo shop on an empty embedded data directory', () => {
  it('is a store with an all-scopes key, a storefront URL under the platform host, and a filled shop', () => {
    expect(demo).toMatchObject({
      storeSlug: 'demo-store',
      storefrontUrl: `http://demo-store.${t.platform.config.platformHost}:${t.platform.config.port}/`,
      shop: 'filled',
    })
    expect(demo.apiKey).toMatch(/^wmk_/)
  })

  it('takes payments offline: the TEST provider is configured with a generated signing secret', async () => {
    const { paymentProviders } = await read<{ paymentProviders: Record<string, unknown>[] }>(
      '{ paymentProviders { provider secretKeyLast4 signingSecretLast4 } }',
    )
    expect(paymentProviders).toEqual([
      { provider: 'TEST', secretKeyLast4: null, signingSecretLast4: expect.stringMatching(/^.{4}$/) },
    ])
    const secrets = await webhookSigningSecrets(t.platform, demo.storeId, 'TEST')
    expect(secrets).toEqual([expect.stringMatching(/^whsec_/)])
    expect((await openPaymentProvider(t.platform, demo.storeId))?.kind).toBe('TEST')
  })

  it("sells eight ACTIVE products with SEO, options, priced and stocked variants, each showing its colour's picture", async () => {
    const { products } = await read<{
      products: {
        totalCount: number
        nodes: {
          handle: string
          status: string
          seo: { title: string; description: string }
          options: { name: string; values: string[] }[]
          media: { id: string; mimeType: string; width: number; url: string }[]
          variants: { sku: string; price: { amount: string }; inventoryQuantity: number; image: { id: string } }[]
        }[]
      }
    }>(`{ products(limit: 50, sort: TITLE_ASC) { totalCount nodes { handle status seo { title description }
          options { name values } media { id mimeType width url }
          variants { sku price { amount currencyCode } inventoryQuantity image { id } } } } }`)
    expect(products.totalCount).toBe(DEMO_PRODUCTS.length)
    for (const product of products.nodes) {
      const expected = DEMO_PRODUCTS.find((p) => p.handle === product.handle)!
      expect(product.status).toBe('ACTIVE')
      expect(product.seo.description).toBe(expected.seoDescription)
      expect(product.options).toEqual([{ name: expected.option, values: expected.variants.map((v) => v.value) }])
      expect(product.variants.map((v) => [v.price.amount, v.inventoryQuantity])).toEqual(
        expected.variants.map((v) => [v.price, v.stock]),
      )
      expect(product.variants.length).toBeGreaterThanOrEqual(2)
      // One picture per colour, in variant order; each variant shows its colour's.
      const colours = [...new Set(expected.variants.map((v) => v.colour))]
      expect(product.media).toHaveLength(colours.length)
      expect(product.variants.map((v) => v.image.id)).toEqual(
        expected.variants.map((v) => product.media[colours.indexOf(v.colour)]!.id),
      )
      expect(product.media[0]).toMatchObject({ mimeType: 'image/webp', width: 800 })
    }
  })

  it('stores the pictures through the media pipeline and serves them from /storage', async () => {
    const { products } = await read<{ products: { nodes: { media: { url: string }[] }[] } }>(
      '{ products(limit: 1) { nodes { media { url } } } }',
    )
    const picture = await t.app.inject({ method: 'GET', url: products.nodes[0]!.media[0]!.url })
    expect(picture.statusCode).toBe(200)
    expect(picture.headers['content-type']).toBe('image/webp')
    const productPictures = DEMO_PRODUCTS.reduce((sum, p) => sum + new Set(p.variants.map((v) => v.colour)).size, 0)
    // The products' pictures, the featured collection's and the blog post's cover.
    expect((await media.files()).length).toBeGreaterThanOrEqual(productPictures + 2)
  })

  it('publishes three collections, and the home page features the "featured" one', async () => {
    const data = await read<{
      collections: {
        nodes: { handle: string; status: string; type: string; products: { nodes: { handle: string }[] } }[]
      }
      themes: {
        nodes: { role: string; template: { sections: { type: string; settings: { collection?: string } }[] } }[]
      }
    }>(`{ collections(sort: TITLE_ASC) { nodes { handle status type products(limit: 20) { nodes { handle } } } }
          themes { nodes { role template(name: "index") { sections { type settings } } } } }`)
    const byHandle = Object.fromEntries(data.collections.nodes.map((c) => [c.handle, c]))
    expect(Object.keys(byHandle).sort()).toEqual(['apparel', 'featured', 'home-living'])
    expect(data.collections.nodes.every((c) => c.status === 'PUBLISHED')).toBe(true)
    expect(byHandle.featured!.products.nodes.map((p) => p.handle)).toEqual(FEATURED_HANDLES)
    expect(byHandle.apparel!.products.nodes.map((p) => p.handle)).toEqual(APPAREL_HANDLES)
    expect(byHandle['home-living']).toMatchObject({ type: 'SMART' })
    expect(byHandle['home-living']!.products.nodes.map((p) => p.handle).sort()).toEqual(
      DEMO_PRODUCTS.filter((p) => p.tags.includes('home'))
        .map((p) => p.handle)
        .sort(),
    )
    const main = data.themes.nodes.find((theme) => theme.role === 'MAIN')!
    const featured = main.template.sections.filter((s) => s.type === 'featured-collection')
    expect(featured.length).toBeGreaterThan(0)
    expect(featured.every((s) => s.settings.collection === 'featured')).toBe(true)
  })

  it('publishes the About page and the News blog with a post with a cover', async () => {
    const data = await read<{
      pages: { nodes: { handle: string; status: string; visible: boolean }[] }
      blogs: {
        nodes: {
          handle: string
          title: string
          posts: { nodes: { handle: string; status: string; visible: boolean; cover: { id: string } | null }[] }
        }[]
      }
    }>(`{ pages { nodes { handle status visible } }
          blogs { nodes { handle title posts { nodes { handle status visible cover { id } } } } } }`)
    expect(data.pages.nodes).toEqual([{ handle: 'about-us', status: 'PUBLISHED', visible: true }])
    expect(data.blogs.nodes).toHaveLength(1)
    expect(data.blogs.nodes[0]).toMatchObject({ handle: 'news', title: 'News' })
    const [post] = data.blogs.nodes[0]!.posts.nodes
    expect(post).toMatchObject({ handle: 'welcome', status: 'PUBLISHED', visible: true })
    expect(post!.cover).not.toBeNull()
  })

  it('links home, the collections, the page and the blog from the main and footer menus', async () => {
    const menu = async (handle: string) =>
      (
        await read<{ menu: { brokenLinks: unknown[]; items: { title: string; link: { type: string } }[] } }>(
          'query ($handle: String) { menu(handle: $handle) { brokenLinks { itemId } items { title link { type } } } }',
          { handle },
        )
      ).menu
    const main = await menu('main-menu')
    const footer = await menu('footer')
    expect(main.items.map((i) => [i.title, i.link.type])).toEqual([
      ['Home', 'HOME'],
      ['Shop all', 'URL'],
      ['Apparel', 'COLLECTION'],
      ['Home & Living', 'COLLECTION'],
      ['News', 'BLOG'],
      ['About us', 'PAGE'],
    ])
    expect(footer.items.map((i) => i.link.type)).toEqual(['HOME', 'COLLECTION', 'PAGE', 'BLOG'])
    expect([...main.brokenLinks, ...footer.brokenLinks]).toEqual([])
  })

  it('speaks French too', async () => {
    const data = await read<{
      store: { enabledLocales: string[] }
      product: { title: string; description: string }
      page: { title: string }
      menu: { items: { title: string }[] }
    }>(`{ store { enabledLocales } product(handle: "classic-cotton-tee") { title(locale: "fr") description(locale: "fr") }
          page(handle: "about-us") { title(locale: "fr") } menu(handle: "main-menu") { items { title(locale: "fr") } } }`)
    expect(data.store.enabledLocales).toEqual(['en', 'fr'])
    expect(data.product).toEqual({ title: DEMO_PRODUCTS[0]!.fr.title, description: DEMO_PRODUCTS[0]!.fr.description })
    expect(data.page.title).toBe('À propos')
    expect(data.menu.items[0]!.title).toBe('Accueil')
  })

  it('records every write in the audit log as the demo actor, under one correlation id', async () => {
    const { auditLog } = await read<{
      auditLog: { totalCount: number; nodes: { actor: { type: string; id: string }; correlationId: string }[] }
    }>(
      '{ auditLog(first: 250, filter: { actorId: "demo-seed" }) { totalCount nodes { actor { type id } correlationId } } }',
    )
    expect(auditLog.totalCount).toBeGreaterThan(50)
    expect(new Set(auditLog.nodes.map((n) => `${n.actor.type}:${n.actor.id}`))).toEqual(new Set(['system:demo-seed']))
    expect(new Set(auditLog.nodes.map((n) => n.correlationId)).size).toBe(1)
  })

  it('seeds nothing on the next start', async () => {
    const before = await t.platform.eventStore.countAll()
    expect(await ensureDemoShop(t.platform)).toBeNull()
    expect(await t.platform.eventStore.countAll()).toBe(before)
  })
})

describe('with DATABASE_URL', () => {
  it('seeds nothing: a Postgres database starts empty on purpose', async () => {
    // On Postgres when the environment has it; else the embedded database with the URL configured.
    const postgres = await startTestApp(
      process.env.DATABASE_URL ? {} : { config: { databaseUrl: 'postgres://postgres@127.0.0.1:5432/emporium' } },
    )
    try {
      expect(await ensureDemoShop(postgres.platform)).toBeNull()
      expect(await postgres.platform.database.db.selectFrom('stores').select('id').execute()).toEqual([])
      expect(await postgres.platform.eventStore.countAll()).toBe(0)
    } finally {
      await postgres.close()
    }
  })
})

describe('with DEMO_SHOP=false', () => {
  it('creates the demo store and its key, and no shop in it', async () => {
    const bare = await startTestApp({ pglite: true, config: { demoShop: false } })
    try {
      const tenant = (await ensureDemoShop(bare.platform))!
      expect(tenant).toMatchObject({ storeSlug: 'demo-store', shop: 'empty' })
      const response = await bare.gql<{ products: { totalCount: number }; menus: { totalCount: number } }>(
        tenant.apiKey,
        '{ products { totalCount } menus { totalCount } }',
      )
      expect(response.data).toEqual({ products: { totalCount: 0 }, menus: { totalCount: 0 } })
    } finally {
      await bare.close()
    }
  })
})
