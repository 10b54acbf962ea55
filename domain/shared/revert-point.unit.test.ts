import { describe, expect, it } from 'vitest'
import type { PastEvent } from './command.js'
import { commandEndIndex, commandEndRevision, sameCommand } from './revert-point.js'

const at = (revision: number, marks: Partial<PastEvent>): PastEvent => ({
  type: 'ThingChanged',
  data: {},
  revision,
  occurredAt: '2026-01-01T00:00:00.000Z',
  ...marks,
})

describe('command boundaries in a stream', () => {
  it('groups the consecutive events that share a command id', () => {
    const stream = [
      at(0, { commandId: 'a' }),
      at(1, { commandId: 'a' }),
      at(2, { commandId: 'a' }),
      at(3, { commandId: 'b' }),
      at(4, { commandId: 'b' }),
      at(5, { commandId: 'c' }),
    ]
    expect([0, 1, 2, 3, 4, 5].map((index) => commandEndIndex(stream, index))).toEqual([2, 2, 2, 4, 4, 5])
    expect(commandEndRevision(stream, 0)).toBe(2)
    expect(commandEndRevision(stream, 3)).toBe(4)
  })

  it('tells apart commands of one request at one instant by their command ids', () => {
    // An import runs several commands on one product under one correlation id and one `now`.
    const same = { correlationId: 'request-1', occurredAt: '2026-01-01T00:00:00.000Z' }
    const stream = [
      at(0, { ...same, commandId: 'update' }),
      at(1, { ...same, commandId: 'update' }),
      at(2, { ...same, commandId: 'variant' }),
    ]
    expect(commandEndRevision(stream, 0)).toBe(1)
    expect(commandEndRevision(stream, 2)).toBe(2)
  })

  it('groups older events without command ids by request and instant', () => {
    const stream = [
      at(0, { correlationId: 'r1', occurredAt: '2026-01-01T00:00:00.000Z' }),
      at(1, { correlationId: 'r1', occurredAt: '2026-01-01T00:00:00.000Z' }),
      at(2, { correlationId: 'r1', occurredAt: '2026-01-01T00:00:05.000Z' }),
      at(3, { correlationId: 'r2', occurredAt: '2026-01-01T00:00:05.000Z' }),
      at(4, { commandId: 'new', correlationId: 'r2', occurredAt: '2026-01-01T00:00:05.000Z' }),
    ]
    expect([0, 1, 2, 3, 4].map((index) => commandEndIndex(stream, index))).toEqual([1, 1, 2, 3, 4])
  })

  it('leaves events with no marks on their own, and a revision the stream lacks as it is', () => {
    expect(sameCommand(at(0, {}), at(1, {}))).toBe(false)
    expect(commandEndRevision([at(0, {}), at(1, {})], 0)).toBe(0)
    expect(commandEndRevision([at(0, { commandId: 'a' })], 7)).toBe(7)
  })
})
