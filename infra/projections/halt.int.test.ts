import { setTimeout as sleep } from 'node:timers/promises'
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../../api/app.js'
import type { RecordedEvent } from '../eventstore/port.js'
import { insertWrites } from '../eventstore/postgres/append.js'
import type { Platform } from '../../app/platform.js'
import { retryProjections } from './retry.js'
import { projectionStatuses } from './status.js'
import {
  COUNTED,
  appendCounted,
  caughtUp,
  checkpointOf,
  countedEvent,
  counterProjection,
  eventually,
  useEngine,
} from '../../test/support/projections.js'

/**
 * A failing event that no store can be parked under (an organization-level stream, or a
 * projection without store rows) stops its projection where it is: the batch it was in leaves no
 * trace, the failure shows in the status and /health, later events wait, and nothing is ever
 * skipped. (A store's failing event parks only that store: park.int.test.ts.)
 */
const engine = useEngine()

describe('a failing organization-level event halts its projection', () => {
  const counter = counterProjection('halting')
  const storeId = randomUUID()
  // The organization's streams: rows under the store, but no store to park the failure under.
  const organization = randomUUID()
  let positions: string[]
  let app: App
  let platform: Platform

  beforeAll(async () => {
    // Read models only: the app serves /health from the checkpoints the runner below writes.
    platform = await engine.openPlatform([counter], false)
    app = await buildApp(platform)
  })

  afterAll(async () => {
    await app.close()
    await platform.waiter.stop()
  })

  it('rolls the whole batch back with its checkpoint and records the event that failed', async () => {
    // Appended before the runner starts, so all five arrive in one batch.
    positions = await appendCounted(engine.store, storeId, 5, 5, COUNTED, organization)
    // The log's horizon is cluster-wide: another test file's open transaction in another database can
    // hold it before the last of them for a while, and the runner would then see them in two batches.
    await eventually(async () => {
      const log = await engine.store.readAll({ limit: 10_000 })
      expect(log.some((event) => event.position === positions.at(-1))).toBe(true)
    })
    // From its stream: a read of the log stops at the horizon, which other databases' transactions may hold back.
    const [third] = await engine.store.readStream(`counted-${organization}_e2`)
    if (!third) throw new Error('the third event was not appended')
    counter.failWhen = (event) => event.id === third.id
    const runner = await engine.runner([counter], { batchSize: 50 })

    await eventually(async () => expect((await checkpointOf(engine.database, counter.name)).status).toBe('failed'))
    const checkpoint = await checkpointOf(engine.database, counter.name)
    expect(checkpoint).toMatchObject({
      position: null,
      error_position: third.position,
      error_event_id: third.id,
      events_applied: expect.anything(),
    })
    expect(Number(checkpoint.events_applied)).toBe(0)
    expect(checkpoint.last_error).toBe(`Counted ${third.id}: cannot count e2`)
    // The first two events were applied inside the rolled-back transaction: no trace of them.
    expect(counter.calls).toBe(3)
    expect(await engine.counts(counter)).toEqual([])

    // Lag counts up to the horizon, which other databases' transactions may hold back a moment.
    await eventually(async () => {
      const [status] = await projectionStatuses(engine.database, engine.store, [counter])
      expect(status).toMatchObject({
        name: counter.name,
        state: 'failed',
        position: null,
        lag: 5,
        eventsApplied: 0,
        errorPosition: third.position,
        lastError: checkpoint.last_error,
      })
    })

    const response = await app.inject({ method: 'GET', url: '/health' })
    const health = response.json<{ status: string; projections: unknown[] }>()
    expect(response.statusCode).toBe(200)
    expect(health.status).toBe('degraded')
    expect(health.projections).toContainEqual({
      name: counter.name,
      state: 'failed',
      position: null,
      lag: 5,
      lastError: checkpoint.last_error,
      parkedStores: 0,
    })
    expect((await app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(503)
    expect((await app.inject({ method: 'GET', url: '/metrics' })).body).toContain(
      `emporium_projection_halted{projection="${counter.name}"} 1`,
    )
    await runner.stop()
  })

  it('applies nothing after the failing event until it is restarted, then each event exactly once', async () => {
    const runner = await engine.runner([counter], { batchSize: 50 })
    // Restarted with the bug still there: it retries the same event and halts on it again.
    await eventually(async () => expect(counter.calls).toBe(6))
    positions.push(...(await appendCounted(engine.store, storeId, 4, 5, COUNTED, organization)))
    // Deliberate: that a halted projection applies nothing can only be seen over a window.
    await sleep(500)
    expect(counter.calls).toBe(6)
    expect(await engine.counts(counter)).toEqual([])
    await eventually(async () =>
      expect((await projectionStatuses(engine.database, engine.store, [counter]))[0]).toMatchObject({
        state: 'failed',
        position: null,
        lag: 9,
      }),
    )
    await runner.stop()

    counter.failWhen = null
    const fixed = await engine.runner([counter], { batchSize: 50 })
    await caughtUp(engine.database, counter)
    await engine.expectCountsOfLog(counter)
    const checkpoint = await checkpointOf(engine.database, counter.name)
    expect(checkpoint).toMatchObject({
      status: 'running',
      position: positions.at(-1),
      last_error: null,
      error_position: null,
      error_event_id: null,
    })
    expect(Number(checkpoint.events_applied)).toBe(9)
    const [status2] = await projectionStatuses(engine.database, engine.store, [counter])
    expect(status2).toMatchObject({ state: 'running', lag: 0, eventsApplied: 9, lastError: null, parkedStores: [] })
    expect((await app.inject({ method: 'GET', url: '/health' })).json()).toMatchObject({ status: 'ok' })
    await fixed.stop()
  })
})

describe('a projection without store rows', () => {
  it('halts as a whole on a failing event of a store stream: there are no store rows to park', async () => {
    const counter = counterProjection('organizational', { storeRows: false })
    const [storeA, storeB] = [randomUUID(), randomUUID()]
    counter.failWhen = (event) => event.metadata.storeId === storeA
    const [failing] = await appendCounted(engine.store, storeA, 1)
    await appendCounted(engine.store, storeB, 2)
    const runner = await engine.runner([counter], { batchSize: 50 })
    await eventually(async () => expect((await checkpointOf(engine.database, counter.name)).status).toBe('failed'))
    const [status] = await projectionStatuses(engine.database, engine.store, [counter])
    expect(status).toMatchObject({ state: 'failed', errorPosition: failing, parkedStores: [] })
    // Store B's events wait behind the failure too: nothing of either store is applied.
    for (const store of [storeA, storeB]) expect(await engine.counts(counter, store)).toEqual([])

    // `projections retry` restarts it from its checkpoint: halted again while the cause is there…
    const halted = await checkpointOf(engine.database, counter.name)
    expect(await retryProjections(engine.database, [counter], { projection: counter.name, pollMs: 20 })).toEqual([
      { projection: counter.name, storeId: null, result: 'halted', error: halted.last_error },
    ])
    expect((await checkpointOf(engine.database, counter.name)).updated_at.getTime()).toBeGreaterThan(
      halted.updated_at.getTime(),
    )
    for (const store of [storeA, storeB]) expect(await engine.counts(counter, store)).toEqual([])
    // …and following the log again, each event once, after the fix; with no restart of the owner.
    counter.failWhen = null
    expect(await retryProjections(engine.database, [counter], { pollMs: 20 })).toEqual([
      { projection: counter.name, storeId: null, result: 'resumed', error: null },
    ])
    await appendCounted(engine.store, storeB, 1)
    await caughtUp(engine.database, counter)
    for (const store of [storeA, storeB]) await engine.expectCountsOfLog(counter, store)
    expect(await retryProjections(engine.database, [counter], {})).toEqual([])
    await runner.stop()
  })
})

describe('a halted projection under maintenance', () => {
  it('stays halted through a store rebuild, and resumes after a whole rebuild that gets past the failure', async () => {
    const counter = counterProjection('maintained')
    const [storeA, storeB] = [randomUUID(), randomUUID()]
    const runner = await engine.runnerAfter(counter, storeA, 4)

    counter.failWhen = (event) => event.metadata.storeId === storeB
    await appendCounted(engine.store, storeB, 2, 3, COUNTED, randomUUID())
    await eventually(async () => expect((await checkpointOf(engine.database, counter.name)).status).toBe('failed'))
    const halted = await checkpointOf(engine.database, counter.name)

    // A store rebuild pauses and resumes the worker: it must not come back following the log.
    expect(await engine.rebuilt(counter.name, storeA)).toMatchObject({ status: 'done', processed: 4 })
    const calls = counter.calls
    await appendCounted(engine.store, storeA, 2)
    // Deliberate: that the halted worker applies nothing can only be seen over a window.
    await sleep(400)
    expect(counter.calls).toBe(calls)
    expect(await checkpointOf(engine.database, counter.name)).toMatchObject({
      status: 'failed',
      position: halted.position,
    })

    // With the cause gone, a whole rebuild replays the failing event fine and clears the failure:
    // the live worker must follow the log again, not stay halted behind a 'running' status.
    counter.failWhen = null
    expect(await engine.rebuilt(counter.name, null)).toMatchObject({ status: 'done' })
    await appendCounted(engine.store, storeB, 3)
    await caughtUp(engine.database, counter)
    await engine.expectCountsOfLog(counter)
    expect(await checkpointOf(engine.database, counter.name)).toMatchObject({ status: 'running', last_error: null })
    await runner.stop()
  })
})

describe('the checkpoint guard', () => {
  it('gives the projection up when another owner moved its checkpoint, and takes it back from there', async () => {
    const counter = counterProjection('guarded')
    const storeId = randomUUID()
    const runner = await engine.runnerAfter(counter, storeId, 3)
    const calls = counter.calls

    // Another owner appends two events and applies them with its checkpoint, all in one
    // transaction: this worker still believes the checkpoint is where it left it.
    await engine.database.db.transaction().execute(async (trx) => {
      const news = [countedEvent(storeId, 'e0'), countedEvent(storeId, 'e1')]
      const writes = news.map((event) => ({
        stream: `counted-${storeId}_${String(event.data.entity)}`,
        events: [event],
        expectedRevision: 'any' as const,
      }))
      const { positions } = await insertWrites(trx, writes)
      for (const [i, event] of news.entries()) {
        const recorded: RecordedEvent = {
          ...event,
          streamName: writes[i]!.stream,
          revision: 0,
          position: positions[i]!,
          recordedAt: new Date(),
        }
        await counter.apply(recorded, trx)
      }
      await trx
        .updateTable('projection_checkpoints')
        .set({ position: positions.at(-1)!, events_applied: sql`events_applied + 2` })
        .where('name', '=', counter.name)
        .execute()
    })
    const foreign = counter.calls - calls

    // This worker tries the two events, finds the checkpoint moved, rolls back and lets go; the
    // runner takes the projection again from the moved checkpoint and carries on.
    await eventually(() => expect(counter.calls).toBeGreaterThan(calls + foreign))
    await appendCounted(engine.store, storeId, 2)
    await caughtUp(engine.database, counter)
    await engine.expectCountsOfLog(counter)
    // Every event of the log once: by this worker or (two of them) by the other owner.
    expect(Number((await checkpointOf(engine.database, counter.name)).events_applied)).toBe(
      await engine.store.countAll({ filter: { eventTypes: ['Counted'] } }),
    )
    expect(runner.owned()).toEqual([counter.name])
    await runner.stop()
  })
})
