import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProjectionRunner } from './runner.js'
import { ReadModelWaiter } from './waiter.js'
import {
  COUNTED,
  appendCounted,
  counterProjection,
  dump,
  openEngine,
  type TestEngine,
} from '../../test/support/projections.js'

/**
 * Read-your-writes: a writer waits until every projection that consumes its events has a
 * checkpoint at or past them, learning of checkpoints from the runner in its process, from
 * NOTIFY for runners elsewhere, and by polling when a notification is lost.
 */
let engine: TestEngine
let runner: ProjectionRunner
const counted = counterProjection('waited_counts')
/** Consumes another event type only: a `Counted` write never waits for it. */
const tallied = counterProjection('waited_tallies', { eventTypes: ['Tallied'] })
/** Linked to the runner in this process, as the platform links them. */
let local: ReadModelWaiter
/** Hears only NOTIFY: a runner in another process. A long poll interval keeps polling out of it. */
let remote: ReadModelWaiter
const storeId = randomUUID()

/** A latch for the projection: `hold()` stops it before its next event, `release()` lets it go. */
function latch() {
  let open: () => void = () => undefined
  let held: Promise<void> = Promise.resolve()
  return {
    hold: () => (held = new Promise<void>((resolve) => (open = resolve))),
    release: () => open(),
    wait: () => held,
  }
}
const gate = latch()

beforeAll(async () => {
  engine = await openEngine()
  local = new ReadModelWaiter(engine.database, [counted, tallied], 60_000)
  await local.start()
  remote = new ReadModelWaiter(engine.database, [counted, tallied], 60_000)
  await remote.start()
  counted.gate = gate.wait
  runner = await engine.runner([counted, tallied], { onAdvance: (name, position) => local.observe(name, position) })
  await appendCounted(engine.store, storeId, 1, 1, 'Tallied')
})

afterAll(async () => {
  gate.release()
  await local.stop()
  await remote.stop()
  await engine.close()
})

/** Deliberately a window: that a wait has not settled can only be seen over some time. */
async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<T | 'pending'> {
  return Promise.race([promise, sleep(ms).then(() => 'pending' as const)])
}

describe('waiting for the read models', () => {
  it('resolves when the projections that consume the events have reached them, not before', async () => {
    gate.hold()
    const [position] = await appendCounted(engine.store, storeId, 1, 1)
    const events = [{ type: 'Counted', position: position! }]
    const waits = [local.waitFor(events, 10_000), remote.waitFor(events, 10_000)]
    expect(await settledWithin(Promise.race(waits), 300)).toBe('pending')
    gate.release()
    // `tallied` consumes no Counted event, so its checkpoint (behind this write) does not matter.
    expect(await Promise.all(waits)).toEqual([true, true])
    expect((await dump(engine.database.db, counted.table)).map((r) => r.last_position)).toEqual([position])
    expect(local.checkpoint(counted.name)).toBe(position)
  })

  it('answers at once for a write that is already visible, or that no projection consumes', async () => {
    const [position] = await appendCounted(engine.store, storeId, 1, 1)
    expect(await local.waitFor([{ type: 'Counted', position: position! }], 10_000)).toBe(true)
    expect(await settledWithin(local.waitFor([{ type: 'Counted', position: position! }], 10_000), 50)).toBe(true)
    expect(await settledWithin(local.waitFor([{ type: 'NobodyReadsThis', position: position! }], 10_000), 50)).toBe(
      true,
    )
    expect(await settledWithin(local.waitFor([], 10_000), 50)).toBe(true)
  })

  it('waits for each projection at the position of its own events', async () => {
    gate.hold()
    const [tally] = await appendCounted(engine.store, storeId, 1, 1, 'Tallied')
    const [count] = await appendCounted(engine.store, storeId, 1, 1)
    const wait = local.waitFor(
      [
        { type: 'Tallied', position: tally! },
        { type: 'Counted', position: count! },
      ],
      10_000,
    )
    expect(await settledWithin(wait, 300)).toBe('pending')
    gate.release()
    expect(await wait).toBe(true)
  })

  it('falls back to polling when a checkpoint notification is lost', async () => {
    const manual = counterProjection('waited_manual')
    const polling = new ReadModelWaiter(engine.database, [manual], 50)
    await polling.start()
    const [position] = await appendCounted(engine.store, storeId, 1, 1)
    await engine.database.db
      .insertInto('projection_checkpoints')
      .values({ name: manual.name, version: 1, position: null, status: 'running' })
      .execute()
    const wait = polling.waitFor([{ type: 'Counted', position: position! }], 10_000)
    expect(await settledWithin(wait, 200)).toBe('pending')
    // Moved without NOTIFY, as if the notification had been lost.
    await engine.database.db
      .updateTable('projection_checkpoints')
      .set({ position: position! })
      .where('name', '=', manual.name)
      .execute()
    expect(await settledWithin(wait, 2_000)).toBe(true)
    await polling.stop()
  })

  it('gives up after the timeout when a projection the write needs has halted', async () => {
    counted.failWhen = () => true
    // On an organization's stream: a store's failing event would park only that store, and the checkpoint would move on.
    const [position] = await appendCounted(engine.store, storeId, 1, 1, COUNTED, randomUUID())
    const started = Date.now()
    expect(await local.waitFor([{ type: 'Counted', position: position! }], 600)).toBe(false)
    expect(Date.now() - started).toBeGreaterThanOrEqual(590)
    // A write the halted projection does not consume is still visible at once.
    const [tally] = await appendCounted(engine.store, storeId, 1, 1, 'Tallied')
    expect(await local.waitFor([{ type: 'Tallied', position: tally! }], 10_000)).toBe(true)
    await runner.stop()
  })
})
