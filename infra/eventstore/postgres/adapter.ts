import { sql, type ColumnType, type Expression, type Kysely, type Selectable, type SqlBool } from 'kysely'
import { parseStreamName } from '../../../domain/shared/streams.js'
import type { AnyDb, Database } from '../../database/database.js'
import { WrongExpectedRevisionError } from '../port.js'
import type {
  AppendResult,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  LogFilter,
  ReadAllOptions,
  RecordedEvent,
  StreamWrite,
  Subscription,
} from '../port.js'

export const EVENTS_CHANNEL = 'emporium_events'
const DEFAULT_LIMIT = 500
const DEFAULT_POLL_INTERVAL_MS = 1_000
/** Re-poll delays while committed events wait behind an older transaction: it usually ends within ms. */
const HELD_BACK_FIRST_MS = 10
const HELD_BACK_MAX_MS = 250
/** An `any` append that keeps losing the race to the same revision gives up after this many tries. */
const MAX_APPEND_ATTEMPTS = 10

interface EventsTable {
  global_position: ColumnType<string | number, never, never>
  transaction_id: ColumnType<string, never, never>
  stream_name: string
  stream_revision: ColumnType<string | number, number, never>
  scope_id: string
  category: string
  event_id: string
  event_type: string
  data: ColumnType<Record<string, unknown>, Record<string, unknown>, never>
  metadata: ColumnType<EventMetadata, EventMetadata, never>
  recorded_at: ColumnType<Date | string, never, never>
}
type EventsDb = Kysely<{ events: EventsTable }>

const EVENT_COLUMNS = [
  'global_position',
  'stream_name',
  'stream_revision',
  'event_id',
  'event_type',
  'data',
  'metadata',
  'recorded_at',
] as const
/**
 * xid8 as text (drivers disagree on its type). Aliased apart from the column on purpose: an
 * `order by transaction_id` would otherwise sort by the text alias, and '999' > '1000'.
 */
const XID = sql<string>`events.transaction_id::text`.as('xid')

/**
 * `<transaction id>-<global position>`, each zero-padded to 20 digits (an xid8 has at most 20,
 * a bigint at most 19), so plain string comparison is log order.
 */
export function encodePosition(
  transactionId: string | number | bigint,
  globalPosition: string | number | bigint,
): string {
  return `${String(transactionId).padStart(20, '0')}-${String(globalPosition).padStart(20, '0')}`
}

export function decodePosition(position: string): { transactionId: string; globalPosition: string } {
  const match = /^(\d{20})-(\d{20})$/.exec(position)
  if (!match?.[1] || !match[2]) throw new Error(`not a Postgres event store position: '${position}'`)
  return { transactionId: BigInt(match[1]).toString(), globalPosition: BigInt(match[2]).toString() }
}

function events(db: AnyDb): EventsDb {
  return db as unknown as EventsDb
}

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

async function readRevisions(db: EventsDb, streams: string[]) {
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

function isRevisionRace(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown }
  return code === '23505' && constraint === 'events_stream_revision_key'
}

export interface PostgresEventStoreOptions {
  /** How often an idle subscriber polls when no notification arrives (default 1 s). */
  pollIntervalMs?: number
}

/** One SQL implementation for both drivers (`pg` pool and PGlite), on kysely. */
export function createPostgresEventStore(database: Database, options: PostgresEventStoreOptions = {}): EventStore {
  const db = events(database.db)
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS
  const subscriptions = new Set<Subscription>()

  /** Committed-for-good events matching the filter, between exclusive `from` and inclusive `to`. */
  function visible(filter: LogFilter | undefined, from?: string | null, to?: string | null) {
    // The ordering trap: below the oldest running transaction every commit is final, so
    // nothing can still appear behind a checkpoint taken from these rows.
    return matching(filter, from, to).where(sql<SqlBool>`transaction_id < pg_snapshot_xmin(pg_current_snapshot())`)
  }

  /**
   * Whether committed events exist after `from` regardless of the horizon. After a read that
   * came back short, they are events an older transaction (anywhere in the cluster) holds back,
   * or ones it has released since that read. Uncommitted rows are invisible here.
   */
  async function pending(filter: LogFilter | undefined, from: string | null): Promise<boolean> {
    const row = await matching(filter, from).select('global_position').limit(1).executeTakeFirst()
    return row !== undefined
  }

  function matching(filter: LogFilter | undefined, from?: string | null, to?: string | null) {
    let query = db.selectFrom('events')
    if (filter?.scopeId !== undefined) query = query.where('scope_id', '=', filter.scopeId)
    const { categories, eventTypes } = filter ?? {}
    // An empty list admits nothing (and `in ()` would be a syntax error).
    if (categories)
      query = query.where(
        categories.length > 0 ? sql<SqlBool>`category in (${sql.join([...categories])})` : sql<SqlBool>`false`,
      )
    if (eventTypes)
      query = query.where(
        eventTypes.length > 0 ? sql<SqlBool>`event_type in (${sql.join([...eventTypes])})` : sql<SqlBool>`false`,
      )
    if (from) query = query.where(tupleCompare('>', from))
    if (to) query = query.where(tupleCompare('<=', to))
    return query
  }

  async function appendMany(writes: StreamWrite[]): Promise<AppendResult> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await insertWrites(database.db, writes)
      } catch (error) {
        // Lost a race for a revision: re-run, so the check sees the winner and either reports a
        // WrongExpectedRevisionError with the real revision or (for 'any'/'stream_exists') appends after it.
        if (!isRevisionRace(error)) throw error
        if (attempt >= MAX_APPEND_ATTEMPTS) throw await contended(writes)
      }
    }
  }

  async function contended(writes: StreamWrite[]): Promise<WrongExpectedRevisionError> {
    const write = writes[0]
    if (!write) return new WrongExpectedRevisionError('', 'any', 'no_stream')
    const [actual] = await readRevisions(db, [write.stream])
    return new WrongExpectedRevisionError(
      write.stream,
      write.expectedRevision,
      actual ? Number(actual.revision) : 'no_stream',
    )
  }

  async function readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const rows = await visible(options.filter, options.from, options.to)
      .select(EVENT_COLUMNS)
      .select(XID)
      .orderBy('events.transaction_id')
      .orderBy('events.global_position')
      .limit(options.limit ?? DEFAULT_LIMIT)
      .execute()
    return rows.map(toRecorded)
  }

  function subscribe(options: Parameters<EventStore['subscribe']>[0]): Subscription {
    const batchSize = options.batchSize ?? DEFAULT_LIMIT
    let checkpoint = options.from ?? null
    let closed = false
    let notified = false
    let wake: (() => void) | undefined

    /** Resolves true when woken by a notification (or close), false when the delay ran out. */
    const sleep = (ms: number) =>
      new Promise<boolean>((resolve) => {
        const finish = (woken: boolean) => {
          clearTimeout(timer)
          wake = undefined
          resolve(woken)
        }
        const timer = setTimeout(() => finish(false), ms)
        wake = () => finish(true)
      })

    const run = async () => {
      const unlisten = await database
        .listen(EVENTS_CHANNEL, (payload) => {
          if (!concerns(options.filter, payload)) return
          notified = true
          wake?.()
        })
        .catch((error: unknown) => {
          // Without LISTEN the subscriber still makes progress by polling.
          options.onError?.(error)
          return undefined
        })
      // While committed events wait behind an older transaction no new notification may come
      // (that transaction need not be an append): re-poll soon, with a doubling delay.
      let backoff = HELD_BACK_FIRST_MS
      try {
        while (!closed) {
          notified = false
          try {
            const batch = await readAll({ from: checkpoint, filter: options.filter, limit: batchSize })
            if (closed) break
            const last = batch[batch.length - 1]
            if (last) {
              await options.onEvents(batch)
              checkpoint = last.position
              if (batch.length === batchSize) continue
            }
            if (notified || closed) continue
            if (await pending(options.filter, checkpoint)) {
              await sleep(Math.min(backoff, pollIntervalMs))
              backoff = Math.min(backoff * 2, HELD_BACK_MAX_MS)
              continue
            }
          } catch (error) {
            // The batch is retried from the same checkpoint after a poll interval.
            options.onError?.(error)
          }
          backoff = HELD_BACK_FIRST_MS
          if (!closed && !notified) await sleep(pollIntervalMs)
        }
      } finally {
        await unlisten?.()
      }
    }

    const running = run()
    const subscription: Subscription = {
      async close() {
        closed = true
        wake?.()
        await running
        subscriptions.delete(subscription)
      },
    }
    subscriptions.add(subscription)
    return subscription
  }

  return {
    append: (stream, events, { expectedRevision }) => appendMany([{ stream, events, expectedRevision }]),
    appendMany,
    async readStream(stream, options = {}) {
      // Not bounded by the horizon: deciding a command needs every committed event of its stream.
      let query = db
        .selectFrom('events')
        .select(EVENT_COLUMNS)
        .select(XID)
        .where('stream_name', '=', stream)
        .where('stream_revision', '>=', options.fromRevision ?? 0)
      if (options.toRevision !== undefined) query = query.where('stream_revision', '<=', options.toRevision)
      const rows = await query.orderBy('stream_revision').execute()
      return rows.map(toRecorded)
    },
    readAll,
    async countAll(options = {}) {
      const row = await visible(options.filter, options.from, options.to)
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow()
      return Number(row.count)
    },
    async headPosition(filter) {
      const row = await visible(filter)
        .select(['global_position'])
        .select(XID)
        .orderBy('events.transaction_id', 'desc')
        .orderBy('events.global_position', 'desc')
        .limit(1)
        .executeTakeFirst()
      return row ? encodePosition(row.xid, row.global_position) : null
    },
    subscribe,
    async close() {
      await Promise.all([...subscriptions].map((subscription) => subscription.close()))
    },
  }
}

/**
 * Whether an append whose notification named these event types may hold events for the filter.
 * An empty payload names nothing and wakes everyone; the poll backs up any wake-up skipped here.
 */
function concerns(filter: LogFilter | undefined, payload: string): boolean {
  if (!payload || !filter?.eventTypes) return true
  const types = payload.split(',')
  return filter.eventTypes.some((type) => types.includes(type))
}

function tupleCompare(op: '>' | '<=', position: string): Expression<SqlBool> {
  const { transactionId, globalPosition } = decodePosition(position)
  return sql<SqlBool>`(transaction_id, global_position) ${sql.raw(op)} (${transactionId}::xid8, ${globalPosition}::bigint)`
}

function toRecorded(
  row: Pick<Selectable<EventsTable>, (typeof EVENT_COLUMNS)[number]> & { xid: string },
): RecordedEvent {
  return {
    id: row.event_id,
    type: row.event_type,
    data: row.data,
    metadata: row.metadata,
    streamName: row.stream_name,
    revision: Number(row.stream_revision),
    position: encodePosition(row.xid, row.global_position),
    recordedAt: row.recorded_at instanceof Date ? row.recorded_at : new Date(row.recorded_at),
  }
}
