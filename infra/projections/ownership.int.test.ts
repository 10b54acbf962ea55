import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSecondConnection } from '../../test/support/database.js'
import type { Database } from '../database/database.js'
import { requestRebuild } from './runner.js'
import type { RebuildRow } from './schema.js'
import {
  appendCounted,
  caughtUp,
  checkpointOf,
  counterProjection,
  dump,
  eventually,
  expectedCounts,
  openEngine,
  type TestEngine,
} from '../../test/support/projections.js'

/**
 * One owner per projection across processes: two runners on two connection sets to the same
 * database stand for two processes. PGlite is one embedded database in one process, where a
 * second "process" would share the first one's only session and so hold its advisory locks too:
 * there is nothing to coordinate, so this runs on Postgres only.
 */
describe.skipIf(!process.env.DATABASE_URL)('projection ownership across processes', () => {
  let engine: TestEngine
  let second: Database

  beforeAll(async () => {
    engine = await openEngine()
    second = await openSecondConnection(engine.test)
  })

  afterAll(async () => {
    await engine.close()
    await second.close()
  })

  const ownedBy = (runners: { owned(): string[] }[], name: string) =>
    runners.filter((r) => r.owned().includes(name)).length

  it('gives each projection to exactly one runner, and the other takes over from the checkpoint when the owner stops', async () => {
    const projections = ['one', 'two', 'three'].map((name) => counterProjection(`owned_${name}`))
    const twins = ['one', 'two', 'three'].map((name) => counterProjection(`owned_${name}`))
    const storeId = randomUUID()
    const [first, other] = await Promise.all([engine.runner(projections), engine.runner(twins, {}, second)])
    for (const p of projections) expect(ownedBy([first, other], p.name)).toBe(1)

    await appendCounted(engine.store, storeId, 20)
    for (const p of projections) await caughtUp(engine.database, p)
    // Nobody applied an event the other one applied too.
    for (const [i, p] of projections.entries()) expect(p.calls + twins[i]!.calls).toBe(20)

    const owner = first.owned().length > 0 ? first : other
    const standby = owner === first ? other : first
    const before = owner.owned()
    await owner.stop()
    await appendCounted(engine.store, storeId, 15)
    // Within a few lock intervals (100 ms here) the standby owns them all and carries on.
    await eventually(() => expect(standby.owned().sort()).toEqual(projections.map((p) => p.name).sort()), 5_000)
    for (const p of projections) await caughtUp(engine.database, p)
    for (const [i, p] of projections.entries()) {
      expect(p.calls + twins[i]!.calls).toBe(35)
      expect(await dump(engine.database.db, p.table)).toEqual(await expectedCounts(engine.store))
      expect(Number((await checkpointOf(engine.database, p.name)).events_applied)).toBe(35)
    }
    expect(before.length).toBeGreaterThan(0)
    await standby.stop()
  })

  it('hands the projections over when the owner loses its database session, without doubling an effect', async () => {
    const counter = counterProjection('session_lost')
    const twin = counterProjection('session_lost')
    const storeId = randomUUID()
    const owner = await engine.runner([counter])
    const standby = await engine.runner([twin], {}, second)
    expect(owner.owned()).toEqual([counter.name])
    expect(standby.owned()).toEqual([])
    await appendCounted(engine.store, storeId, 10)
    await caughtUp(engine.database, counter)

    // What a crashed process, a failover or idle_session_timeout does: the session holding the
    // locks goes away. The owner's process must survive it and stop feeding the projection.
    await sql`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())`.execute(
      engine.database.db,
    )
    const flowing = appendCounted(engine.store, storeId, 30)
    await eventually(() => expect(standby.owned()).toEqual([twin.name]), 5_000)
    await eventually(() => expect(owner.owned()).toEqual([]), 5_000)
    await flowing
    await caughtUp(engine.database, counter)
    expect(await dump(engine.database.db, counter.table)).toEqual(await expectedCounts(engine.store))
    expect(Number((await checkpointOf(engine.database, counter.name)).events_applied)).toBe(
      await engine.store.countAll({ filter: { eventTypes: ['Counted'] } }),
    )
    // The old owner keeps trying for the locks on a new session, and takes over again when it can.
    await standby.stop()
    await eventually(() => expect(owner.owned()).toEqual([counter.name]), 5_000)
    await owner.stop()
  })

  it('lets the owner carry out a rebuild that another process asked for', async () => {
    const counter = counterProjection('asked')
    const storeId = randomUUID()
    const owner = await engine.runnerAfter(counter, storeId, 12)
    await engine.database.db.updateTable(counter.table).set({ hits: 0 }).execute()

    const id = await requestRebuild(second, {
      projection: counter.name,
      storeId,
      requestedBy: { type: 'system', id: 'test' },
    })
    await eventually(async () => {
      const row = (await second.db
        .selectFrom('projection_rebuilds')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow()) as RebuildRow
      expect(row).toMatchObject({ status: 'done', processed: 12, total: 12 })
    })
    expect(await dump(engine.database.db, counter.table, storeId)).toEqual(
      await expectedCounts(engine.store, 1, storeId),
    )
    await owner.stop()
  })

  it('stops promptly even while a long rebuild is in progress, and the next owner carries the rebuild out', async () => {
    const counter = counterProjection('long_rebuild')
    const twin = counterProjection('long_rebuild')
    const storeId = randomUUID()
    const owner = await engine.runnerAfter(counter, storeId, 40, { batchSize: 5 })

    // Deliberate: slow work to stop in the middle of, not a wait for anything.
    counter.gate = () => sleep(50)
    const id = await requestRebuild(engine.database, {
      projection: counter.name,
      storeId: null,
      requestedBy: { type: 'system', id: 'test' },
    })
    await eventually(async () =>
      expect(
        (
          await engine.database.db
            .selectFrom('projection_rebuilds')
            .select('processed')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).processed,
      ).toBeGreaterThan(0),
    )
    const started = Date.now()
    await owner.stop()
    // The whole rebuild would take 40 × 50 ms: stopping waits for one batch, not for all of them.
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(
      await engine.database.db
        .selectFrom('projection_rebuilds')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'pending' })

    const next = await engine.runner([twin], {}, second)
    await eventually(async () =>
      expect(
        await second.db
          .selectFrom('projection_rebuilds')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow(),
      ).toEqual({ status: 'done' }),
    )
    expect(await dump(engine.database.db, counter.table)).toEqual(await expectedCounts(engine.store))
    await next.stop()
  })
})
