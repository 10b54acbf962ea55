import { graphqlOk } from '../graphql.js'
import { runScenario, type Scenario, type ScenarioResult } from '../scenarios.js'
import { startServer, freePort, type ServerProcess, type Tenant } from '../server.js'
import { CATALOG_PRODUCTS } from '../catalog/seed.js'
import { COLORS_WANTED, PRICE_MAX_MINOR, PRICE_MIN_MINOR } from '../catalog/queries.js'
import { measureChangeVisible, type ChangeVisible } from './change.js'
import { getPage } from './page.js'

const CACHED_CONNECTIONS = 50
/**
 * Product pages the cached run goes round, each rendered once before it: a warm-up of seconds
 * renders far fewer than the 6,000 ACTIVE ones, and a run over cold pages would measure misses.
 */
const CACHED_PAGES = 200
const PREFILL_CONCURRENCY = 10
// Latency targets: a moderate load (as `productUpdate`'s 10), not the queue of 50 connections on 2 cores.
const UNCACHED_CONNECTIONS = 10
const TIMEOUT_SECONDS = 30
/** A second server starting while the first one runs: on a loaded machine, loading the app alone took over a minute. */
const UNCACHED_READY_MS = 180_000
/** The collection page's products per page, as the issue measures it. */
export const COLLECTION_PAGE_SIZE = 24

const MAIN_THEME = '{ mainTheme { id } }'
const SECTION_UPDATE =
  'mutation ($input: ThemeSectionUpdateInput!) { themeSectionUpdate(input: $input) { eventPosition } }'

export interface StorefrontPhase {
  results: ScenarioResult[]
  changeVisible: ChangeVisible
}

/** Handles of the catalog store's ACTIVE products (the seed makes 3 in 5 ACTIVE: i % 5 < 3). */
export function activeHandles(count = CATALOG_PRODUCTS): string[] {
  return Array.from({ length: count }, (_, i) => i)
    .filter((i) => i % 5 < 3)
    .map((i) => `catalog-item-${i}`)
}

/** The collection page the bench asks for: every product, under the catalog bench's price range and colours. */
export function collectionPath(): string {
  const pairs: [string, string][] = [
    ['filter.v.price.gte', (PRICE_MIN_MINOR / 100).toFixed(2)],
    ['filter.v.price.lte', (PRICE_MAX_MINOR / 100).toFixed(2)],
    ...COLORS_WANTED.map((color): [string, string] => ['filter.p.m.custom.color', color]),
  ]
  return `/collections/all?${new URLSearchParams(pairs)}`
}

/**
 * The storefront part of the bench, on the catalog store (10,000 products × 3 variants): its
 * product page through the page cache, then the product and collection pages as rendered on
 * every request — by a second server on the same database with `STOREFRONT_CACHE=off` and no
 * projections, so each request takes the whole render path, never a cached copy — and how soon a
 * `productUpdate` shows on the cached page after its answer.
 */
export async function measureStorefront(
  server: ServerProcess,
  env: NodeJS.ProcessEnv,
  tenant: Tenant,
  duration: number,
  warmup: number,
  log: (message: string) => void,
): Promise<StorefrontPhase> {
  const host = `${tenant.storeSlug}.localhost`
  await collectionPageSize(server.url, tenant.apiKey)
  const port = await freePort()
  const uncached = await startServer(
    { ...env, PORT: String(port), HOST: '127.0.0.1', STOREFRONT_CACHE: 'off' },
    port,
    ['--no-projections'],
    UNCACHED_READY_MS,
  )
  try {
    const handles = activeHandles()
    await checkPages(server.url, uncached.url, host, handles[0]!)
    const results: ScenarioResult[] = []
    const cachedHandles = handles.slice(0, CACHED_PAGES)
    await prefill(server.url, host, cachedHandles)
    for (const scenario of [
      pageScenario('storefront product (cached)', server.url, host, CACHED_CONNECTIONS, cachedHandles),
      pageScenario('storefront product (uncached)', uncached.url, host, UNCACHED_CONNECTIONS, handles),
      pageScenario('storefront collection (uncached)', uncached.url, host, UNCACHED_CONNECTIONS, null),
    ]) {
      log(`${scenario.name}: ${warmup} s warm-up, ${duration} s measured, ${scenario.connections} connections`)
      const result = await runScenario(scenario, duration, warmup)
      if (result.requests === 0) throw new Error(`scenario '${scenario.name}' completed no request`)
      results.push(result)
      log(`${scenario.name}: ${result.reqPerSec.toFixed(0)} req/s, p99 ${result.p99Ms} ms, ${result.non2xx} non-2xx`)
    }
    log(`change visible: productUpdate, then the cached product page until it shows, for ${duration} s`)
    const changeVisible = await measureChangeVisible(server.url, tenant.apiKey, host, handles, duration)
    log(`change visible: p50 ${changeVisible.p50Ms} ms, p99 ${changeVisible.p99Ms} ms over ${changeVisible.samples}`)
    return { results, changeVisible }
  } finally {
    await uncached.stop()
  }
}

/**
 * One GET per request on the store's host. Product pages go round the ACTIVE products (the
 * cached run fills the cache in its warm-up; the uncached server renders each anyway); the
 * collection scenario asks for its one filtered page. Anything but a 200 counts as non-2xx, and a
 * cached run counts its misses.
 */
function pageScenario(
  name: string,
  baseUrl: string,
  host: string,
  connections: number,
  handles: readonly string[] | null,
): Scenario {
  let next = 0
  const scenario: Scenario = {
    name,
    connections,
    errorCodes: {},
    options: {
      url: baseUrl,
      connections,
      timeout: TIMEOUT_SECONDS,
      method: 'GET',
      headers: { host },
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            path: handles ? `/products/${handles[next++ % handles.length]}` : collectionPath(),
          }),
          onResponse: (_status, _body, _context, headers) => {
            if (headers?.['x-cache'] === 'MISS')
              scenario.errorCodes.CACHE_MISS = (scenario.errorCodes.CACHE_MISS ?? 0) + 1
          },
        },
      ],
    },
  }
  return scenario
}

/** Renders each page once into the page cache. */
async function prefill(baseUrl: string, host: string, handles: readonly string[]): Promise<void> {
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < handles.length) {
      const path = `/products/${handles[next++]}`
      const page = await getPage(baseUrl, host, path)
      if (page.status !== 200) throw new Error(`GET ${path} on ${host} answered ${page.status} while filling the cache`)
    }
  }
  await Promise.all(Array.from({ length: PREFILL_CONCURRENCY }, worker))
}

/** The default theme shows 12 products a page; the issue measures a page of 24. */
async function collectionPageSize(baseUrl: string, apiKey: string): Promise<void> {
  const deadline = Date.now() + 60_000
  let theme: { id: string } | null = null
  while (!theme) {
    theme = (await graphqlOk<{ mainTheme: { id: string } | null }>(baseUrl, apiKey, MAIN_THEME)).mainTheme
    if (theme) break
    if (Date.now() > deadline) throw new Error('the catalog store has no main theme after 60 s')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  await graphqlOk(baseUrl, apiKey, SECTION_UPDATE, {
    input: {
      themeId: theme.id,
      template: 'collection',
      sectionId: 'main',
      settings: { products_per_page: COLLECTION_PAGE_SIZE },
    },
  })
}

/**
 * Before any load: both servers render the product page, the uncached one without its cache
 * (no `X-Cache`), and the collection page lists 24 products with its facets, so the runs measure
 * pages, not error pages.
 */
async function checkPages(cachedUrl: string, uncachedUrl: string, host: string, handle: string): Promise<void> {
  const get = async (baseUrl: string, path: string) => {
    const page = await getPage(baseUrl, host, path)
    if (page.status !== 200)
      throw new Error(`GET ${path} on ${host} answered ${page.status}: ${page.body.slice(0, 300)}`)
    return page
  }
  for (const baseUrl of [cachedUrl, uncachedUrl]) {
    const page = await get(baseUrl, `/products/${handle}`)
    if (!page.body.includes(`Catalog item ${handle.split('-').at(-1)} `))
      throw new Error(`the product page of ${handle} does not show its title`)
  }
  if ((await get(uncachedUrl, `/products/${handle}`)).cache !== null)
    throw new Error('the uncached server answers through a page cache (X-Cache present)')
  const collection = await get(uncachedUrl, collectionPath())
  const cards = collection.body.match(/href="\/products\/catalog-item-\d+"/g) ?? []
  if (new Set(cards).size !== COLLECTION_PAGE_SIZE)
    throw new Error(`the collection page shows ${new Set(cards).size} products, not ${COLLECTION_PAGE_SIZE}`)
  if (!collection.body.includes('filter.p.m.custom.material'))
    throw new Error('the collection page shows no attribute facets')
}
