import { describe, expect, it } from 'vitest'
import { sourceDigest } from '../../../domain/webstore/translation/digest.js'
import { useTestApp } from '../../../test/support/app.js'
import { browserSupport, useShopInBrowser } from '../../../test/support/browser.js'
import { createCollection } from '../../../test/support/collections.js'
import { addItem, createMenu, ok } from '../../../test/support/menus.js'
import { sellingLamp } from '../../../test/support/cart.js'

// A shopper's walk in a real Chromium, with every request outside the store blocked: home → menu
// → collection → product → another variant (a plain form) → French → a missing page; and the
// collection list → a collection.

const chromium = browserSupport()
const t = useTestApp()
const walk = useShopInBrowser(t, {
  handle: 'walk-shop',
  skip: chromium.skip,
  stock: async (shop) => {
    const lamp = await sellingLamp(t, shop.apiKey)
    await ok(
      t,
      shop.apiKey,
      'mutation ($input: StoreUpdateInput!) { storeUpdate(input: $input) { eventPosition } }',
      { enabledLocales: ['en', 'fr'] },
      'storeUpdate',
    )
    await ok(
      t,
      shop.apiKey,
      'mutation ($input: TranslationsRegisterInput!) { translationsRegister(input: $input) { eventPosition } }',
      {
        resourceId: lamp.id,
        locale: 'fr',
        translations: [{ key: 'title', value: 'Lampe', sourceDigest: sourceDigest('Lamp') }],
      },
      'translationsRegister',
    )
    const lighting = await createCollection(t, shop.apiKey, { title: 'Lighting', handle: 'lighting' })
    await ok(
      t,
      shop.apiKey,
      'mutation ($input: CollectionProductsAddInput!) { collectionProductsAdd(input: $input) { eventPosition } }',
      { collectionId: lighting.id, productIds: [lamp.id] },
      'collectionProductsAdd',
    )
    const menu = await createMenu(t, shop.apiKey, { title: 'Main', handle: 'main-menu' })
    await addItem(t, shop.apiKey, {
      menuId: menu.id,
      title: 'Lighting',
      link: { type: 'COLLECTION', resourceId: lighting.id },
    })
  },
})

describe.skipIf(chromium.skip)('a shopper in a browser', () => {
  it('walks from home to a product, picks a variant, switches language and meets the 404', async () => {
    const { browser, origin } = walk
    const tab = await browser.open(origin, '/')
    const { page } = tab
    expect(await page.title()).toBe('Store walk-shop')
    await page.getByRole('link', { name: 'Lighting' }).click()
    await page.waitForURL(`${origin}/collections/lighting`)
    expect(await page.locator('h1').textContent()).toBe('Lighting')
    await page.getByRole('link', { name: /Lamp/ }).click()
    await page.waitForURL(`${origin}/products/lamp`)
    expect(await page.locator('.product__info .price').first().textContent()).toBe('$30.00')

    await page.locator('select[name="variant"]').selectOption({ label: 'Black' })
    await page.getByRole('button', { name: 'Show' }).click()
    await page.waitForURL(/\/products\/lamp\?variant=/)
    expect(await page.locator('.product__info .price').first().textContent()).toBe('$35.00')
    expect(await page.locator('select[name="id"] option:checked').textContent()).toBe('Black')

    await page.getByRole('link', { name: 'Français' }).click()
    await page.waitForURL(`${origin}/fr/products/lamp`)
    expect(await page.locator('h1').textContent()).toBe('Lampe')
    expect(await page.getAttribute('html', 'lang')).toBe('fr')
    expect(tab.consoleErrors).toEqual([])

    const missing = await page.goto(`${origin}/fr/pages/nowhere`)
    expect(missing?.status()).toBe(404)
    expect(await page.locator('h1').textContent()).toBe('Page introuvable')
    expect(tab.blocked).toEqual([])
    // The browser reports the 404 of the page itself, and nothing else.
    expect(tab.consoleErrors.filter((line) => !line.includes('404'))).toEqual([])
    await tab.close()
  })

  it('browses the collection list to a collection', async () => {
    const { browser, origin } = walk
    const tab = await browser.open(origin, '/collections')
    const { page } = tab
    expect(await page.locator('h1').textContent()).toBe('Collections')
    await page.locator('.collection-list').getByRole('link', { name: 'Lighting' }).click()
    await page.waitForURL(`${origin}/collections/lighting`)
    expect(await page.locator('h1').textContent()).toBe('Lighting')
    expect(tab.blocked).toEqual([])
    expect(tab.consoleErrors).toEqual([])
    await tab.close()
  })
})
