import { gunzipSync } from 'node:zlib'
import type { Locator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import type { Platform } from '../../app/platform.js'
import { useTenant, useTestApp } from '../../test/support/app.js'
import {
  browserSupport,
  launchTestBrowser,
  listenLocally,
  type BrowserTab,
  type TestBrowser,
} from '../../test/support/browser.js'
import { PLAYGROUND_CSP } from './playground.js'

const t = useTestApp()
const shop = useTenant(t, 'playground')
let origin: string

beforeAll(async () => {
  origin = await listenLocally(t.app)
})

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers })

function assetUrls(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="(\/graphiql\/assets\/[^"]+)"/g)].map((match) => match[1]!)
}

describe('GET /graphiql', () => {
  it('serves a page that loads only files of this server, under a Content-Security-Policy of this origin only', async () => {
    const page = await get('/graphiql')
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['content-security-policy']).toBe(PLAYGROUND_CSP)
    expect(PLAYGROUND_CSP).toContain("default-src 'self'")
    expect(PLAYGROUND_CSP).toContain("script-src 'self';")
    expect(page.headers['cache-control']).toBe('no-cache')
    expect(page.body).toContain('<title>GraphiQL</title>')
    expect(page.body).not.toMatch(/https?:\/\/|<script>|serviceWorker/)
    expect(assetUrls(page.body)).toHaveLength(6)
  })

  it('serves each asset under its content hash, cacheable for good, compressed on request', async () => {
    const urls = assetUrls((await get('/graphiql')).body)
    for (const url of urls) {
      const asset = await get(url)
      expect(asset.statusCode, url).toBe(200)
      expect(asset.headers['content-type'], url).toMatch(/^text\/(javascript|css); charset=utf-8$/)
      expect(asset.headers['cache-control'], url).toBe('public, max-age=31536000, immutable')
      expect(asset.headers['x-content-type-options'], url).toBe('nosniff')

      const again = await get(url, { 'if-none-match': String(asset.headers.etag) })
      expect(again.statusCode, url).toBe(304)
    }
    const bundle = urls.find((url) => url.endsWith('/graphiql.min.js'))!
    const plain = await get(bundle)
    const gzipped = await get(bundle, { 'accept-encoding': 'gzip, deflate, br' })
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3)
    expect(gunzipSync(gzipped.rawPayload).equals(plain.rawPayload)).toBe(true)
    // The bundle names its source map relatively; it is there for a developer's tools.
    expect((await get(`${bundle}.map`)).statusCode).toBe(200)
  })

  it('answers 404 for an asset under another hash or name', async () => {
    const bundle = assetUrls((await get('/graphiql')).body).find((url) => url.endsWith('/graphiql.min.js'))!
    expect((await get(bundle.replace(/assets\/[0-9a-f]+\//, 'assets/0000000000000000/'))).statusCode).toBe(404)
    expect((await get(bundle.replace('graphiql.min.js', 'package.json'))).statusCode).toBe(404)
    expect((await get(bundle.replace('graphiql.min.js', '..%2F..%2Fpackage.json'))).statusCode).toBe(404)
  })
})

describe('with GRAPHQL_PLAYGROUND=false', () => {
  it('serves no playground and sends no browser there', async () => {
    // A second API over the same platform, configured otherwise: cheaper than a second database.
    const platform = Object.create(t.platform, {
      config: { value: { ...t.platform.config, graphqlPlayground: false } },
    }) as Platform
    const off = await buildApp(platform)
    try {
      expect((await off.inject({ method: 'GET', url: '/graphiql' })).statusCode).toBe(404)
      const browser = await off.inject({ method: 'GET', url: '/graphql', headers: { accept: 'text/html' } })
      expect(browser.statusCode).not.toBe(302)
      expect(browser.statusCode).toBeLessThan(500)
    } finally {
      await off.close()
    }
  })
})

const chromium = browserSupport()

/** The part of an introspection answer the browser test reads. */
interface IntrospectionAnswer {
  data?: { __schema: { queryType: { name: string } } } | null
  errors?: unknown[]
}

/** Typed as a user would; insertText, because typing "{" keystroke by keystroke gets its "}" closed for us. */
async function replaceEditorText(editor: Locator, text: string): Promise<void> {
  await editor.click()
  await editor.page().keyboard.press('ControlOrMeta+A')
  await editor.page().keyboard.insertText(text)
}

describe.skipIf(chromium.skip)('the playground in a browser, with every outside request blocked', () => {
  let browser: TestBrowser
  let tab: BrowserTab
  /** Every answer to GraphiQL's schema request (the standard introspection query), read as it arrives. */
  const schemaAnswers: Promise<{ status: number; body: IntrospectionAnswer }>[] = []
  beforeAll(async () => {
    browser = await launchTestBrowser()
    tab = await browser.open(origin, '/graphiql')
    tab.page.on('response', (response) => {
      const request = response.request()
      if (new URL(response.url()).pathname !== '/graphql' || request.method() !== 'POST') return
      if ((request.postDataJSON() as { operationName?: string } | null)?.operationName !== 'IntrospectionQuery') return
      schemaAnswers.push(response.json().then((body: IntrospectionAnswer) => ({ status: response.status(), body })))
    })
  })
  afterAll(async () => {
    await tab?.close()
    await browser?.close()
  })

  it('renders GraphiQL, runs a query with the key from the headers editor and shows the result', async () => {
    const { page } = tab
    await page.locator('.graphiql-query-editor .CodeMirror').waitFor({ state: 'visible', timeout: 15_000 })
    // Without a key the schema is not requested; the response pane says how to add one.
    await expect
      .poll(() => page.locator('.graphiql-response').innerText(), { timeout: 10_000 })
      .toContain('Add your API key in the Headers tab')

    await replaceEditorText(
      page.locator('.graphiql-editor-tool .graphiql-editor:not(.hidden) .CodeMirror'),
      JSON.stringify({ Authorization: `Bearer ${shop.apiKey}` }),
    )
    await replaceEditorText(page.locator('.graphiql-query-editor .CodeMirror'), '{ viewer { organization { id } } }')
    await page.locator('.graphiql-execute-button').click()

    await expect
      .poll(() => page.locator('.graphiql-response').innerText(), { timeout: 10_000 })
      .toContain(shop.organizationId)
  })

  it('loads the schema with the key typed: the documentation explorer lists the Query type and its fields, the editor completes them', async () => {
    const { page } = tab
    // The key typed above made GraphiQL ask for the schema; the standard introspection query is answered in full.
    await expect.poll(() => schemaAnswers.length, { timeout: 30_000 }).toBeGreaterThan(0)
    for (const { status, body } of await Promise.all(schemaAnswers)) {
      expect(body.errors, JSON.stringify(body.errors)).toBeUndefined()
      expect(status).toBe(200)
      expect(body.data?.__schema.queryType.name).toBe('Query')
    }

    await page.getByRole('button', { name: 'Show Documentation Explorer' }).click()
    const explorer = page.locator('.graphiql-doc-explorer')
    await explorer.getByText('Root Types').waitFor({ state: 'visible', timeout: 30_000 })
    await explorer
      .locator('.graphiql-doc-explorer-type-name', { hasText: /^Query$/ })
      .first()
      .click()
    await explorer
      .locator('.graphiql-doc-explorer-title', { hasText: /^Query$/ })
      .waitFor({ state: 'visible', timeout: 15_000 })
    for (const field of ['products', 'viewer']) {
      await explorer
        .locator('.graphiql-doc-explorer-field-name', { hasText: new RegExp(`^${field}$`) })
        .waitFor({ state: 'visible', timeout: 15_000 })
    }
    expect(await explorer.locator('.graphiql-doc-explorer-error').allInnerTexts()).toEqual([])

    // Completion comes from the same schema: typing the start of a root field offers it.
    const editor = page.locator('.graphiql-query-editor .CodeMirror')
    await replaceEditorText(editor, '{ ')
    await page.keyboard.type('vie')
    const hint = page.locator('.CodeMirror-hints .CodeMirror-hint', { hasText: /^viewer$/ })
    await hint.waitFor({ state: 'visible', timeout: 15_000 })
    await page.keyboard.press('Escape')
    await hint.waitFor({ state: 'hidden', timeout: 5_000 })

    expect(await page.locator('.graphiql-response').innerText()).not.toMatch(
      /exceeds|Error fetching schema|Add your API key/,
    )
  }, 90_000)

  it('opens a dialog (whose style element the policy must allow)', async () => {
    await tab.page.getByLabel('Open settings dialog').click()
    await tab.page.getByRole('dialog').waitFor({ state: 'visible', timeout: 5_000 })
    await tab.page.keyboard.press('Escape')
  })

  it('loaded nothing from outside, broke no rule of its Content-Security-Policy, logged no error and registered no service worker', async () => {
    expect(tab.blocked).toEqual([])
    expect(await tab.cspViolations()).toEqual([])
    expect(tab.consoleErrors).toEqual([])
    expect(await tab.page.evaluate('navigator.serviceWorker.getRegistrations().then((all) => all.length)')).toBe(0)
  })
})
