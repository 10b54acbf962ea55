/**
 * `npm run lighthouse [-- --report-dir DIR] [--storefront URL]`: Lighthouse (its default mobile
 * preset, simulated throttling) on the demo shop's home, product and collection pages, served by
 * `emporium serve` on a fresh data directory (or the demo storefront already running at URL) with
 * no network outside this machine. Prints the four category
 * scores per page and exits 1 when any is under the floor (95), listing what cost the points.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import lighthouse from 'lighthouse'
import { APPAREL_HANDLES } from '../../app/operations/demo-shop/catalog.js'
import { launchChromium } from './chromium.js'
import { startDemoServer, warmUp } from './demo-server.js'
import { formatScores, shortfalls, type PageScores } from './scores.js'

const FLOOR = 95
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'product', path: `/products/${APPAREL_HANDLES[0]}` },
  { name: 'collection', path: '/collections/apparel' },
]

const { values } = parseArgs({ options: { 'report-dir': { type: 'string' }, storefront: { type: 'string' } } })
const started = Date.now()
const server = values.storefront
  ? { storefront: values.storefront.replace(/\/$/, ''), stop: async () => {} }
  : await startDemoServer()
const chromium = await launchChromium().catch(async (error: unknown) => {
  await server.stop()
  throw error
})
const results: PageScores[] = []
try {
  await warmUp(
    server.storefront,
    PAGES.map((page) => page.path),
  )
  for (const page of PAGES) {
    const url = `${server.storefront}${page.path}`
    const result = await lighthouse(url, {
      port: chromium.port,
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      output: values['report-dir'] ? 'html' : 'json',
    })
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`)
    if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`)
    results.push({ page: page.name, url, lhr: result.lhr })
    if (values['report-dir']) {
      await mkdir(values['report-dir'], { recursive: true })
      await writeFile(path.join(values['report-dir'], `${page.name}.html`), String(result.report))
    }
  }
} finally {
  await chromium.close()
  await server.stop()
}

process.stdout.write(`${formatScores(results, CATEGORIES, FLOOR)}\n`)
const problems = shortfalls(results, CATEGORIES, FLOOR)
for (const line of problems) process.stdout.write(`${line}\n`)
process.stdout.write(
  `lighthouse: ${results.length} pages, ${problems.length === 0 ? 'every score' : 'NOT every score'} >= ${FLOOR} ` +
    `(mobile preset) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
)
process.exitCode = problems.length === 0 ? 0 : 1
