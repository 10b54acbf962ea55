import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineCommand, type AnyCommandDefinition, type UniquenessChange } from '../../domain/shared/command.js'
import { DomainError } from '../../domain/shared/errors.js'
import type { Decider } from '../../domain/shared/event.js'
import type { Scope } from '../../domain/shared/scopes.js'
import { streamName } from '../../domain/shared/streams.js'
import { usePostgresEventStore } from '../../test/support/eventstore.js'
import type { EventStore, RecordedEvent } from '../../infra/eventstore/port.js'
import type { CommandContext } from './context.js'
import { EVENT_SCHEMA_VERSION, executeCommand } from './execute.js'
import { reservationStream } from '../../domain/shared/reservations.js'
import { failure } from '../../test/support/failure.js'

/**
 * The command path on a real event store, with a small "thing" that has a name unique in its
 * store and counts its renames: every step of ARCHITECTURE.md's "The command path".
 */
interface ThingState {
  name: string | null
  renames: number
}
type SetName = { type: 'SetName'; data: { thingId: string; name: string } }
type ThingEvent =
  | { type: 'ThingNamed'; data: { thingId: string; name: string; previous: string | null; renames: number } }
  | { type: 'ThingTouched'; data: { thingId: string } }

const thingDecider: Decider<ThingState, SetName, ThingEvent> = {
  initialState: () => ({ name: null, renames: 0 }),
  evolve: (state, event) =>
    event.type === 'ThingNamed' ? { name: event.data.name, renames: event.data.renames } : state,
  decide(command, state) {
    const { thingId, name } = command.data
    if (name === 'forbidden')
      throw new DomainError('BAD_USER_INPUT', 'that name is reserved', { field: ['input', 'name'] })
    if (name === state.name) return []
    const named: ThingEvent = {
      type: 'ThingNamed',
      data: { thingId, name, previous: state.name, renames: state.renames + 1 },
    }
    return name.startsWith('twice-') ? [named, { type: 'ThingTouched', data: { thingId } }] : [named]
  },
}

const nameKey = (name: string) => `thing-name:${name}`

let prepared = 0
function thingCommand(overrides: Partial<AnyCommandDefinition> = {}): AnyCommandDefinition {
  return {
    ...defineCommand({
      name: 'thingName',
      tool: 'name_thing',
      description: 'Names a thing; names are unique in a store.',
      resource: 'thing',
      scope: 'products:write',
      transports: ['cli'],
      storeScoped: true,
      annotations: { destructive: false, idempotent: true },
      input: z.object({ id: z.uuid(), name: z.string().min(1), tags: z.array(z.string().max(3)).optional() }),
      prepare(input, env) {
        prepared++
        const scope = env.ctx.storeId ?? env.ctx.organizationId
        return {
          stream: streamName('thing', scope, input.id),
          entityId: input.id,
          command: { type: 'SetName' as const, data: { thingId: input.id, name: input.name } },
        }
      },
      decider: thingDecider,
      uniqueness(events, _before, ctx) {
        const scope = ctx.storeId ?? ctx.organizationId
        return events.flatMap((event): UniquenessChange[] =>
          event.type !== 'ThingNamed'
            ? []
            : [
                ...(event.data.previous
                  ? [
                      {
                        kind: 'release' as const,
                        scope,
                        key: nameKey(event.data.previous),
                        ownerId: event.data.thingId,
                      },
                    ]
                  : []),
                {
                  kind: 'claim',
                  scope,
                  key: nameKey(event.data.name),
                  ownerId: event.data.thingId,
                  field: ['input', 'name'],
                  message: `the name '${event.data.name}' is taken`,
                },
              ],
        )
      },
    }),
    ...overrides,
  }
}

const pg = usePostgresEventStore()
const organizationId = randomUUID()
const storeId = randomUUID()
const now = new Date('2026-11-21T10:00:00.000Z')

function ctx(scopes: readonly Scope[] = ['products:write'], overrides: Partial<CommandContext> = {}): CommandContext {
  return {
    organizationId,
    storeId,
    actor: { type: 'api_key', id: 'key-1', name: 'test key' },
    scopes,
    correlationId: randomUUID(),
    causationId: 'cause-1',
    now,
    ...overrides,
  }
}

const thingStream = (id: string, scope = storeId) => streamName('thing', scope, id)
const run = (input: unknown, context = ctx(), definition = thingCommand(), onStore = pg.store) =>
  executeCommand(onStore, definition, input, context)

/**
 * Ids of everything appended in the test store, reservations included. Straight from the table:
 * `readAll` stops at the horizon, which other databases' transactions may hold back a moment.
 */
const storeLog = async () =>
  (
    await pg.test.database.db
      .selectFrom('events')
      .select('event_id')
      .where('scope_id', '=', storeId)
      .orderBy('global_position')
      .execute()
  ).map((row) => row.event_id as string)

/**
 * A store on which another writer renames the thing right after the command read its stream:
 * the command's append then finds the stream moved. `races` times, then it behaves.
 */
function racing(races: number) {
  const state = { races, concurrent: 0 }
  const wrapped: EventStore = {
    ...pg.store,
    async readStream(name, options) {
      const events = await pg.store.readStream(name, options)
      if (name.startsWith('thing-') && state.races > 0) {
        state.races--
        state.concurrent++
        const thingId = name.slice(name.indexOf('_') + 1)
        const last = events.at(-1)?.data as { name?: string; renames?: number } | undefined
        const data = {
          thingId,
          name: `concurrent-${state.concurrent}`,
          previous: last?.name ?? null,
          renames: (last?.renames ?? 0) + 1,
        }
        await pg.store.append(
          name,
          [{ id: randomUUID(), type: 'ThingNamed', data, metadata: { ...(events[0]?.metadata ?? metadataOf(ctx())) } }],
          { expectedRevision: events.length ? events.length - 1 : 'no_stream' },
        )
      }
      return events
    },
  }
  return { state, store: wrapped }
}

function metadataOf(context: CommandContext) {
  return {
    organizationId: context.organizationId,
    storeId: context.storeId,
    actor: context.actor,
    correlationId: context.correlationId,
    causationId: context.causationId,
    schemaVersion: EVENT_SCHEMA_VERSION,
    occurredAt: context.now.toISOString(),
  }
}

describe('refusals before anything is read or written', () => {
  it('answers FORBIDDEN without the scope, and appends nothing', async () => {
    for (const scopes of [[], ['products:read'], ['settings:write', 'webstore:write']] as Scope[][]) {
      const error = await failure(run({ id: randomUUID(), name: 'nope' }, ctx(scopes)))
      expect(error).toMatchObject({
        code: 'FORBIDDEN',
        message: 'thingName needs the products:write scope, which this credential does not have',
      })
    }
    expect(await storeLog()).toEqual([])
  })

  it('answers BAD_USER_INPUT with the path of the field zod refused', async () => {
    const tags = await failure(run({ id: randomUUID(), name: 'ok', tags: ['abc', 'toolong'] }))
    expect(tags).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'tags', 1] })
    expect(tags.message).toMatch(/^input\.tags\.1: /)
    expect(await failure(run({ id: 'not-a-uuid', name: 'ok' }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'id'],
    })
    expect(await failure(run({ id: randomUUID() }))).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'name'] })
    expect(await failure(run('just a string'))).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input'] })
    expect(await storeLog()).toEqual([])
  })

  it('refuses a store-scoped command without a store, and runs an organization-level one without it', async () => {
    const error = await failure(
      run({ id: randomUUID(), name: 'somewhere' }, ctx(['products:write'], { storeId: null })),
    )
    expect(error.code).toBe('BAD_USER_INPUT')
    expect(error.message).toContain('X-Store')
    expect(await storeLog()).toEqual([])

    const id = randomUUID()
    const result = await run(
      { id, name: 'org-level' },
      ctx(['products:write'], { storeId: null }),
      thingCommand({ storeScoped: false }),
    )
    expect((await pg.store.readStream(thingStream(id, organizationId))).map((e) => e.position)).toEqual([
      result.events[0]!.position,
    ])
  })
})

describe('deciding and appending', () => {
  it('passes a domain error from decide through unchanged, and appends nothing', async () => {
    const id = randomUUID()
    const error = await failure(run({ id, name: 'forbidden' }))
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', message: 'that name is reserved', field: ['input', 'name'] })
    expect(await pg.store.readStream(thingStream(id))).toEqual([])
  })

  it('appends nothing and returns no position when decide has nothing to say', async () => {
    const id = randomUUID()
    await run({ id, name: 'same' })
    const before = await storeLog()
    expect(await run({ id, name: 'same' })).toEqual({
      entityId: id,
      stream: thingStream(id),
      position: null,
      events: [],
    })
    expect(await storeLog()).toEqual(before)
  })

  it('records the context on every event and returns each event at its stored position', async () => {
    const id = randomUUID()
    const context = ctx()
    const result = await run({ id, name: 'twice-stamped' }, context)
    const stored = await pg.store.readStream(thingStream(id))
    expect(stored.map((e) => e.type)).toEqual(['ThingNamed', 'ThingTouched'])
    expect(result.entityId).toBe(id)
    expect(result.events).toEqual(stored.map((e) => ({ type: e.type, position: e.position })))
    const reservation = await pg.store.readStream(reservationStream(storeId, nameKey('twice-stamped')))
    expect(reservation.map((e) => [e.type, e.data])).toEqual([
      ['UniqueValueClaimed', { key: nameKey('twice-stamped'), ownerId: id }],
    ])
    // The command's position is that of its last event, whichever stream it went to.
    expect(result.position).toBe(
      [...stored, ...reservation]
        .map((e) => e.position)
        .sort()
        .at(-1),
    )
    for (const event of [...stored, ...reservation]) {
      expect(event.metadata).toEqual({
        organizationId,
        storeId,
        actor: { type: 'api_key', id: 'key-1', name: 'test key' },
        correlationId: context.correlationId,
        causationId: 'cause-1',
        schemaVersion: EVENT_SCHEMA_VERSION,
        occurredAt: '2026-11-21T10:00:00.000Z',
        commandId: expect.any(String),
      })
    }
    // One command: its events and its reservations share one command id.
    expect(new Set([...stored, ...reservation].map((e) => e.metadata.commandId)).size).toBe(1)
  })
})

describe('concurrent writers', () => {
  it('decides once more on fresh state when another writer got in between read and append', async () => {
    const id = randomUUID()
    await run({ id, name: 'first' })
    const { state, store: contended } = racing(1)
    prepared = 0
    const result = await run({ id, name: 'mine' }, ctx(), thingCommand(), contended)
    expect(state.concurrent).toBe(1)
    expect(prepared).toBe(2)
    const stored = await pg.store.readStream(thingStream(id))
    // The retry saw the concurrent rename: it counts three renames, and its `previous` is that name.
    expect(stored.map((e) => e.data)).toEqual([
      { thingId: id, name: 'first', previous: null, renames: 1 },
      { thingId: id, name: 'concurrent-1', previous: 'first', renames: 2 },
      { thingId: id, name: 'mine', previous: 'concurrent-1', renames: 3 },
    ])
    expect(result.events).toEqual([{ type: 'ThingNamed', position: stored[2]!.position }])
  })

  it('answers CONFLICT when the other writer wins the retry too', async () => {
    const id = randomUUID()
    await run({ id, name: 'start' })
    const { state, store: contended } = racing(Infinity)
    prepared = 0
    const error = await failure(run({ id, name: 'never' }, ctx(), thingCommand(), contended))
    expect(error).toMatchObject({
      code: 'CONFLICT',
      message: 'thingName clashed with a concurrent change to the same data; read it again and retry',
    })
    expect(prepared).toBe(2)
    expect(state.concurrent).toBe(2)
    const names = (await pg.store.readStream(thingStream(id))).map((e: RecordedEvent) => e.data.name)
    expect(names).toEqual(['start', 'concurrent-1', 'concurrent-2'])
    expect(await pg.store.readStream(reservationStream(storeId, nameKey('never')))).toEqual([])
  })
})

describe('unique values through reservation streams', () => {
  it('answers CONFLICT with the field and message of a claim another owner holds, appending nothing', async () => {
    const [holder, other] = [randomUUID(), randomUUID()]
    await run({ id: holder, name: 'taken' })
    const error = await failure(run({ id: other, name: 'taken' }))
    expect(error).toMatchObject({ code: 'CONFLICT', message: "the name 'taken' is taken", field: ['input', 'name'] })
    expect(await pg.store.readStream(thingStream(other))).toEqual([])
  })

  it('frees a value its owner gave up, so another may claim it', async () => {
    const [first, second] = [randomUUID(), randomUUID()]
    await run({ id: first, name: 'wanted' })
    await run({ id: first, name: 'elsewhere' })
    await run({ id: second, name: 'wanted' })
    const reservation = await pg.store.readStream(reservationStream(storeId, nameKey('wanted')))
    expect(reservation.map((e) => [e.type, e.data.ownerId, e.revision])).toEqual([
      ['UniqueValueClaimed', first, 0],
      ['UniqueValueReleased', first, 1],
      ['UniqueValueClaimed', second, 2],
    ])
    // The rename and its release land together with the new claim, or not at all.
    const [renamed] = (await pg.store.readStream(thingStream(first))).slice(-1)
    expect(reservation[1]!.metadata.correlationId).toBe(renamed!.metadata.correlationId)
  })

  it('lets exactly one of two concurrent claims of a value through', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()]
    const results = await Promise.allSettled(ids.map((id) => run({ id, name: 'raced' })))
    const won = results.filter((r) => r.status === 'fulfilled')
    expect(won).toHaveLength(1)
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'CONFLICT', field: ['input', 'name'] })
    const reservation = await pg.store.readStream(reservationStream(storeId, nameKey('raced')))
    expect(reservation).toHaveLength(1)
    const owner = reservation[0]!.data.ownerId as string
    expect(await pg.store.readStream(thingStream(owner))).toHaveLength(1)
  })
})
