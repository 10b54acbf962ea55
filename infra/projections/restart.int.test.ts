import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../test/support/database.js'
import { loadConfig, type Config } from '../config.js'
import { Platform } from '../../app/platform.js'
import { platformReactions } from '../../app/reactions/all.js'
import {
  appendCounted,
  checkpointOf,
  counterProjection,
  dump,
  expectedCounts,
  logger,
} from '../../test/support/projections.js'

/**
 * Read models are durable, not a cache warmed at start: closing the platform and opening it again
 * (PGlite in a data directory, or Postgres) finds the rows and checkpoints as they were, and the
 * runner applies nothing a second time.
 */
describe('read models and checkpoints across a restart', () => {
  let test: TestDatabase | undefined
  let dataDir: string

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'emporium-restart-'))
    // On Postgres the platform opens its own pool on a fresh database, as `emporium serve` does.
    if (process.env.DATABASE_URL) test = await createTestDatabase()
  })

  afterAll(async () => {
    await test?.drop()
    await rm(dataDir, { recursive: true, force: true })
  })

  const config = (): Config => ({ ...loadConfig({}), databaseUrl: test?.url, dataDir, logLevel: 'silent' })
  const open = (projection: ReturnType<typeof counterProjection>) =>
    Platform.open(
      config(),
      logger,
      { commands: [], projections: [projection], reactions: platformReactions },
      { runProjections: true },
    )

  it('reopens with the same rows and checkpoint and goes on from there, applying nothing twice', async () => {
    const storeId = randomUUID()
    const before = counterProjection('durable')
    let platform = await open(before)
    const positions = await appendCounted(platform.eventStore, storeId, 15, 4)
    expect(await platform.waiter.waitFor([{ type: 'Counted', position: positions.at(-1)! }], 10_000)).toBe(true)
    const rows = await dump(platform.database.db, before.table)
    const checkpoint = await checkpointOf(platform.database, before.name)
    expect(checkpoint).toMatchObject({ position: positions.at(-1), status: 'running' })
    expect(before.calls).toBe(15)
    await platform.close()

    const after = counterProjection('durable')
    platform = await open(after)
    try {
      expect(await dump(platform.database.db, after.table)).toEqual(rows)
      expect(await checkpointOf(platform.database, after.name)).toMatchObject({
        version: 1,
        position: checkpoint.position,
        status: 'running',
        events_applied: checkpoint.events_applied,
      })
      expect(platform.waiter.checkpoint(after.name)).toBe(checkpoint.position)
      // Owning the projection again, the runner finds nothing to do: deliberately a window, as
      // doing nothing announces nothing.
      await sleep(300)
      expect(platform.runner?.owned()).toEqual([after.name])
      expect(after.calls).toBe(0)

      const more = await appendCounted(platform.eventStore, storeId, 5, 4)
      expect(await platform.waiter.waitFor([{ type: 'Counted', position: more.at(-1)! }], 10_000)).toBe(true)
      expect(after.calls).toBe(5)
      expect(await dump(platform.database.db, after.table)).toEqual(await expectedCounts(platform.eventStore))
      expect(Number((await checkpointOf(platform.database, after.name)).events_applied)).toBe(20)
    } finally {
      await platform.close()
    }
  })
})
