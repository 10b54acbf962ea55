import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setImmediate, setTimeout as sleep } from 'node:timers/promises'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../database/database.js'
import { migrateToLatest } from '../database/migrate.js'
import { createPostgresEventStore } from '../eventstore/postgres/adapter.js'
import { eventStoreMigrations } from '../eventstore/postgres/schema.js'
import { projectionMigrations } from './schema.js'
import {
  appendCounted,
  caughtUp,
  checkpointOf,
  counterProjection,
  dump,
  expectedCounts,
  testRunner,
  useEngine,
} from '../../test/support/projections.js'

/**
 * Batch and checkpoint commit together, so stopping or killing a projector at any instant and
 * starting it again neither loses nor doubles an effect: the counter (which would count a
 * replayed event twice) ends equal to the log.
 */
const engine = useEngine()

describe('a runner stopped at arbitrary moments', () => {
  it('ends with every event applied exactly once while events keep arriving', async () => {
    const counter = counterProjection('stopping')
    // Deliberate: a little work per batch, so stops land in the middle of batches.
    counter.gate = () => sleep(1)
    const stores = [randomUUID(), randomUUID(), randomUUID()]
    let appending = true
    const appender = (async () => {
      for (let round = 0; appending; round++) {
        await appendCounted(engine.store, stores[round % stores.length]!, 5, 4)
        // PGlite answers without I/O: without a turn of the event loop, timers would starve.
        await setImmediate()
      }
    })()
    const calls: number[] = []
    for (let round = 0; round < 6; round++) {
      const runner = await engine.runner([counter], { batchSize: 7 })
      // Deliberate: stopped at a random moment, a different interleaving each round.
      await sleep(30 + Math.random() * 200)
      await runner.stop()
      calls.push(counter.calls)
    }
    appending = false
    await appender

    const runner = await engine.runner([counter])
    await caughtUp(engine.database, counter)
    const total = await engine.store.countAll({ filter: { eventTypes: ['Counted'] } })
    expect(calls.at(-1)).toBeGreaterThan(0)
    await engine.expectCountsOfLog(counter)
    expect(Number((await checkpointOf(engine.database, counter.name)).events_applied)).toBe(total)
    await runner.stop()
  })
})

/** Runs `test/support/projector-crash.child.ts` until `ready`, lets it work for a moment, then kills it with SIGKILL. */
async function runAndKill(env: Record<string, string>, workMs: number): Promise<void> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, '../../test/support/projector-crash.child.ts')],
    {
      env: { ...process.env, ...env, DATABASE_URL: env.DATABASE_URL ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve())
    child.once('exit', (code) => reject(new Error(`projector exited (${String(code)}) before it was ready: ${stderr}`)))
  })
  // Deliberate: the kill lands at an arbitrary moment of the work, which is the point.
  await sleep(workMs)
  child.kill('SIGKILL')
  await exited
}

describe('a projector process killed at arbitrary moments', () => {
  const pg = Boolean(process.env.DATABASE_URL)
  let dataDir: string | undefined

  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  // On PGlite the projector owns its data directory alone, so the rounds run on a directory of
  // their own and this process opens it only once the last projector is dead.
  it('ends with every event applied exactly once, whatever the kills interrupted', { timeout: 180_000 }, async () => {
    dataDir = pg ? undefined : await mkdtemp(path.join(tmpdir(), 'emporium-crash-'))
    const env: Record<string, string> = pg ? { DATABASE_URL: engine.test.url! } : { DATA_DIR: dataDir! }
    for (let round = 0; round < 3; round++) await runAndKill({ ...env, APPEND: '60' }, 50 + Math.random() * 250)

    let database: Database = engine.database
    if (!pg) {
      database = await openDatabase({ dataDir })
      await migrateToLatest(database.db, { ...eventStoreMigrations, ...projectionMigrations })
    }
    const store = pg ? engine.store : createPostgresEventStore(database, { pollIntervalMs: 100 })
    const counter = counterProjection('crashing')
    const runner = testRunner(database, store, [counter])
    await runner.start()
    try {
      await caughtUp(database, counter)
      // On Postgres the log also holds the events of the test above.
      const total = await store.countAll({ filter: { eventTypes: ['Counted'] } })
      expect(total).toBeGreaterThanOrEqual(180)
      const checkpoint = await checkpointOf(database, counter.name)
      // Nothing the killed projectors did was applied twice, nothing they left off was lost.
      expect(await dump(database.db, counter.table)).toEqual(await expectedCounts(store))
      expect(Number(checkpoint.events_applied)).toBe(total)
    } finally {
      await runner.stop()
      if (!pg) await database.close()
    }
  })
})
