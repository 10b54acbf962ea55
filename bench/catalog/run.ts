import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { DEFAULT_ADMIN_URL, createBenchDatabase } from '../database.js'
import { childEnv, freePort, startServer } from '../server.js'
import { measureStorefront } from '../storefront/phase.js'
import { measureCatalog } from './phase.js'

/**
 * `node dist/bench/catalog/run.js`: the catalog part of `npm run bench` on its own (a fresh
 * database and server, 10,000 products × 3 variants, the filtered + faceted list against its
 * floor, then that store's storefront pages, bench/storefront), for working on the catalog
 * queries and pages without the other scenarios. Prints one JSON line.
 */
const log = (message: string): void => void process.stderr.write(`bench: ${message}\n`)
const duration = Number(process.env.BENCH_DURATION || 10)
const cleanups: (() => Promise<unknown>)[] = []

try {
  const database = await createBenchDatabase(process.env.DATABASE_URL || DEFAULT_ADMIN_URL)
  cleanups.push(() => database.drop())
  const dataDir = await mkdtemp(path.join(tmpdir(), 'emporium-bench-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  const env = childEnv({ DATABASE_URL: database.url, DATA_DIR: dataDir })
  const port = await freePort()
  const server = await startServer({ ...env, PORT: String(port), HOST: '127.0.0.1' }, port)
  cleanups.push(() => server.stop())
  const loadBefore = loadavg()[0]!
  const warmup = Math.min(3, duration)
  const { results, seedSeconds, tenant } = await measureCatalog(server, env, database.url, duration, warmup, log)
  const [floor, list] = results
  const storefront = await measureStorefront(server, env, tenant, duration, warmup, log)
  process.stdout.write(
    `${JSON.stringify({ seedSeconds, floor, list, ratio: list!.reqPerSec / floor!.reqPerSec, storefront, loadBefore, loadAfter: loadavg()[0] })}\n`,
  )
} catch (error) {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
  process.exitCode = 1
} finally {
  for (const step of cleanups.reverse()) await step().catch(() => undefined)
}
