import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type AnyDb, type Database } from '../infra/database/database.js'
import type { RecordedEvent } from '../infra/eventstore/port.js'
import { createPostgresEventStore } from '../infra/eventstore/postgres/adapter.js'
import { insertWrites } from '../infra/eventstore/postgres/append.js'
import { decodePosition, encodePosition } from '../infra/eventstore/postgres/events-table.js'
import { createTestDatabase } from './support/database.js'
import {
  type Opened,
  openPostgres,
  ADAPTERS,
  unique,
  streamIn,
  ids,
  newEvent,
  waitFor,
  readEverything,
  expectStrictlyIncreasing,
} from './support/eventstore.js'

/** What only the Postgres adapter promises: its position encoding and the ordering trap it avoids. */
describe('Postgres positions', () => {
  it('sort as plain strings whatever the digit counts of transaction id and global position', () => {
    const ordered = [
      encodePosition(9, 99),
      encodePosition(9, 100),
      encodePosition(10, 1),
      encodePosition(10, 10),
      encodePosition(99_999, 2),
      encodePosition(100_000, 1),
      encodePosition(2n ** 64n - 1n, 2n ** 63n - 1n),
    ]
    expect([...ordered].reverse().sort()).toEqual(ordered)
    expect(decodePosition(encodePosition(123n, 4567n))).toEqual({ transactionId: '123', globalPosition: '4567' })
  })
})

for (const adapter of ADAPTERS.filter((candidate) => candidate.postgres)) {
  // As above: the pg variant needs DATABASE_URL.
  describe.skipIf(adapter.skip)(`Postgres adapter specifics: ${adapter.name}`, () => {
    let opened: Opened
    let database: Database
    beforeAll(async () => {
      opened = await adapter.open()
      database = opened.database ?? expect.unreachable('Postgres adapters expose their database')
    })
    afterAll(async () => opened.close())

    it('keeps log order when the global position gains a digit', async () => {
      await sql`select setval('events_global_position_seq', 99998)`.execute(database.db)
      const scope = unique()
      for (let n = 0; n < 4; n++)
        await opened.store.append(streamIn(scope), [newEvent()], { expectedRevision: 'no_stream' })
      const all = await opened.store.readAll({ filter: { scopeId: scope } })
      expect(all.map((event) => decodePosition(event.position).globalPosition)).toEqual([
        '99999',
        '100000',
        '100001',
        '100002',
      ])
      expectStrictlyIncreasing(all)
    })

    it('still delivers by polling when LISTEN is unavailable', async () => {
      const deaf: Database = { ...database, listen: () => Promise.reject(new Error('LISTEN unavailable')) }
      const store = createPostgresEventStore(deaf, { pollIntervalMs: 50 })
      const scope = unique()
      const seen: RecordedEvent[] = []
      let listenFailed!: () => void
      const refused = new Promise<void>((resolve) => (listenFailed = resolve))
      const subscription = store.subscribe({
        filter: { scopeId: scope },
        onEvents: async (batch) => void seen.push(...batch),
        onError: () => listenFailed(),
      })
      await refused
      await opened.store.append(streamIn(scope), [newEvent()], { expectedRevision: 'no_stream' })
      await waitFor(() => seen.length === 1)
      // Appended after a read delivered the first: only a later poll can bring this one.
      await opened.store.append(streamIn(scope), [newEvent()], { expectedRevision: 'no_stream' })
      await waitFor(() => seen.length === 2)
      await subscription.close()
    })

    it('refuses to update or delete events', async () => {
      await opened.store.append(streamIn(unique()), [newEvent()], { expectedRevision: 'no_stream' })
      await expect(sql`update events set event_type = 'Changed'`.execute(database.db)).rejects.toThrow(/append-only/)
      await expect(sql`delete from events`.execute(database.db)).rejects.toThrow(/append-only/)
    })
  })
}

// PGlite has a single connection, so two transactions can never be open at once there: commits
// out of order need a real server, hence DATABASE_URL.
describe.skipIf(!process.env.DATABASE_URL)('Postgres ordering trap: transactions that commit out of order', () => {
  let opened: Opened
  let writers: Database
  beforeAll(async () => {
    const test = await createTestDatabase()
    opened = await openPostgres(test.database, test.drop)
    // Enough connections that every writer below holds its own transaction open at the same time.
    writers = await openDatabase({ url: test.url, poolSize: 50 })
  })
  afterAll(() => writers.close().then(() => opened.close()))

  /** A subscriber and a polling reader, both running throughout. */
  function observe(scope: string) {
    const subscribed: RecordedEvent[] = []
    const polled: RecordedEvent[] = []
    const subscription = opened.store.subscribe({
      filter: { scopeId: scope },
      batchSize: 3,
      onEvents: async (batch) => void subscribed.push(...batch),
    })
    let polling = true
    const poller = (async () => {
      while (polling) {
        polled.push(
          ...(await opened.store.readAll({
            from: polled.at(-1)?.position ?? null,
            filter: { scopeId: scope },
            limit: 5,
          })),
        )
        // Deliberate: a reader polling throughout, interleaved with the writers, not waiting for anything.
        await sleep(2)
      }
    })()
    async function stop() {
      polling = false
      await poller
      await subscription.close()
    }
    return { subscribed, polled, stop }
  }

  /** Runs `work` in a transaction of its own and keeps it open until `commit` is called. */
  async function holdOpen<T>(work: (trx: AnyDb) => Promise<T>): Promise<{ result: T; commit: () => Promise<void> }> {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let ready!: (result: T) => void
    const started = new Promise<T>((resolve) => (ready = resolve))
    const done = writers.db.transaction().execute(async (trx) => {
      ready(await work(trx))
      await held
    })
    const result = await Promise.race([started, done.then(() => expect.unreachable('the transaction ended early'))])
    async function commit() {
      release()
      await done
    }
    return { result, commit }
  }

  it('delivers a transaction that took the smaller position but committed last: none skipped, each once, in order', async () => {
    const scope = unique()
    const seen = observe(scope)
    const [a, b] = [newEvent('A'), newEvent('B')]
    const transactionA = await holdOpen((trx) =>
      insertWrites(trx, [{ stream: streamIn(scope), events: [a], expectedRevision: 'no_stream' }]),
    )
    const positionA = transactionA.result.position
    const { position: positionB } = await writers.db
      .transaction()
      .execute((trx) => insertWrites(trx, [{ stream: streamIn(scope), events: [b], expectedRevision: 'no_stream' }]))
    expect(BigInt(decodePosition(positionA).globalPosition)).toBeLessThan(
      BigInt(decodePosition(positionB).globalPosition),
    )
    // B is committed and a naive `global_position > checkpoint` reader would hand it out now,
    // checkpoint past A, and never see A. The store's readers must hold B back until A commits.
    const naive = await sql<{ event_id: string }>`select event_id from events where scope_id = ${scope}`.execute(
      opened.database?.db ?? writers.db,
    )
    expect(naive.rows.map((row) => row.event_id)).toEqual([b.id])
    // Deliberate: that B is held back can only be seen over a window; nothing would signal it.
    await sleep(300)
    expect([seen.subscribed, seen.polled]).toEqual([[], []])
    await transactionA.commit()
    await waitFor(() => seen.subscribed.length >= 2 && seen.polled.length >= 2)
    // Deliberate: a window for a duplicate to show up, which no condition could announce.
    await sleep(100)
    await seen.stop()
    expect(ids(seen.subscribed)).toEqual([a.id, b.id])
    expect(ids(seen.polled)).toEqual([a.id, b.id])
  })

  it('delivers promptly when a transaction that is not an append stops holding the horizon, with no notification to wake it', async () => {
    const scope = unique()
    const seen = observe(scope)
    const foreign = await holdOpen((trx) => sql`select pg_current_xact_id()`.execute(trx))
    const event = newEvent()
    await writers.db
      .transaction()
      .execute((trx) =>
        insertWrites(trx, [{ stream: streamIn(scope), events: [event], expectedRevision: 'no_stream' }]),
      )
    // Deliberate: that the event is held back can only be seen over a window.
    await sleep(300)
    expect(seen.subscribed).toEqual([])
    await foreign.commit()
    const releasedAt = Date.now()
    await waitFor(() => seen.subscribed.length === 1)
    // Far below the 60 s poll interval: the subscriber noticed the held-back event and re-polled.
    expect(Date.now() - releasedAt).toBeLessThan(1_000)
    await seen.stop()
    expect(ids(seen.subscribed)).toEqual([event.id])
  })

  it('with dozens of interleaved writers, delivers every committed event exactly once, in log order', async () => {
    const scope = unique()
    const seen = observe(scope)
    const committed = new Set<string>()
    const commitOrder: bigint[] = []
    const rolledBack = new Error('rolled back on purpose')
    await Promise.all(
      Array.from({ length: 40 }, async (_, writer) => {
        // Deliberate: random start and commit times make the writers interleave differently each run.
        await sleep(Math.random() * 40)
        const events = Array.from({ length: 1 + (writer % 3) }, () => newEvent('Interleaved', { writer }))
        const outcome = writers.db.transaction().execute(async (trx) => {
          const { position } = await insertWrites(trx, [
            { stream: streamIn(scope), events, expectedRevision: 'no_stream' },
          ])
          // Deliberate: held open a random while, so commits come out of position order.
          await sleep(Math.random() * 80)
          // A few writers roll back: their events must never be delivered.
          if (writer % 9 === 4) throw rolledBack
          return BigInt(decodePosition(position).globalPosition)
        })
        const globalPosition = await outcome.catch((error: unknown) =>
          error === rolledBack ? undefined : Promise.reject(error),
        )
        if (globalPosition === undefined) return
        commitOrder.push(globalPosition)
        for (const event of events) committed.add(event.id)
      }),
    )
    // The scenario is only meaningful if some transaction committed after a later-positioned one.
    expect(commitOrder.some((position, i) => i > 0 && position < (commitOrder[i - 1] ?? 0n))).toBe(true)
    let log: RecordedEvent[] = []
    await waitFor(
      async () => (log = await readEverything(opened.store, { scopeId: scope }, 7)).length >= committed.size,
    )
    expect(new Set(ids(log))).toEqual(committed)
    expect(log).toHaveLength(committed.size)
    expectStrictlyIncreasing(log)
    await waitFor(() => seen.subscribed.length >= log.length && seen.polled.length >= log.length)
    // Deliberate: a window for a duplicate to show up, which no condition could announce.
    await sleep(100)
    await seen.stop()
    expect(ids(seen.subscribed)).toEqual(ids(log))
    expect(ids(seen.polled)).toEqual(ids(log))
  })
})
