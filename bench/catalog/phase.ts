import { isDeepStrictEqual } from 'node:util'
import pg from 'pg'
import { startFloorWorker, type FloorServer } from '../floor.js'
import { graphqlBody, graphqlHeaders, graphqlOk } from '../graphql.js'
import { runScenario, type Scenario, type ScenarioResult } from '../scenarios.js'
import { createTenant, type ServerProcess, type Tenant } from '../server.js'
import type { CatalogFloorOptions } from './floor-worker.js'
import { CATALOG_LIST_QUERY, catalogFilter } from './queries.js'
import { CATALOG_PRODUCTS, VARIANTS_PER_PRODUCT, seedCatalog } from './seed.js'

// Each answer is a list plus seven grouped counts: fewer connections than the point lookups, and a
// timeout long enough that a slow machine shows slow answers instead of none.
const CONNECTIONS = 10
const TIMEOUT_SECONDS = 30
const FLOOR_POOL_SIZE = 20

export interface CatalogPhase {
  results: ScenarioResult[]
  seedSeconds: number
  /** The catalog store, for the storefront scenarios that follow. */
  tenant: Tenant
}

/**
 * The catalog part of the bench, in a store of its own so the other scenarios keep their 1,000
 * products: 10,000 products × 3 variants seeded through GraphQL, then the filtered + faceted list
 * against its floor (the same SQL over the same rows on a bare route).
 */
export async function measureCatalog(
  server: ServerProcess,
  env: NodeJS.ProcessEnv,
  databaseUrl: string,
  duration: number,
  warmup: number,
  log: (message: string) => void,
): Promise<CatalogPhase> {
  const tenant = await createTenant(env, 'Bench catalog', 'bench-catalog')
  const started = performance.now()
  const { filterCategoryId } = await seedCatalog(server.url, tenant.apiKey)
  const seedSeconds = (performance.now() - started) / 1000
  log(`catalog: seeded ${CATALOG_PRODUCTS} products × ${VARIANTS_PER_PRODUCT} variants in ${seedSeconds.toFixed(1)} s`)
  await caughtUp(server.url)
  log(`catalog: read models caught up after ${((performance.now() - started) / 1000).toFixed(1)} s`)
  await analyze(databaseUrl)

  const floor = await startCatalogFloor({
    databaseUrl,
    storeId: tenant.storeId,
    categoryId: filterCategoryId,
    poolSize: FLOOR_POOL_SIZE,
  })
  try {
    const variables = { filter: catalogFilter(filterCategoryId) }
    const viaGraphql = await graphqlOk<unknown>(server.url, tenant.apiKey, CATALOG_LIST_QUERY, variables)
    const viaFloor = ((await (await fetch(floor.url)).json()) as { data: unknown }).data
    if (!isDeepStrictEqual(viaGraphql, viaFloor)) {
      throw new Error(
        `the catalog floor does not answer what GraphQL answers:\n graphql ${JSON.stringify(viaGraphql).slice(0, 600)}\n floor   ${JSON.stringify(viaFloor).slice(0, 600)}`,
      )
    }
    const scenarios: Scenario[] = [
      {
        name: 'catalog floor',
        connections: CONNECTIONS,
        errorCodes: {},
        options: { url: floor.url, connections: CONNECTIONS, timeout: TIMEOUT_SECONDS, method: 'GET' },
      },
      {
        name: 'catalog list',
        connections: CONNECTIONS,
        errorCodes: {},
        options: {
          url: `${server.url}/graphql`,
          connections: CONNECTIONS,
          timeout: TIMEOUT_SECONDS,
          method: 'POST',
          headers: graphqlHeaders(tenant.apiKey),
          requests: [{ body: graphqlBody(CATALOG_LIST_QUERY, variables) }],
        },
      },
    ]
    // A body with errors is a failed answer, whatever its HTTP status.
    for (const request of scenarios[1]!.options.requests ?? []) {
      request.onResponse = (_status, body) => {
        if (body.includes('"errors"'))
          scenarios[1]!.errorCodes.GRAPHQL_ERROR = (scenarios[1]!.errorCodes.GRAPHQL_ERROR ?? 0) + 1
      }
    }
    const results: ScenarioResult[] = []
    for (const scenario of scenarios) {
      log(`${scenario.name}: ${warmup} s warm-up, ${duration} s measured, ${scenario.connections} connections`)
      results.push(await runScenario(scenario, duration, warmup))
    }
    return { results, seedSeconds, tenant }
  } finally {
    await floor.stop()
  }
}

/** Waits until every projection has applied the whole log (`/health` lags all 0), so both routes read the full catalog. */
async function caughtUp(baseUrl: string, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const health = (await (await fetch(`${baseUrl}/health`)).json()) as {
      projections: { name: string; lag: number; lastError: string | null }[]
    }
    const failed = health.projections.find((p) => p.lastError)
    if (failed) throw new Error(`projection ${failed.name} failed: ${failed.lastError}`)
    if (health.projections.every((p) => p.lag === 0)) return
    if (Date.now() > deadline)
      throw new Error(
        `read models still behind after ${timeoutMs / 1000} s: ${JSON.stringify(health.projections.filter((p) => p.lag))}`,
      )
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/**
 * Fresh planner statistics for the tables the seed just filled, as autovacuum gives a live
 * database long before its first shopper: planned on the empty tables' estimates, both routes
 * would measure nested loops that production never runs.
 */
async function analyze(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query('analyze')
  } finally {
    await client.end()
  }
}

function startCatalogFloor(options: CatalogFloorOptions): Promise<FloorServer> {
  return startFloorWorker(new URL('./floor-worker.js', import.meta.url), options, '/catalog')
}
