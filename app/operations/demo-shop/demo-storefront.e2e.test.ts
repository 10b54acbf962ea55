import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/support/app.js'
import { useTestMedia } from '../../../test/support/media.js'
import { textsOf, visit } from '../../../test/support/storefront.js'
import { ensureDemoShop } from '../demo.js'
import { DEMO_PRODUCTS } from './catalog.js'

// What a newcomer sees after `npm start` on an empty data directory: the demo shop is a shop,
// with prices, a buy button, the main menu in the header and the footer menu in the footer.

const t = useTestApp({ pglite: true })
let media: Awaited<ReturnType<typeof useTestMedia>>
let host: string
beforeAll(async () => {
  media = await useTestMedia(t)
  const demo = (await ensureDemoShop(t.platform))!
  expect(demo.shop).toBe('filled')
  host = `demo-store.${t.platform.config.platformHost}`
}, 180_000)
afterAll(async () => {
  await media.cleanup()
})

/** A price as the theme prints one: plain, on sale, or "From …" for a product whose variants differ. */
const PRICE = /<span class="price[^"]*">[^<]*\$\d+\.\d{2}[^<]*<\/span>/
const footerOf = (html: string) => /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? ''
const headerOf = (html: string) => /<header[\s\S]*<\/header>/.exec(html)?.[0] ?? ''

async function page(path: string) {
  const response = await visit(t, host, path)
  expect(response.statusCode, `${path}: ${response.body.slice(0, 300)}`).toBe(200)
  return response.body
}

describe('the demo shop on its storefront', () => {
  it('shows the home page with priced featured products, the main menu and the footer menu', async () => {
    const html = await page('/')
    expect(html).toMatch(PRICE)
    expect(textsOf(headerOf(html), 'a')).toEqual(expect.arrayContaining(['Shop all', 'Apparel', 'News', 'About us']))
    expect(textsOf(footerOf(html), 'a')).toEqual(['Home', 'Featured', 'About us', 'News'])
  })

  it('lists every product with its price on /collections/all', async () => {
    const html = await page('/collections/all')
    const cards = html.split('<a class="product-card"').slice(1)
    expect(cards).toHaveLength(DEMO_PRODUCTS.length)
    for (const card of cards) expect(card).toMatch(PRICE)
  })

  it('sells a product: price, variant picker and an add-to-cart form', async () => {
    const product = DEMO_PRODUCTS[0]!
    const html = await page(`/products/${product.handle}`)
    expect(textsOf(html, 'h1')).toEqual([product.title])
    expect(html).toMatch(PRICE)
    expect(html).toContain('action="/cart/add"')
    expect(textsOf(html, 'button')).toContain('Add to cart')
  })

  it('serves the French home page with both menus translated', async () => {
    const html = await page('/fr/')
    expect(html).toContain('<html lang="fr">')
    expect(textsOf(headerOf(html), 'a')).toEqual(expect.arrayContaining(['Accueil', 'Toute la boutique']))
    expect(textsOf(footerOf(html), 'a')).toEqual(['Accueil', 'Coups de cœur', 'À propos', 'Actualités'])
    expect(html).toMatch(/<span class="price">[^<]*\d[^<]*<\/span>/)
  })
})
