import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openDatabase, type AnyDb, type Database } from '../infra/database/database.js'
import { migrateToLatest } from '../infra/database/migrate.js'
import { createKurrentDbEventStore } from '../infra/eventstore/kurrentdb/adapter.js'
import { comparePositions, WrongExpectedRevisionError, type AppendResult, type EventStore, type LogFilter, type NewEvent, type RecordedEvent } from '../infra/eventstore/port.js'
import { createPostgresEventStore, decodePosition, encodePosition, insertWrites } from '../infra/eventstore/postgres/adapter.js'
import { eventStoreMigrations } from '../infra/eventstore/postgres/schema.js'
import { createTestDatabase } from './support/database.js'

interface Opened { store: EventStore; database?: Database; close(): Promise<void> }

/** A long poll interval: live delivery within the test timeouts proves LISTEN/NOTIFY wakes subscribers. */
async function openPostgres(database: Database, drop: () => Promise<void>): Promise<Opened> {
  await migrateToLatest(database.db, eventStoreMigrations)
  const store = createPostgresEventStore(database, { pollIntervalMs: 60_000 })
  return { store: settling(store), database, close: () => store.close().then(drop) }
}

/**
 * Postgres readers see a commit once every older transaction in the cluster has ended (the
 * horizon that defeats the ordering trap), and other test runs share the server: appends here
 * return once readers can see them, as the app's read-your-writes wait does.
 */
function settling(store: EventStore): EventStore {
  const settle = async (result: AppendResult) => {
    await waitFor(async () => comparePositions(await store.headPosition(), result.position) >= 0)
    return result
  }
  return { ...store, append: (...args) => store.append(...args).then(settle), appendMany: (writes) => store.appendMany(writes).then(settle) }
}

async function openKurrentDb(): Promise<Opened> {
  const store = createKurrentDbEventStore(process.env.EVENTSTORE_URL ?? '')
  return { store, close: () => store.close() }
}

const ADAPTERS: { name: string; postgres: boolean; skip: boolean; open: () => Promise<Opened> }[] = [
  { name: 'Postgres on pg', postgres: true, skip: !process.env.DATABASE_URL, open: () => createTestDatabase().then((test) => openPostgres(test.database, test.drop)) },
  { name: 'Postgres on PGlite', postgres: true, skip: false, open: () => openDatabase({}).then((database) => openPostgres(database, () => database.close())) },
  { name: 'KurrentDB', postgres: false, skip: !process.env.EVENTSTORE_URL, open: openKurrentDb },
]

/** Unique per call: the KurrentDB server is shared, so every test writes to its own scope and categories. */
const unique = (prefix = 'c') => `${prefix}${randomUUID().replaceAll('-', '').slice(0, 16)}`
const streamIn = (scope: string, category = 'thing') => `${category}-${scope}_${randomUUID()}`
const ids = (events: { id: string }[]) => events.map((event) => event.id)

function newEvent(type = 'ThingHappened', data: Record<string, unknown> = {}): NewEvent {
  const metadata = { organizationId: 'org', storeId: 'store', actor: { type: 'system' as const, id: 'test' } }
  return { id: randomUUID(), type, data, metadata: { ...metadata, correlationId: randomUUID(), causationId: null, schemaVersion: 1, occurredAt: new Date().toISOString() } }
}

const waitFor = (check: () => boolean | Promise<boolean>) => vi.waitFor(async () => expect(await check()).toBe(true), { timeout: 20_000, interval: 10 })

async function readEverything(store: EventStore, filter: LogFilter, limit = 4): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = []
  for (;;) {
    const page = await store.readAll({ from: all.at(-1)?.position ?? null, filter, limit })
    all.push(...page)
    if (page.length < limit) return all
  }
}

/** An append's position is past every earlier event and not past its own last event: what read-your-writes waits for. */
function expectAppendPosition(position: string, log: RecordedEvent[], lastIndex: number): void {
  expect(comparePositions(position, log[lastIndex]?.position)).toBeLessThanOrEqual(0)
  if (lastIndex > 0) expect(comparePositions(position, log[lastIndex - 1]?.position)).toBe(1)
}

function expectStrictlyIncreasing(events: RecordedEvent[]): void {
  for (let i = 1; i < events.length; i++) expect(comparePositions(events[i - 1]?.position, events[i]?.position)).toBe(-1)
}

async function expectWrong(append: Promise<unknown>, actual: number | 'no_stream'): Promise<void> {
  const error: unknown = await append.then(() => 'appended', (caught: unknown) => caught)
  expect(error).toBeInstanceOf(WrongExpectedRevisionError)
  expect((error as WrongExpectedRevisionError).actual).toBe(actual)
}

for (const adapter of ADAPTERS) {
  // pg runs only with DATABASE_URL and KurrentDB only with EVENTSTORE_URL: neither server is guaranteed here.
  describe.skipIf(adapter.skip)(`event store contract: ${adapter.name}`, () => {
    let opened: Opened
    let store: EventStore
    beforeAll(async () => {
      opened = await adapter.open()
      store = opened.store
    })
    afterAll(async () => opened.close())

    it('appends and reads back events with their revisions, data and metadata', async () => {
      const stream = streamIn(unique())
      const events = [newEvent('A', { n: 1 }), newEvent('B', { nested: { ok: true } })]
      const result = await store.append(stream, events, { expectedRevision: 'no_stream' })
      const read = await store.readStream(stream)
      expect(read.map(({ id, type, data, metadata, revision, streamName }) => ({ id, type, data, metadata, revision, streamName }))).toEqual(
        events.map((event, revision) => ({ ...event, revision, streamName: stream })),
      )
      expect(result.revisions).toEqual({ [stream]: 1 })
      expect(read[1]?.recordedAt).toBeInstanceOf(Date)
    })

    it('checks every kind of expected revision', async () => {
      const stream = streamIn(unique())
      await expectWrong(store.append(stream, [newEvent()], { expectedRevision: 'stream_exists' }), 'no_stream')
      await expectWrong(store.append(stream, [newEvent()], { expectedRevision: 0 }), 'no_stream')
      await store.append(stream, [newEvent()], { expectedRevision: 'no_stream' })
      await expectWrong(store.append(stream, [newEvent()], { expectedRevision: 'no_stream' }), 0)
      await store.append(stream, [newEvent()], { expectedRevision: 'stream_exists' })
      await expectWrong(store.append(stream, [newEvent()], { expectedRevision: 0 }), 1)
      await expectWrong(store.append(stream, [newEvent()], { expectedRevision: 2 }), 1)
      expect((await store.append(stream, [newEvent(), newEvent()], { expectedRevision: 1 })).revisions).toEqual({ [stream]: 3 })
      expect((await store.append(stream, [newEvent()], { expectedRevision: 'any' })).revisions).toEqual({ [stream]: 4 })
      const fresh = streamIn(unique())
      expect((await store.append(fresh, [newEvent()], { expectedRevision: 'any' })).revisions).toEqual({ [fresh]: 0 })
      expect((await store.readStream(stream)).map((event) => event.revision)).toEqual([0, 1, 2, 3, 4])
    })

    it('lets exactly one of several concurrent appenders with the same expectation win', async () => {
      const stream = streamIn(unique())
      const creators = await Promise.allSettled(Array.from({ length: 5 }, () => store.append(stream, [newEvent()], { expectedRevision: 'no_stream' })))
      expect(creators.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
      const racers = await Promise.allSettled(Array.from({ length: 5 }, () => store.append(stream, [newEvent()], { expectedRevision: 0 })))
      expect(racers.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
      for (const outcome of [...creators, ...racers]) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(WrongExpectedRevisionError)
      const anyone = await Promise.all(Array.from({ length: 5 }, () => store.append(stream, [newEvent()], { expectedRevision: 'any' })))
      expect(anyone).toHaveLength(5)
      expect((await store.readStream(stream)).map((event) => event.revision)).toEqual([0, 1, 2, 3, 4, 5, 6])
    })

    it('appends to several streams atomically', async () => {
      const scope = unique()
      const [a, b] = [streamIn(scope), streamIn(scope)]
      await expectWrong(store.appendMany([{ stream: a, events: [newEvent()], expectedRevision: 'no_stream' }, { stream: b, events: [newEvent()], expectedRevision: 3 }]), 'no_stream')
      expect(await store.readStream(a)).toEqual([])
      const result = await store.appendMany([{ stream: a, events: [newEvent(), newEvent()], expectedRevision: 'no_stream' }, { stream: b, events: [newEvent()], expectedRevision: 'no_stream' }])
      expect(result.revisions).toEqual({ [a]: 1, [b]: 0 })
      const all = await store.readAll({ filter: { scopeId: scope } })
      expect(all).toHaveLength(3)
      expectAppendPosition(result.position, all, 2)
    })

    it('reads a stream between revisions, and a missing stream as empty', async () => {
      const stream = streamIn(unique())
      await store.append(stream, Array.from({ length: 6 }, (_, n) => newEvent('N', { n })), { expectedRevision: 'no_stream' })
      expect((await store.readStream(stream, { fromRevision: 2 })).map((event) => event.data.n)).toEqual([2, 3, 4, 5])
      expect((await store.readStream(stream, { fromRevision: 1, toRevision: 3 })).map((event) => event.data.n)).toEqual([1, 2, 3])
      expect(await store.readStream(streamIn(unique()))).toEqual([])
    })

    it('reads the log after an exclusive start, up to an inclusive end, and pages through it exactly once', async () => {
      const scope = unique()
      const appended = Array.from({ length: 11 }, (_, n) => newEvent('N', { n }))
      const results = []
      for (const [n, event] of appended.entries()) results.push(await store.append(streamIn(scope, n % 2 ? 'odd' : 'even'), [event], { expectedRevision: 'no_stream' }))
      const all = await store.readAll({ filter: { scopeId: scope } })
      expect(ids(all)).toEqual(ids(appended))
      expectStrictlyIncreasing(all)
      results.forEach((result, n) => expectAppendPosition(result.position, all, n))
      const positions = all.map((event) => event.position)
      expect([...positions].reverse().sort()).toEqual(positions)
      for (const k of [0, 4, 10]) expect(ids(await store.readAll({ from: all[k]?.position, filter: { scopeId: scope } }))).toEqual(ids(appended.slice(k + 1)))
      expect(ids(await store.readAll({ from: all[2]?.position, to: all[5]?.position, filter: { scopeId: scope } }))).toEqual(ids(appended.slice(3, 6)))
      expect(ids(await store.readAll({ to: all[1]?.position, filter: { scopeId: scope } }))).toEqual(ids(appended.slice(0, 2)))
      expect(ids(await readEverything(store, { scopeId: scope }, 3))).toEqual(ids(appended))
      const unfiltered = await store.readAll({ from: all[3]?.position, limit: 1 })
      expect(comparePositions(unfiltered[0]?.position, all[3]?.position)).toBe(1)
      expect(await store.countAll({ filter: { scopeId: scope }, from: all[2]?.position, to: all[7]?.position })).toBe(5)
    })

    it('keeps per-store reads to their own streams, in order', async () => {
      const [one, two] = [unique(), unique()]
      const written: Record<string, string[]> = { [one]: [], [two]: [] }
      for (let n = 0; n < 12; n++) {
        const scope = n % 3 === 0 ? one : two
        const event = newEvent('N', { n })
        await store.append(streamIn(scope), [event], { expectedRevision: 'no_stream' })
        written[scope]?.push(event.id)
      }
      for (const scope of [one, two]) expect(ids(await readEverything(store, { scopeId: scope }))).toEqual(written[scope])
    })

    it('filters by categories and event types, alone and combined', async () => {
      const [scope, product, order, head] = [unique(), unique('product'), unique('order'), await store.headPosition()]
      const a = newEvent('Created')
      const b = newEvent('Renamed')
      const c = newEvent('Created')
      await store.append(streamIn(scope, product), [a, b], { expectedRevision: 'no_stream' })
      await store.append(streamIn(scope, order), [c], { expectedRevision: 'no_stream' })
      const elsewhere = newEvent('Archived')
      await store.append(streamIn(unique(), product), [elsewhere], { expectedRevision: 'no_stream' })
      expect(ids(await store.readAll({ filter: { scopeId: scope, categories: [product] } }))).toEqual([a.id, b.id])
      expect(ids(await store.readAll({ filter: { scopeId: scope, categories: [product, order] } }))).toEqual([a.id, b.id, c.id])
      expect(ids(await store.readAll({ filter: { scopeId: scope, eventTypes: ['Created'] } }))).toEqual([a.id, c.id])
      expect(ids(await store.readAll({ filter: { categories: [product], eventTypes: ['Renamed', 'Archived'] } }))).toEqual([b.id, elsewhere.id])
      expect(ids(await store.readAll({ from: head, filter: { eventTypes: ['Renamed', 'Archived'] } }))).toEqual(expect.arrayContaining([b.id, elsewhere.id]))
      expect(await store.readAll({ filter: { scopeId: scope, categories: [] } })).toEqual([])
    })

    it('reports the head position of the log and of a filter', async () => {
      const scope = unique()
      expect(await store.headPosition({ scopeId: scope })).toBeNull()
      await store.append(streamIn(scope, 'first'), [newEvent()], { expectedRevision: 'no_stream' })
      await store.append(streamIn(scope, 'second'), [newEvent(), newEvent()], { expectedRevision: 'no_stream' })
      const [first, , last] = await store.readAll({ filter: { scopeId: scope } })
      expect(await store.headPosition({ scopeId: scope })).toBe(last?.position)
      expect(await store.headPosition({ scopeId: scope, categories: ['first'] })).toBe(first?.position)
      expect(comparePositions(await store.headPosition(), last?.position)).toBeGreaterThanOrEqual(0)
    })

    it('subscribes: catches up, follows live appends, honours a filter and a start, and stops on close', async () => {
      const scope = unique()
      const before = [newEvent('Before'), newEvent('Before')]
      await store.append(streamIn(scope), before, { expectedRevision: 'no_stream' })
      const everything: RecordedEvent[] = []
      const live: RecordedEvent[] = []
      const all = store.subscribe({ filter: { scopeId: scope }, batchSize: 1, onEvents: async (batch) => void everything.push(...batch) })
      const [head] = await store.readAll({ filter: { scopeId: scope }, limit: 1 })
      const onlyLive = store.subscribe({ from: head?.position, filter: { scopeId: scope, eventTypes: ['Before', 'Live'] }, onEvents: async (batch) => void live.push(...batch) })
      await waitFor(() => everything.length === 2)
      const during = [newEvent('Live'), newEvent('Other'), newEvent('Live')]
      for (const event of during) await store.append(streamIn(scope), [event], { expectedRevision: 'no_stream' })
      await waitFor(() => everything.length === 5 && live.length === 3)
      expect(ids(everything)).toEqual([...before, ...during].map((event) => event.id))
      expect(ids(live)).toEqual([before[1]?.id, during[0]?.id, during[2]?.id])
      expectStrictlyIncreasing(everything)
      await all.close()
      await onlyLive.close()
      await store.append(streamIn(scope), [newEvent('Live')], { expectedRevision: 'no_stream' })
      await sleep(300)
      expect(everything).toHaveLength(5)
      expect(live).toHaveLength(3)
    })
  })
}

describe('Postgres positions', () => {
  it('sort as plain strings whatever the digit counts of transaction id and global position', () => {
    const ordered = [encodePosition(9, 99), encodePosition(9, 100), encodePosition(10, 1), encodePosition(10, 10), encodePosition(99_999, 2), encodePosition(100_000, 1), encodePosition(2n ** 64n - 1n, 2n ** 63n - 1n)]
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
      for (let n = 0; n < 4; n++) await opened.store.append(streamIn(scope), [newEvent()], { expectedRevision: 'no_stream' })
      const all = await opened.store.readAll({ filter: { scopeId: scope } })
      expect(all.map((event) => decodePosition(event.position).globalPosition)).toEqual(['99999', '100000', '100001', '100002'])
      expectStrictlyIncreasing(all)
    })

    it('still delivers by polling when LISTEN is unavailable', async () => {
      const deaf: Database = { ...database, listen: () => Promise.reject(new Error('LISTEN unavailable')) }
      const store = createPostgresEventStore(deaf, { pollIntervalMs: 50 })
      const scope = unique()
      const seen: RecordedEvent[] = []
      const subscription = store.subscribe({ filter: { scopeId: scope }, onEvents: async (batch) => void seen.push(...batch), onError: () => undefined })
      await sleep(100)
      await opened.store.append(streamIn(scope), [newEvent()], { expectedRevision: 'no_stream' })
      await waitFor(() => seen.length === 1)
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
    const subscription = opened.store.subscribe({ filter: { scopeId: scope }, batchSize: 3, onEvents: async (batch) => void subscribed.push(...batch) })
    let polling = true
    const poller = (async () => {
      while (polling) {
        polled.push(...(await opened.store.readAll({ from: polled.at(-1)?.position ?? null, filter: { scopeId: scope }, limit: 5 })))
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
    const transactionA = await holdOpen((trx) => insertWrites(trx, [{ stream: streamIn(scope), events: [a], expectedRevision: 'no_stream' }]))
    const positionA = transactionA.result.position
    const { position: positionB } = await writers.db.transaction().execute((trx) => insertWrites(trx, [{ stream: streamIn(scope), events: [b], expectedRevision: 'no_stream' }]))
    expect(BigInt(decodePosition(positionA).globalPosition)).toBeLessThan(BigInt(decodePosition(positionB).globalPosition))
    // B is committed and a naive `global_position > checkpoint` reader would hand it out now,
    // checkpoint past A, and never see A. The store's readers must hold B back until A commits.
    const naive = await sql<{ event_id: string }>`select event_id from events where scope_id = ${scope}`.execute(opened.database?.db ?? writers.db)
    expect(naive.rows.map((row) => row.event_id)).toEqual([b.id])
    await sleep(300)
    expect([seen.subscribed, seen.polled]).toEqual([[], []])
    await transactionA.commit()
    await waitFor(() => seen.subscribed.length >= 2 && seen.polled.length >= 2)
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
    await writers.db.transaction().execute((trx) => insertWrites(trx, [{ stream: streamIn(scope), events: [event], expectedRevision: 'no_stream' }]))
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
        await sleep(Math.random() * 40)
        const events = Array.from({ length: 1 + (writer % 3) }, () => newEvent('Interleaved', { writer }))
        const outcome = writers.db.transaction().execute(async (trx) => {
          const { position } = await insertWrites(trx, [{ stream: streamIn(scope), events, expectedRevision: 'no_stream' }])
          await sleep(Math.random() * 80)
          // A few writers roll back: their events must never be delivered.
          if (writer % 9 === 4) throw rolledBack
          return BigInt(decodePosition(position).globalPosition)
        })
        const globalPosition = await outcome.catch((error: unknown) => (error === rolledBack ? undefined : Promise.reject(error)))
        if (globalPosition === undefined) return
        commitOrder.push(globalPosition)
        for (const event of events) committed.add(event.id)
      }),
    )
    // The scenario is only meaningful if some transaction committed after a later-positioned one.
    expect(commitOrder.some((position, i) => i > 0 && position < (commitOrder[i - 1] ?? 0n))).toBe(true)
    let log: RecordedEvent[] = []
    await waitFor(async () => (log = await readEverything(opened.store, { scopeId: scope }, 7)).length >= committed.size)
    expect(new Set(ids(log))).toEqual(committed)
    expect(log).toHaveLength(committed.size)
    expectStrictlyIncreasing(log)
    await waitFor(() => seen.subscribed.length >= log.length && seen.polled.length >= log.length)
    await sleep(100)
    await seen.stop()
    expect(ids(seen.subscribed)).toEqual(ids(log))
    expect(ids(seen.polled)).toEqual(ids(log))
  })
})
