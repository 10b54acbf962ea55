import { describe, expect, it } from 'vitest'
import {
  WrongExpectedRevisionError,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from '../../../infra/eventstore/port.js'
import { DryRunEventStore } from './dry-run-store.js'

const event = (type: string): NewEvent => ({
  id: type,
  type,
  data: {},
  metadata: {
    organizationId: 'o',
    storeId: 's',
    actor: { type: 'system', id: 'test' },
    correlationId: 'c',
    causationId: null,
    schemaVersion: 1,
    occurredAt: '2026-01-01T00:00:00.000Z',
  },
})
const recorded = (type: string, revision: number): RecordedEvent => ({
  ...event(type),
  streamName: 'thing-s_1',
  revision,
  position: `${revision}`,
  recordedAt: new Date(),
})

/** The real store as the dry run sees it: one stream of two events; anything else would be a write. */
const base = {
  readStream: async (stream: string) => (stream === 'thing-s_1' ? [recorded('A', 0), recorded('B', 1)] : []),
  appendMany: () => Promise.reject(new Error('a dry run must not write')),
  append: () => Promise.reject(new Error('a dry run must not write')),
} as unknown as EventStore

describe('DryRunEventStore', () => {
  it('keeps appends in memory after the real events, with the revisions that follow them', async () => {
    const store = new DryRunEventStore(base)
    const result = await store.appendMany([
      { stream: 'thing-s_1', expectedRevision: 1, events: [event('C')] },
      { stream: 'thing-s_2', expectedRevision: 'no_stream', events: [event('D'), event('E')] },
    ])
    expect(result.revisions).toEqual({ 'thing-s_1': 2, 'thing-s_2': 1 })
    expect((await store.readStream('thing-s_1')).map((e) => `${e.type}@${e.revision}`)).toEqual(['A@0', 'B@1', 'C@2'])
    expect((await store.readStream('thing-s_2', { fromRevision: 1 })).map((e) => e.type)).toEqual(['E'])
  })

  it('refuses a write whose expected revision does not hold, keeping none of its streams', async () => {
    const store = new DryRunEventStore(base)
    await expect(
      store.appendMany([
        { stream: 'thing-s_2', expectedRevision: 'no_stream', events: [event('D')] },
        { stream: 'thing-s_1', expectedRevision: 0, events: [event('C')] },
      ]),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError)
    expect(await store.readStream('thing-s_2')).toEqual([])
    await expect(store.append('thing-s_1', [event('C')], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    )
  })
})
