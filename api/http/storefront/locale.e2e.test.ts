import { beforeAll, describe, expect, it } from 'vitest'
import { sourceDigest } from '../../../domain/webstore/translation/digest.js'
import { useTestApp } from '../../../test/support/app.js'
import { ok } from '../../../test/support/menus.js'
import { createProduct } from '../../../test/support/products.js'
import { textsOf, useThemedShop, visit } from '../../../test/support/storefront.js'

const t = useTestApp()
const shop = useThemedShop(t, 'lang-shop')

const STORE_UPDATE = 'mutation ($input: StoreUpdateInput!) { storeUpdate(input: $input) { eventPosition } }'
const REGISTER =
  'mutation ($input: TranslationsRegisterInput!) { translationsRegister(input: $input) { eventPosition } }'

async function translate(resourceId: string, locale: string, key: string, source: string, value: string) {
  await ok(
    t,
    shop.apiKey,
    REGISTER,
    { resourceId, locale, translations: [{ key, value, sourceDigest: sourceDigest(source) }] },
    'translationsRegister',
  )
}

beforeAll(async () => {
  await ok(t, shop.apiKey, STORE_UPDATE, { enabledLocales: ['en', 'fr', 'fr-CA'] }, 'storeUpdate')
  const shirt = await createProduct(t, shop.apiKey, { title: 'Shirt', handle: 'shirt', status: 'ACTIVE' })
  await translate(shirt.id, 'fr', 'title', 'Shirt', 'Chemise')
  const hat = await createProduct(t, shop.apiKey, { title: 'Hat', handle: 'hat', status: 'ACTIVE' })
  await translate(hat.id, 'fr', 'title', 'Hat', 'Chapeau')
  await translate(hat.id, 'fr-CA', 'title', 'Hat', 'Tuque')
})

describe('locale prefixes', () => {
  it('serves the source text without a prefix, with hreflang alternates for every enabled locale', async () => {
    const response = await visit(t, shop.host, '/products/shirt')
    expect(textsOf(response.body, 'h1')).toEqual(['Shirt'])
    expect(response.body).toContain('<html lang="en">')
    expect(response.body).toContain(
      '<link rel="alternate" hreflang="en" href="http://lang-shop.localhost/products/shirt">',
    )
    expect(response.body).toContain(
      '<link rel="alternate" hreflang="fr" href="http://lang-shop.localhost/fr/products/shirt">',
    )
    expect(response.body).toContain(
      '<link rel="alternate" hreflang="fr-CA" href="http://lang-shop.localhost/fr-ca/products/shirt">',
    )
    expect(response.body).toContain(
      '<link rel="alternate" hreflang="x-default" href="http://lang-shop.localhost/products/shirt">',
    )
  })

  it('serves /fr/… with the translation overlay, the theme strings of fr.json and a canonical of its own', async () => {
    const response = await visit(t, shop.host, '/fr/products/shirt')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-language']).toBe('fr')
    expect(response.body).toContain('<html lang="fr">')
    expect(textsOf(response.body, 'h1')).toEqual(['Chemise'])
    expect(response.body).toContain('Aller au contenu')
    expect(response.body).toContain('<link rel="canonical" href="http://lang-shop.localhost/fr/products/shirt">')
    expect(response.body).toContain('action="/fr/search"')
  })

  it('falls back from fr-CA to fr, then to the source', async () => {
    const hat = await visit(t, shop.host, '/fr-ca/products/hat')
    expect(textsOf(hat.body, 'h1')).toEqual(['Tuque'])
    const shirt = await visit(t, shop.host, '/fr-CA/products/shirt')
    expect(textsOf(shirt.body, 'h1')).toEqual(['Chemise'])
    expect(shirt.body).toContain('Aller au contenu')
  })

  it('offers a language switcher whose links lead to this page in each language', async () => {
    const response = await visit(t, shop.host, '/fr/products/shirt')
    const nav = /<nav class="site-header__languages"[\s\S]*?<\/nav>/.exec(response.body)![0]
    expect(nav).toContain('<a href="/products/shirt" hreflang="en" lang="en">English</a>')
    expect(nav).toContain('<a href="/fr/products/shirt" hreflang="fr" lang="fr" aria-current="true">Français</a>')
    expect(nav).toContain('href="/fr-ca/products/shirt"')
  })

  it('treats a prefix that is no enabled locale as part of the path', async () => {
    const response = await visit(t, shop.host, '/de/products/shirt')
    expect(response.statusCode).toBe(404)
  })

  it('prefixes the home page too', async () => {
    const response = await visit(t, shop.host, '/fr')
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<link rel="canonical" href="http://lang-shop.localhost/fr">')
  })
})
