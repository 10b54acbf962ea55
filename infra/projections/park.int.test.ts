import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { readParked } from './parked.js'
import { projectionStatuses } from './status.js'
import {
  appendCounted,
  caughtUp,
  checkpointOf,
  counterProjection,
  eventually,
  finishedRebuild,
  requestSystemRebuild,
  useEngine,
} from '../../test/support/projections.js'

/**
 * A store's failing event parks that store in that projection only: every other store goes on,
 * the parked store's events wait (never skipped), and a retry replays them exactly once.
 */
const engine = useEngine()

describe('a failing store event', () => {
  const counter = counterProjection('parking')
  const [storeA, storeB] = [randomUUID(), randomUUID()]

  it("parks its store; the batch is applied without that store's events and the checkpoint moves on for the others", async () => {
    // Both stores in one batch: A's failing event sits between events of both.
    await appendCounted(engine.store, storeA, 1)
    await appendCounted(engine.store, storeB, 2)
    await appendCounted(engine.store, storeA, 3)
    const last = (await appendCounted(engine.store, storeB, 2)).at(-1)
    // The runner's first batch must hold them all. The log's horizon is cluster-wide: another test
    // file's open transaction in another database can hold it before the last of them for a while.
    await eventually(async () => {
      const log = await engine.store.readAll({ limit: 10_000 })
      expect(log.some((event) => event.position === last)).toBe(true)
    })
    // Read from its stream: a read of the log stops at the horizon, which other databases' transactions may hold back.
    const [failing] = await engine.store.readStream(`counted-${storeA}_e1`)
    if (!failing) throw new Error('the failing event was not appended')
    counter.failWhen = (event) => event.id === failing.id
    const runner = await engine.runner([counter], { batchSize: 50 })
    await caughtUp(engine.database, counter)

    await engine.expectCountsOfLog(counter, storeB)
    // A's events before the failing one were in the rolled-back batch: none of A is applied.
    expect(await engine.counts(counter, storeA)).toEqual([])
    const checkpoint = await checkpointOf(engine.database, counter.name)
    expect(checkpoint).toMatchObject({ status: 'running', last_error: null })
    expect(Number(checkpoint.events_applied)).toBe(4)
    const [status] = await projectionStatuses(engine.database, engine.store, [counter])
    expect(status).toMatchObject({
      state: 'running',
      lag: 0,
      parkedStores: [
        {
          storeId: storeA,
          error: `Counted ${failing.id}: cannot count e1`,
          eventId: failing.id,
          position: failing.position,
          parkedAt: expect.any(Date),
        },
      ],
    })

    // Later events: B's are applied, A's wait.
    await appendCounted(engine.store, storeA, 2)
    await appendCounted(engine.store, storeB, 3)
    await caughtUp(engine.database, counter)
    await engine.expectCountsOfLog(counter, storeB)
    expect(await engine.counts(counter, storeA)).toEqual([])
    await runner.stop()
  })

  it('stays parked across a restart of its owner', async () => {
    const runner = await engine.runner([counter], { batchSize: 50 })
    await appendCounted(engine.store, storeA, 1)
    await appendCounted(engine.store, storeB, 1)
    await caughtUp(engine.database, counter)
    expect(await engine.counts(counter, storeA)).toEqual([])
    await engine.expectCountsOfLog(counter, storeB)
    await runner.stop()
  })

  it('stays parked with the new failure when a retry meets the cause again, and leaves the rows as they were', async () => {
    const runner = await engine.runner([counter], { batchSize: 50 })
    const before = (await readParked(engine.database.db, { projection: counter.name }))[0]!
    expect(await engine.rebuilt(counter.name, storeA, 'retry')).toMatchObject({
      status: 'failed',
      error: expect.stringContaining(`stays parked in ${counter.name}`),
    })
    const after = await readParked(engine.database.db, { projection: counter.name })
    expect(after).toMatchObject([{ store_id: storeA, event_id: before.event_id, error: before.error }])
    expect(after[0]!.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime())
    expect(await engine.counts(counter, storeA)).toEqual([])
    // The live worker resumed after the retry: B goes on, A still waits.
    await appendCounted(engine.store, storeB, 1)
    await appendCounted(engine.store, storeA, 1)
    await caughtUp(engine.database, counter)
    await engine.expectCountsOfLog(counter, storeB)
    expect(await engine.counts(counter, storeA)).toEqual([])
    await runner.stop()
  })

  it('resumes after a retry once the cause is gone: every event of the store applied exactly once, live events included', async () => {
    const runner = await engine.runner([counter], { batchSize: 5 })
    counter.failWhen = null
    // Events of A keep arriving while the retry replays: each must land once, by the replay or live.
    const id = await requestSystemRebuild(engine.database, counter.name, storeA, 'retry')
    const writes = appendCounted(engine.store, storeA, 12)
    expect(await finishedRebuild(engine.database, id)).toMatchObject({ status: 'done' })
    await writes
    await appendCounted(engine.store, storeA, 2)
    await caughtUp(engine.database, counter)
    // The counter is not idempotent: a doubled or missing event shows in the hits.
    await engine.expectCountsOfLog(counter)
    expect(await readParked(engine.database.db)).toEqual([])
    const [status] = await projectionStatuses(engine.database, engine.store, [counter])
    expect(status).toMatchObject({ state: 'running', lag: 0, parkedStores: [] })
    await runner.stop()
  })
})

describe('parking more than one store', () => {
  it('parks each failing store of one batch, and a whole rebuild that gets through unparks them all', async () => {
    const counter = counterProjection('multiparking')
    const [storeA, storeB, storeC] = [randomUUID(), randomUUID(), randomUUID()]
    for (const store of [storeA, storeB, storeC, storeA, storeB, storeC]) await appendCounted(engine.store, store, 1)
    counter.failWhen = (event) => event.metadata.storeId === storeA || event.metadata.storeId === storeB
    const runner = await engine.runner([counter], { batchSize: 50 })
    await caughtUp(engine.database, counter)
    expect(
      (await readParked(engine.database.db, { projection: counter.name })).map((row) => row.store_id).sort(),
    ).toEqual([storeA, storeB].sort())
    await engine.expectCountsOfLog(counter, storeC)
    expect(await engine.counts(counter, storeA)).toEqual([])

    counter.failWhen = null
    expect(await engine.rebuilt(counter.name, null)).toMatchObject({ status: 'done' })
    expect(await readParked(engine.database.db, { projection: counter.name })).toEqual([])
    await appendCounted(engine.store, storeA, 2)
    await caughtUp(engine.database, counter)
    for (const store of [storeA, storeB, storeC]) await engine.expectCountsOfLog(counter, store)
    await runner.stop()
  })
})

describe('a whole rebuild', () => {
  it("parks a store whose event still fails instead of failing: the new version's other stores go on, and a retry after the fix brings the store back", async () => {
    const counter = counterProjection('rebuilt_parking')
    const [storeA, storeC] = [randomUUID(), randomUUID()]
    counter.failWhen = (event) => event.metadata.storeId === storeA && event.data.entity === 'e1'
    const runner = await engine.runner([counter], { batchSize: 50 })
    await appendCounted(engine.store, storeA, 3)
    await appendCounted(engine.store, storeC, 3)
    await caughtUp(engine.database, counter)
    const live = await readParked(engine.database.db, { projection: counter.name })
    expect(live.map((row) => row.store_id)).toEqual([storeA])

    // The new build parks A on the same event and swaps in with C complete.
    expect(await engine.rebuilt(counter.name, null)).toMatchObject({ status: 'done' })
    const rebuilt = await readParked(engine.database.db, { projection: counter.name })
    expect(rebuilt).toMatchObject([{ store_id: storeA, event_id: live[0]!.event_id, error: live[0]!.error }])
    await engine.expectCountsOfLog(counter, storeC)
    await appendCounted(engine.store, storeA, 1)
    await appendCounted(engine.store, storeC, 1)
    await caughtUp(engine.database, counter)
    await engine.expectCountsOfLog(counter, storeC)

    counter.failWhen = null
    expect(await engine.rebuilt(counter.name, storeA, 'retry')).toMatchObject({ status: 'done' })
    for (const store of [storeA, storeC]) await engine.expectCountsOfLog(counter, store)
    expect(await readParked(engine.database.db, { projection: counter.name })).toEqual([])
    await runner.stop()
  })
})

describe('a database error met while applying', () => {
  it('parks nothing and halts nothing: the batch is tried again from the same checkpoint', async () => {
    const counter = counterProjection('deadlocked')
    const store = randomUUID()
    let deadlocks = 2
    counter.failWhen = () => {
      if (deadlocks === 0) return false
      deadlocks--
      throw Object.assign(new Error('deadlock detected'), { code: '40P01' })
    }
    await appendCounted(engine.store, store, 3)
    const runner = await engine.runner([counter], { batchSize: 50 })
    await caughtUp(engine.database, counter)
    expect(deadlocks).toBe(0)
    expect(await readParked(engine.database.db, { projection: counter.name })).toEqual([])
    expect(await checkpointOf(engine.database, counter.name)).toMatchObject({ status: 'running', last_error: null })
    await engine.expectCountsOfLog(counter, store)
    await runner.stop()
  })
})
