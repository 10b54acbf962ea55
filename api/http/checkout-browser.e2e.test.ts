import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ensureDemoShop, type DemoShop } from '../../app/operations/demo.js'
import { useTestApp } from '../../test/support/app.js'
import { browserSupport, launchTestBrowser, listenLocally, type TestBrowser } from '../../test/support/browser.js'
import { useTestMedia } from '../../test/support/media.js'

// The demo shop bought from in a real Chromium, every request outside the store blocked: product
// → add to cart → cart → checkout → pay on the TEST page → confirmation "Paid". Once with
// JavaScript on, once with it off (forms only).

const chromium = browserSupport()
const t = useTestApp({ pglite: true })
let media: Awaited<ReturnType<typeof useTestMedia>>
let demo: DemoShop
let browser: TestBrowser
let origin: string

beforeAll(async () => {
  media = await useTestMedia(t)
  demo = (await ensureDemoShop(t.platform))!
  expect(demo.shop).toBe('filled')
  const configured = await t.gql(
    demo.apiKey,
    'mutation ($input: PaymentProviderConfigureInput!) { paymentProviderConfigure(input: $input) { eventPosition } }',
    { input: { provider: 'TEST', webhookSigningSecret: `whsec_${randomBytes(24).toString('hex')}` } },
  )
  expect(configured.errors).toBeUndefined()
  const local = new URL(await listenLocally(t.app))
  origin = `http://${demo.storeSlug}.localhost:${local.port}`
  if (!chromium.skip) browser = await launchTestBrowser()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await media?.cleanup()
})

describe.skipIf(chromium.skip)('buying from the demo shop in a browser', () => {
  it.each([
    ['with JavaScript', true],
    ['without JavaScript (forms only)', false],
  ])('%s: product → cart → checkout → pay → paid', async (_name, javaScript) => {
    const tab = await browser.open(origin, '/products/classic-cotton-tee', { javaScript })
    const { page } = tab
    const failed: string[] = []
    page.on('requestfailed', (request) => {
      const reason = request.failure()?.errorText
      // Clicking the buy button scrolls lazy images into view and then leaves the page: the browser
      // cancels their loads (ERR_ABORTED), as for any shopper who moves on. Errors from the server
      // still show, as statuses, below.
      if (reason === 'net::ERR_ABORTED' && request.resourceType() === 'image') return
      failed.push(`${request.url()}: ${reason}`)
    })
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.url()}: ${response.status()}`)
    })
    await page.getByRole('button', { name: /add to cart/i }).click()
    await page.waitForURL(`${origin}/cart`)
    expect(await page.locator('body').textContent()).toContain('Classic Cotton Tee')

    await page.getByRole('button', { name: /check ?out/i }).click()
    await page.waitForURL(`${origin}/checkout`)
    expect(await page.title()).toBe('Checkout – Demo Store')
    await page.getByLabel('Email').fill('shopper@example.com')
    await page.getByLabel('First name').fill('Grace')
    await page.getByLabel('Last name').fill('Hopper')
    await page.getByLabel('Address', { exact: true }).fill('1 Navy Way')
    await page.getByLabel('City').fill('Arlington')
    await page.getByLabel('Postal code').fill('22201')
    await page.getByLabel('Country').selectOption('US')
    await page.getByRole('button', { name: 'Continue to payment' }).click()

    await page.waitForURL(/\/checkout\/test-pay\/cs_test_/)
    await page.getByRole('button', { name: /^Pay / }).click()
    await page.waitForURL(/\/checkout\/orders\/[0-9a-f-]{36}\?key=/)
    // The webhook's sync may land a moment after the redirect: a shopper reloads, as the page says.
    await vi.waitFor(
      async () => {
        if ((await page.locator('[role="status"]').textContent()) !== 'Paid') {
          await page.reload()
          expect(await page.locator('[role="status"]').textContent()).toBe('Paid')
        }
      },
      { timeout: 10_000, interval: 100 },
    )
    expect(await page.locator('h1').textContent()).toMatch(/^Order #\d{4}$/)

    expect(failed).toEqual([])
    expect(tab.blocked).toEqual([])
    expect(tab.consoleErrors).toEqual([])
    expect(await tab.cspViolations()).toEqual([])
    await tab.close()
  })
})
