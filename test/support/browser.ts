import { existsSync } from 'node:fs'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import type { Tenant, TestApp } from './app.js'
import { perFile } from './per-file.js'
import { untilMainTheme } from './themes.js'

/**
 * Browser tests: a real Chromium (Debian's `chromium` package, driven by `playwright-core`, no
 * downloaded browser) against the API listening on a local port. Everything a page requests from
 * another origin is blocked and recorded, so a test proves the page works offline.
 *
 * ```ts
 * const chromium = browserSupport()
 * describe.skipIf(chromium.skip)('the page in a browser', () => {
 *   let browser: TestBrowser
 *   beforeAll(async () => { browser = await launchTestBrowser() })
 *   afterAll(() => browser?.close())
 *   it('renders', async () => {
 *     const tab = await browser.open(await listenLocally(t.app), '/some/page')
 *     …
 *     expect(tab.blocked).toEqual([])
 *     expect(tab.consoleErrors).toEqual([])
 *     expect(await tab.cspViolations()).toEqual([])
 *   })
 * })
 * ```
 *
 * Without chromium the tests skip with a printed reason, unless `CI` is set: there a missing
 * browser fails them (`.ci/run` installs it).
 */

/** Flags for a quiet, offline, container-friendly Chromium: no sandbox (runs as root in CI), no GPU, no background calls home. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** `$CHROMIUM_PATH`, else Debian's `/usr/bin/chromium`. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium'
}

/**
 * Whether browser tests can run here. Outside CI a missing browser skips them (and says why on
 * the console); under CI they run and fail in `launchTestBrowser` with the reason.
 */
export function browserSupport(): { skip: boolean; reason?: string } {
  const executable = chromiumPath()
  if (existsSync(executable)) return { skip: false }
  const reason = `no chromium at ${executable}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`
  if (process.env.CI) return { skip: false, reason }
  console.warn(`browser tests skipped: ${reason}`)
  return { skip: true, reason }
}

/** The part of a Fastify app `listenLocally` needs (any app: the API, a storefront). */
interface Listenable {
  listen(options: { port: number; host: string }): Promise<string>
}

/** Starts the app on a free local port (closed by `app.close()`) and gives its origin, `http://127.0.0.1:<port>`. */
export async function listenLocally(app: Listenable): Promise<string> {
  return new URL(await app.listen({ port: 0, host: '127.0.0.1' })).origin
}

export interface BrowserTab {
  page: Page
  context: BrowserContext
  /** URLs the page tried to reach outside the server's origin; every one was blocked. */
  blocked: string[]
  /** `console.error` lines, failed loads the browser reports on the console, and uncaught exceptions. */
  consoleErrors: string[]
  /** Content-Security-Policy violations the page reported, as `directive: blocked URI`. */
  cspViolations(): Promise<string[]>
  close(): Promise<void>
}

export interface TestBrowser {
  /** A fresh context (no cookies, no storage) with one page open at `origin + path`; `javaScript: false` browses with forms only. */
  open(origin: string, path: string, options?: { javaScript?: boolean }): Promise<BrowserTab>
  close(): Promise<void>
}

/** One launch per test file: contexts are cheap, browsers are not. */
export async function launchTestBrowser(): Promise<TestBrowser> {
  const { reason } = browserSupport()
  if (reason) throw new Error(`browser tests need chromium (CI is set, so they fail instead of skipping): ${reason}`)
  const browser: Browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    timeout: 30_000,
  })
  return {
    open: (origin, path, options) => openTab(browser, origin, path, options?.javaScript ?? true),
    close: () => browser.close(),
  }
}

const CSP_RECORDER = `(() => {
  const violations = []
  Object.defineProperty(window, '__cspViolations', { value: violations })
  document.addEventListener('securitypolicyviolation', (event) => violations.push(event.effectiveDirective + ': ' + (event.blockedURI || 'inline')))
})()`

async function openTab(browser: Browser, origin: string, path: string, javaScript = true): Promise<BrowserTab> {
  const context = await browser.newContext({ javaScriptEnabled: javaScript })
  const blocked: string[] = []
  const consoleErrors: string[] = []
  const sameOrigin = (url: string) => new URL(url).origin === origin
  await context.route('**/*', (route) => {
    const url = route.request().url()
    if (sameOrigin(url)) return route.continue()
    blocked.push(url)
    return route.abort('blockedbyclient')
  })
  await context.routeWebSocket(/.*/, (socket) => {
    if (sameOrigin(socket.url().replace(/^ws/, 'http'))) return socket.connectToServer()
    blocked.push(socket.url())
    return socket.close({ code: 1008, reason: 'outside requests are blocked in browser tests' })
  })
  // Runs before any page script, so a violation during start-up is seen too. Page code is given
  // as text: this project compiles without the DOM's types.
  await context.addInitScript({ content: CSP_RECORDER })
  const page = await context.newPage()
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`))
  await page.goto(origin + path)
  return {
    page,
    context,
    blocked,
    consoleErrors,
    // Without JavaScript no page script runs, so nothing can report a violation (and evaluate cannot run).
    cspViolations: async () => (javaScript ? ((await page.evaluate('[...window.__cspViolations]')) as string[]) : []),
    close: () => context.close(),
  }
}

/** The browser of a file whose browser tests are skipped: none of them opens a tab. */
const NOT_LAUNCHED: TestBrowser = {
  open: () => Promise.reject(new Error('no browser was launched: chromium is missing here')),
  close: async () => {},
}

export interface ShopInBrowser {
  shop: Tenant
  /** `http://<handle>.localhost:<port>`: Chromium resolves every *.localhost name to the loopback address: no DNS, as for a merchant on their laptop. */
  origin: string
  browser: TestBrowser
}

/**
 * A store of a test file with its main theme, filled by `stock`, served on a local port, and one
 * browser to walk it in, launched unless `skip` (no chromium here) and closed after the file's tests.
 */
export function useShopInBrowser(
  t: TestApp,
  options: { handle: string; skip: boolean; stock: (shop: Tenant) => Promise<unknown> },
): ShopInBrowser {
  return perFile(
    async () => {
      const shop = await t.tenant(options.handle)
      await untilMainTheme(t, shop.apiKey)
      await options.stock(shop)
      const local = new URL(await listenLocally(t.app))
      const origin = `http://${options.handle}.localhost:${local.port}`
      const browser = options.skip ? NOT_LAUNCHED : await launchTestBrowser()
      return { shop, origin, browser }
    },
    ({ browser }) => browser.close(),
    120_000,
  )
}
