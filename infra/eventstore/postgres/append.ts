import { sql } from 'kysely'
import { parseStreamName } from '../../../domain/shared/streams.js'
import type { AnyDb } from '../../database/database.js'
import { WrongExpectedRevisionError, type AppendResult, type ExpectedRevision, type StreamWrite } from '../port.js'
import { EVENTS_CHANNEL, encodePosition, type EventsDb } from './events-table.js'

/** An `any` append that keeps losing the race to the same revision gives up after this many tries. */
export const MAX_APPEND_ATTEMPTS = 10

/**
 * Checks the expected revisions, inserts all writes and notifies subscribers in ONE statement:
 * one round trip, atomic on its own (so no explicit transaction), and usable inside a caller's
 * transaction (tests hold two open and commit them out of order). The check and the numbering
 * read the streams' current revisions in the same statement; a concurrent writer that took the
 * same revision first surfaces as a unique violation on `events_stream_revision_key`.
 */
export async function insertWrites(trx: AnyDb, writes: StreamWrite[]): Promise<AppendResult> {
  const streams = [...new Set(writes.map((write) => write.stream))]
  if (streams.length === 0) return { position: '', revisions: {}, positions: [] }
  const offsets = new Map<string, number>()
  let ordinal = 0
  const rows = writes.flatMap((write) => {
    const { category, scopeId } = parseStreamName(write.stream)
    return write.events.map((event) => {
      const offset = (offsets.get(write.stream) ?? 0) + 1
      offsets.set(write.stream, offset)
      ordinal++
      // jsonb goes in as JSON text: pg and PGlite serialise object parameters differently.
      return sql`(${ordinal}::integer, ${write.stream}::text, ${offset}::bigint, ${scopeId}::text, ${category}::text, ${event.id}::uuid, ${event.type}::text, ${JSON.stringify(event.data)}::jsonb, ${JSON.stringify(event.metadata)}::jsonb)`
    })
  })
  const checks = streams.map((stream) => {
    const expected = expectedOf(writes, stream)
    return sql`(${stream}::text, ${expected.kind}::text, ${expected.revision}::bigint)`
  })
  const result = await sql<{
    kind: 'current' | 'inserted'
    stream_name: string
    revision: string
    xid: string | null
    global_position: string | null
    event_id: string | null
  }>`
    with expected (stream_name, kind, revision) as (values ${sql.join(checks)}),
    current as (
      select x.stream_name, x.kind, x.revision,
        coalesce((select max(e.stream_revision) from events e where e.stream_name = x.stream_name), -1) as actual
      from expected x
    ),
    verdict as (
      select coalesce(bool_and(case kind
        when 'exact' then actual = revision
        when 'no_stream' then actual = -1
        when 'stream_exists' then actual >= 0
        else true end), true) as ok
      from current
    ),
    incoming (ordinal, stream_name, "offset", scope_id, category, event_id, event_type, data, metadata) as (values ${rows.length ? sql.join(rows) : sql`(0::integer, null::text, 0::bigint, null::text, null::text, null::uuid, null::text, null::jsonb, null::jsonb)`}),
    inserted as (
      insert into events (stream_name, stream_revision, scope_id, category, event_id, event_type, data, metadata)
      select i.stream_name, c.actual + i."offset", i.scope_id, i.category, i.event_id, i.event_type, i.data, i.metadata
      from incoming i join current c on c.stream_name = i.stream_name
      where (select ok from verdict)
      -- Log order follows the order of the writes and their events.
      order by i.ordinal
      returning event_id, event_type, stream_name, stream_revision, transaction_id::text as xid, global_position
    ),
    -- The payload names the event types, so subscribers that follow other types stay asleep.
    notified as (select pg_notify(${EVENTS_CHANNEL}, types) from (select string_agg(distinct event_type, ',') as types from inserted) appended where types is not null)
    select 'inserted' as kind, stream_name, stream_revision::text as revision, xid, global_position::text as global_position, event_id::text as event_id
      from inserted cross join (select count(*) from notified) n
    union all
    select 'current', stream_name, actual::text, null, null, null from current
  `.execute(trx)

  const actual = new Map(
    result.rows.filter((row) => row.kind === 'current').map((row) => [row.stream_name, Number(row.revision)]),
  )
  for (const write of writes) checkExpected(write.stream, write.expectedRevision, actual.get(write.stream) ?? -1)
  const byEvent = new Map(result.rows.filter((row) => row.kind === 'inserted').map((row) => [row.event_id, row]))
  const revisions: Record<string, number> = {}
  for (const row of byEvent.values())
    revisions[row.stream_name] = Math.max(revisions[row.stream_name] ?? -1, Number(row.revision))
  const positions = writes.flatMap((write) =>
    write.events.map((event) => {
      const row = byEvent.get(event.id)
      if (!row) throw new Error(`event ${event.id} was not inserted`)
      return encodePosition(row.xid!, row.global_position!)
    }),
  )
  for (const stream of streams)
    if (revisions[stream] === undefined && (actual.get(stream) ?? -1) >= 0) revisions[stream] = actual.get(stream)!
  const position = positions.reduce((max, p) => (p > max ? p : max), '')
  return { position, revisions, positions }
}

/** The strictest expectation among the writes to one stream (the executor writes each stream once). */
function expectedOf(
  writes: StreamWrite[],
  stream: string,
): { kind: 'exact' | 'no_stream' | 'stream_exists' | 'any'; revision: number | null } {
  const write = writes.find((w) => w.stream === stream)!
  const expected = write.expectedRevision
  return typeof expected === 'number' ? { kind: 'exact', revision: expected } : { kind: expected, revision: null }
}

export async function readRevisions(db: EventsDb, streams: string[]) {
  if (streams.length === 0) return []
  return db
    .selectFrom('events')
    .select(['stream_name', (eb) => eb.fn.max('stream_revision').as('revision')])
    .where('stream_name', 'in', streams)
    .groupBy('stream_name')
    .execute()
}

function checkExpected(stream: string, expected: ExpectedRevision, actual: number): void {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && actual === -1) ||
    (expected === 'stream_exists' && actual >= 0) ||
    (typeof expected === 'number' && expected === actual)
  if (!ok) throw new WrongExpectedRevisionError(stream, expected, actual === -1 ? 'no_stream' : actual)
}

export function isRevisionRace(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown }
  return code === '23505' && constraint === 'events_stream_revision_key'
}
