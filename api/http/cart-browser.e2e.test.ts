import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/support/app.js'
import { browserSupport, useShopInBrowser } from '../../test/support/browser.js'
import { sellingLamp } from '../../test/support/cart.js'

// A shopper fills and empties a cart in a real Chromium, with every request outside the store
// blocked: the product form, the cart page's forms and the header count read from /cart.js.

const chromium = browserSupport()
const t = useTestApp()
const walk = useShopInBrowser(t, {
  handle: 'cart-walk',
  skip: chromium.skip,
  stock: (shop) => sellingLamp(t, shop.apiKey),
})

describe.skipIf(chromium.skip)('a shopper with a cart in a browser', () => {
  it('adds from the product page, changes the quantity, sees the count on cached pages and empties the cart', async () => {
    const { browser, origin } = walk
    const tab = await browser.open(origin, '/products/lamp')
    const { page } = tab
    const count = page.locator('[data-cart-count]')
    expect(await count.textContent()).toBe('')

    await page.locator('select[name="id"]').selectOption({ label: 'Black' })
    await page.getByRole('button', { name: 'Add to cart' }).click()
    await page.waitForURL(`${origin}/cart`)
    expect(await page.locator('h1').textContent()).toBe('Your cart')
    expect(await page.locator('.cart__item').count()).toBe(1)
    expect(await page.locator('.cart__item small').first().textContent()).toBe('Black')
    await expect.poll(() => count.textContent()).toBe('(1)')

    await page.getByLabel('Quantity').fill('2')
    await page.getByRole('button', { name: 'Update cart' }).click()
    await page.waitForURL(`${origin}/cart`)
    expect(await page.locator('.cart__subtotal strong').textContent()).toBe('$70.00')

    // The product page comes from the page cache, shared by every shopper; the count is this shopper's.
    await page.goto(`${origin}/products/lamp`)
    await expect.poll(() => count.textContent()).toBe('(2)')

    await page.getByRole('link', { name: /Cart/ }).click()
    await page.waitForURL(`${origin}/cart`)
    await page.getByRole('button', { name: 'Remove' }).click()
    await page.waitForURL(`${origin}/cart`)
    expect(await page.locator('.cart__empty').textContent()).toBe('Your cart is empty.')
    await expect.poll(() => count.textContent()).toBe('')
    expect(tab.blocked).toEqual([])
    expect(tab.consoleErrors).toEqual([])
    await tab.close()
  })
})
