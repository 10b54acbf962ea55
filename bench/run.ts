import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { measureCatalog } from './catalog/phase.js'
import { DEFAULT_ADMIN_URL, createBenchDatabase } from './database.js'
import { startFloor } from './floor.js'
import { BY_HANDLE_QUERY, LIST_QUERY, UPDATE_MUTATION, graphqlOk } from './graphql.js'
import { judge, renderReport } from './report.js'
import { runScenario, scenarios, type ScenarioResult } from './scenarios.js'
import { seedProducts } from './seed.js'
import { measureStorefront } from './storefront/phase.js'
import { configureWebhook } from './webhook.js'
import { childEnv, createTenant, freePort, rssMb, startServer, type ServerProcess } from './server.js'

/**
 * `npm run bench`: the real server on a fresh Postgres database, 1,000 products seeded through
 * GraphQL, then autocannon against a bare fastify + pg floor, the product list, lookups by handle
 * and updates; then 10,000 products × 3 variants in a second store for the filtered + faceted
 * list against its own floor (bench/catalog), and that store's storefront pages, cached and
 * uncached, and how soon a change shows on them (bench/storefront). Prints a table, the targets and one JSON line. Exits 0 whatever the numbers
 * (it is a measurement); non-zero only when the harness itself fails. The database, the server
 * and the temporary data directory are removed on every exit path, Ctrl-C included.
 */
const PRODUCT_COUNT = 1_000
const SEED_CONCURRENCY = 10
const IDLE_SECONDS = 5
const FLOOR_POOL_SIZE = 20

const cleanups: (() => Promise<unknown>)[] = []
let cleaning: Promise<void> | null = null
/** Set on Ctrl-C: the requests cut short by the cleanup then fail, and that is no harness failure to report. */
let interrupted = false

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      await step().catch((error: unknown) => log(`cleanup step failed: ${(error as Error).message}`))
    }
  })()
  return cleaning
}

function log(message: string): void {
  process.stderr.write(`bench: ${message}\n`)
}

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number of seconds; got '${raw}'`)
  return value
}

async function main(): Promise<void> {
  const duration = positiveNumber('BENCH_DURATION', 10)
  const warmup = Math.min(3, duration)
  const adminUrl = process.env.DATABASE_URL || DEFAULT_ADMIN_URL

  const database = await createBenchDatabase(adminUrl)
  cleanups.push(() => database.drop())
  log(`database ${database.name}`)
  const dataDir = await mkdtemp(path.join(tmpdir(), 'emporium-bench-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  const env = childEnv({ DATABASE_URL: database.url, DATA_DIR: dataDir })

  const port = await freePort()
  let server: ServerProcess | null = null
  cleanups.push(() => server?.stop() ?? Promise.resolve())
  server = await startServer({ ...env, PORT: String(port), HOST: '127.0.0.1' }, port)
  log(`server pid ${server.pid} ready at ${server.url}`)

  try {
    await measure(server, env, database.url, duration, warmup)
  } catch (error) {
    if (!interrupted) log(`server output before the failure:\n${server.logTail().join('\n')}`)
    throw error
  }
}

async function measure(
  server: ServerProcess,
  env: NodeJS.ProcessEnv,
  databaseUrl: string,
  duration: number,
  warmup: number,
): Promise<void> {
  const tenant = await createTenant(env, 'Bench', 'bench-store')
  log(`tenant: store ${tenant.storeSlug} (${tenant.storeId})`)

  const seedStart = performance.now()
  const products = await seedProducts(server.url, tenant.apiKey, PRODUCT_COUNT, SEED_CONCURRENCY)
  const seedSeconds = (performance.now() - seedStart) / 1000
  log(
    `seeded ${PRODUCT_COUNT} products in ${seedSeconds.toFixed(1)} s (${(PRODUCT_COUNT / seedSeconds).toFixed(0)} creates/s at concurrency ${SEED_CONCURRENCY})`,
  )

  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000))
  const idleRssMb = await rssMb(server.pid)
  log(`idle RSS ${idleRssMb.toFixed(1)} MB`)

  const floor = await startFloor({ databaseUrl, storeId: tenant.storeId, poolSize: FLOOR_POOL_SIZE })
  cleanups.push(() => floor.stop())
  await checkSameAnswers(server.url, tenant.apiKey, floor.url, products[0]!)
  const webhook = await configureWebhook(server.url, tenant.apiKey, tenant.storeSlug)

  // Other work on the machine moves every number; the load average says how much there was.
  const loadBefore = loadavg()[0]!
  const results: ScenarioResult[] = []
  for (const scenario of scenarios({
    floorUrl: floor.url,
    graphqlUrl: `${server.url}/graphql`,
    apiKey: tenant.apiKey,
    products,
    webhook,
  })) {
    log(`${scenario.name}: ${warmup} s warm-up, ${duration} s measured, ${scenario.connections} connections`)
    const result = await runScenario(scenario, duration, warmup)
    if (result.requests === 0)
      throw new Error(`scenario '${scenario.name}' completed no request; is the server still up?`)
    results.push(result)
    log(`${scenario.name}: ${result.reqPerSec.toFixed(0)} req/s, p99 ${result.p99Ms} ms, ${result.non2xx} non-2xx`)
  }
  const catalog = await measureCatalog(server, env, databaseUrl, duration, warmup, log)
  results.push(...catalog.results)
  const storefront = await measureStorefront(server, env, catalog.tenant, duration, warmup, log)
  results.push(...storefront.results)
  const peakRssMb = await rssMb(server.pid, 'VmHWM')
  const machine = { cores: availableParallelism(), loadBefore, loadAfter: loadavg()[0]! }

  const measurements = { scenarios: results, idleRssMb, peakRssMb, changeVisible: storefront.changeVisible }
  const targets = judge(measurements)
  process.stdout.write(`\n${renderReport(measurements, targets)}\n\n`)
  process.stdout.write(
    `machine: ${machine.cores} cores, 1-minute load average ${machine.loadBefore.toFixed(1)} before the runs, ${machine.loadAfter.toFixed(1)} after\n\n`,
  )
  const warnings = server.warnings()
  if (warnings.length)
    log(`the server logged ${warnings.length} warn/error lines; the first: ${warnings[0]!.slice(0, 500)}`)
  const summary = {
    durationSec: duration,
    products: PRODUCT_COUNT,
    seedSeconds: round(seedSeconds),
    catalogSeedSeconds: round(catalog.seedSeconds),
    ...measurements,
    targets,
    machine,
    serverWarnings: warnings.length,
  }
  process.stdout.write(
    `${JSON.stringify(summary, (_key, value: unknown) => (typeof value === 'number' ? round(value) : value))}\n`,
  )
}

/**
 * Before any load: the floor and the GraphQL list must return the same document, and one lookup
 * and one update must succeed, so a broken setup fails loudly instead of measuring error pages.
 */
async function checkSameAnswers(
  baseUrl: string,
  apiKey: string,
  floorUrl: string,
  product: { id: string; handle: string; title: string },
): Promise<void> {
  const viaGraphql = await graphqlOk<unknown>(baseUrl, apiKey, LIST_QUERY)
  const viaFloor = ((await (await fetch(floorUrl)).json()) as { data: unknown }).data
  if (!isDeepStrictEqual(viaGraphql, viaFloor)) {
    throw new Error(
      `the floor does not answer what GraphQL answers:\n graphql ${JSON.stringify(viaGraphql).slice(0, 400)}\n floor   ${JSON.stringify(viaFloor).slice(0, 400)}`,
    )
  }
  await graphqlOk(baseUrl, apiKey, BY_HANDLE_QUERY, { handle: product.handle })
  await graphqlOk(baseUrl, apiKey, UPDATE_MUTATION, { input: { id: product.id, title: `${product.title} (probe)` } })
}

function round(value: number): number {
  return Math.round(value * 100) / 100
}

for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.on(signal, () => {
    interrupted = true
    log(`${signal}: stopping the server and dropping the database`)
    void cleanup().finally(() => process.exit(code))
  })
}

try {
  await main()
  await cleanup()
} catch (error) {
  if (!interrupted) log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
  await cleanup()
  process.exitCode = 1
}
