import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  comparePositions,
  WrongExpectedRevisionError,
  type EventStore,
  type RecordedEvent,
} from '../infra/eventstore/port.js'
import {
  type Opened,
  ADAPTERS,
  unique,
  streamIn,
  ids,
  newEvent,
  waitFor,
  readEverything,
  expectAppendPosition,
  expectStrictlyIncreasing,
  expectWrong,
} from './support/eventstore.js'

/** One suite of cases run over every event store adapter (PGlite always, Postgres with DATABASE_URL, KurrentDB with EVENTSTORE_URL). */
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
      expect(
        read.map(({ id, type, data, metadata, revision, streamName }) => ({
          id,
          type,
          data,
          metadata,
          revision,
          streamName,
        })),
      ).toEqual(events.map((event, revision) => ({ ...event, revision, streamName: stream })))
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
      expect((await store.append(stream, [newEvent(), newEvent()], { expectedRevision: 1 })).revisions).toEqual({
        [stream]: 3,
      })
      expect((await store.append(stream, [newEvent()], { expectedRevision: 'any' })).revisions).toEqual({ [stream]: 4 })
      const fresh = streamIn(unique())
      expect((await store.append(fresh, [newEvent()], { expectedRevision: 'any' })).revisions).toEqual({ [fresh]: 0 })
      expect((await store.readStream(stream)).map((event) => event.revision)).toEqual([0, 1, 2, 3, 4])
    })

    it('lets exactly one of several concurrent appenders with the same expectation win', async () => {
      const stream = streamIn(unique())
      const creators = await Promise.allSettled(
        Array.from({ length: 5 }, () => store.append(stream, [newEvent()], { expectedRevision: 'no_stream' })),
      )
      expect(creators.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
      const racers = await Promise.allSettled(
        Array.from({ length: 5 }, () => store.append(stream, [newEvent()], { expectedRevision: 0 })),
      )
      expect(racers.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
      for (const outcome of [...creators, ...racers])
        if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(WrongExpectedRevisionError)
      const anyone = await Promise.all(
        Array.from({ length: 5 }, () => store.append(stream, [newEvent()], { expectedRevision: 'any' })),
      )
      expect(anyone).toHaveLength(5)
      expect((await store.readStream(stream)).map((event) => event.revision)).toEqual([0, 1, 2, 3, 4, 5, 6])
    })

    it('appends to several streams atomically', async () => {
      const scope = unique()
      const [a, b] = [streamIn(scope), streamIn(scope)]
      await expectWrong(
        store.appendMany([
          { stream: a, events: [newEvent()], expectedRevision: 'no_stream' },
          { stream: b, events: [newEvent()], expectedRevision: 3 },
        ]),
        'no_stream',
      )
      expect(await store.readStream(a)).toEqual([])
      const result = await store.appendMany([
        { stream: a, events: [newEvent(), newEvent()], expectedRevision: 'no_stream' },
        { stream: b, events: [newEvent()], expectedRevision: 'no_stream' },
      ])
      expect(result.revisions).toEqual({ [a]: 1, [b]: 0 })
      const all = await store.readAll({ filter: { scopeId: scope } })
      expect(all).toHaveLength(3)
      expectAppendPosition(result.position, all, 2)
    })

    it('reads a stream between revisions, and a missing stream as empty', async () => {
      const stream = streamIn(unique())
      await store.append(
        stream,
        Array.from({ length: 6 }, (_, n) => newEvent('N', { n })),
        { expectedRevision: 'no_stream' },
      )
      expect((await store.readStream(stream, { fromRevision: 2 })).map((event) => event.data.n)).toEqual([2, 3, 4, 5])
      expect((await store.readStream(stream, { fromRevision: 1, toRevision: 3 })).map((event) => event.data.n)).toEqual(
        [1, 2, 3],
      )
      expect(await store.readStream(streamIn(unique()))).toEqual([])
    })

    it('reads the log after an exclusive start, up to an inclusive end, and pages through it exactly once', async () => {
      const scope = unique()
      const appended = Array.from({ length: 11 }, (_, n) => newEvent('N', { n }))
      const results = []
      for (const [n, event] of appended.entries())
        results.push(
          await store.append(streamIn(scope, n % 2 ? 'odd' : 'even'), [event], { expectedRevision: 'no_stream' }),
        )
      const all = await store.readAll({ filter: { scopeId: scope } })
      expect(ids(all)).toEqual(ids(appended))
      expectStrictlyIncreasing(all)
      results.forEach((result, n) => expectAppendPosition(result.position, all, n))
      const positions = all.map((event) => event.position)
      expect([...positions].reverse().sort()).toEqual(positions)
      for (const k of [0, 4, 10])
        expect(ids(await store.readAll({ from: all[k]?.position, filter: { scopeId: scope } }))).toEqual(
          ids(appended.slice(k + 1)),
        )
      expect(
        ids(await store.readAll({ from: all[2]?.position, to: all[5]?.position, filter: { scopeId: scope } })),
      ).toEqual(ids(appended.slice(3, 6)))
      expect(ids(await store.readAll({ to: all[1]?.position, filter: { scopeId: scope } }))).toEqual(
        ids(appended.slice(0, 2)),
      )
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
      for (const scope of [one, two])
        expect(ids(await readEverything(store, { scopeId: scope }))).toEqual(written[scope])
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
      expect(ids(await store.readAll({ filter: { scopeId: scope, categories: [product, order] } }))).toEqual([
        a.id,
        b.id,
        c.id,
      ])
      expect(ids(await store.readAll({ filter: { scopeId: scope, eventTypes: ['Created'] } }))).toEqual([a.id, c.id])
      expect(
        ids(await store.readAll({ filter: { categories: [product], eventTypes: ['Renamed', 'Archived'] } })),
      ).toEqual([b.id, elsewhere.id])
      expect(ids(await store.readAll({ from: head, filter: { eventTypes: ['Renamed', 'Archived'] } }))).toEqual(
        expect.arrayContaining([b.id, elsewhere.id]),
      )
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
      const all = store.subscribe({
        filter: { scopeId: scope },
        batchSize: 1,
        onEvents: async (batch) => void everything.push(...batch),
      })
      const [head] = await store.readAll({ filter: { scopeId: scope }, limit: 1 })
      const onlyLive = store.subscribe({
        from: head?.position,
        filter: { scopeId: scope, eventTypes: ['Before', 'Live'] },
        onEvents: async (batch) => void live.push(...batch),
      })
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
      // Deliberate: that closed subscriptions deliver nothing more can only be seen over a window.
      await sleep(300)
      expect(everything).toHaveLength(5)
      expect(live).toHaveLength(3)
    })
  })
}
