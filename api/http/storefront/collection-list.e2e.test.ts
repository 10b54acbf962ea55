import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp, type Tenant } from '../../../test/support/app.js'
import { createCollection } from '../../../test/support/collections.js'
import { visit } from '../../../test/support/storefront.js'
import { translationApi } from '../../../test/support/translations.js'
import { untilMainTheme } from '../../../test/support/themes.js'

const HOST = 'list-shop.localhost'
const t = useTestApp()
const translations = translationApi(() => t)
let shop: Tenant
let first: { id: string }

/** The collection titles a /collections page lists, in order. */
const listed = (html: string) =>
  [...html.matchAll(/<span class="product-card__title">([^<]*)<\/span>/g)].map((m) => m[1])

// Thirteen published collections: one more than the default theme's page of twelve.
const TITLES = Array.from({ length: 13 }, (_, i) => `Collection ${String.fromCharCode(65 + i)}`)

beforeAll(async () => {
  shop = await translations.multilingual('list-shop')
  await untilMainTheme(t, shop.apiKey)
  for (const title of [...TITLES].reverse()) first = await createCollection(t, shop.apiKey, { title })
  await createCollection(t, shop.apiKey, { title: 'Collection Draft', status: 'DRAFT' })
  const other = await t.tenant('other-list-shop')
  await createCollection(t, other.apiKey, { title: 'Collection Foreign' })
})

describe('/collections', () => {
  it("lists the store's published collections by title, twelve a page, each linked to its page", async () => {
    const first = await visit(t, HOST, '/collections')
    expect(first.statusCode).toBe(200)
    expect(listed(first.body)).toEqual(TITLES.slice(0, 12))
    expect(first.body).toContain('href="/collections/collection-a"')
    expect(first.body).toContain('href="/collections?page=2"')
    expect(first.body).toContain('<link rel="canonical" href="http://list-shop.localhost/collections"')

    const second = await visit(t, HOST, '/collections?page=2')
    expect(listed(second.body)).toEqual(TITLES.slice(12))
    expect(second.body).not.toContain('Draft')
    expect(second.body).not.toContain('Foreign')
  })

  it('shows a collection published after the page was served, on the next visit', async () => {
    await visit(t, HOST, '/collections?page=2')
    await createCollection(t, shop.apiKey, { title: 'Collection Z' })
    expect(listed((await visit(t, HOST, '/collections?page=2')).body)).toEqual([TITLES[12], 'Collection Z'])
  })

  it('shows each collection in the locale of the request, linked under its prefix', async () => {
    await translations.french(shop.apiKey, first.id, [{ key: 'title', value: 'Première', source: TITLES[0]! }])
    const response = await visit(t, HOST, '/fr/collections')
    expect(response.statusCode).toBe(200)
    expect(listed(response.body)[0]).toBe('Première')
    expect(response.body).toContain('href="/fr/collections/collection-a"')
  })
})
