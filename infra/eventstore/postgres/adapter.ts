import { sql, type ColumnType, type Expression, type Kysely, type Selectable, type SqlBool } from 'kysely'
import { parseStreamName } from '../../../domain/shared/streams.js'
import type { AnyDb, Database } from '../../database/database.js'
import { WrongExpectedRevisionError } from '../port.js'
import type { AppendResult, EventMetadata, EventStore, ExpectedRevision, LogFilter, ReadAllOptions, RecordedEvent, StreamWrite, Subscription } from '../port.js'

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

const EVENT_COLUMNS = ['global_position', 'stream_name', 'stream_revision', 'event_id', 'event_type', 'data', 'metadata', 'recorded_at'] as const
/**
 * xid8 as text (drivers disagree on its type). Aliased apart from the column on purpose: an
 * `order by transaction_id` would otherwise sort by the text alias, and '999' > '1000'.
 */
const XID = sql<string>`events.transaction_id::text`.as('xid')

/**
 * `<transaction id>-<global position>`, each zero-padded to 20 digits (an xid8 has at most 20,
 * a bigint at most 19), so plain string comparison is log order.
 */
export function encodePosition(transactionId: string | number | bigint, globalPosition: string | number | bigint): string {
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
 * Check the expected revisions and insert all writes inside the caller's transaction, then
 * notify subscribers (delivered at commit). Exported so tests can hold transactions open and
 * commit them out of order. A concurrent writer that took the same revision first surfaces as
 * a unique violation on `events_stream_revision_key` when it commits.
 */
export async function insertWrites(trx: AnyDb, writes: StreamWrite[]): Promise<AppendResult> {
  const db = events(trx)
  const streams = [...new Set(writes.map((write) => write.stream))]
  const current = new Map<string, number>()
  for (const row of await readRevisions(db, streams)) current.set(row.stream_name, Number(row.revision))

  const revisions: Record<string, number> = {}
  const rows = writes.flatMap((write) => {
    const actual = current.get(write.stream) ?? -1
    checkExpected(write.stream, write.expectedRevision, actual)
    current.set(write.stream, actual + write.events.length)
    if (actual + write.events.length >= 0) revisions[write.stream] = actual + write.events.length
    const { category, scopeId } = parseStreamName(write.stream)
    return write.events.map((event, index) => ({
      stream_name: write.stream,
      stream_revision: actual + 1 + index,
      scope_id: scopeId,
      category,
      event_id: event.id,
      event_type: event.type,
      data: event.data,
      metadata: event.metadata,
    }))
  })
  if (rows.length === 0) return { position: '', revisions, positions: [] }

  // jsonb goes in as JSON text: pg and PGlite serialise object parameters differently.
  const inserted = await db
    .insertInto('events')
    .values(rows.map((row) => ({ ...row, data: jsonb(row.data), metadata: jsonb(row.metadata) })))
    .returning(['global_position'])
    .returning(XID)
    .execute()
  await sql`select pg_notify(${EVENTS_CHANNEL}, '')`.execute(trx)
  // INSERT … RETURNING yields rows in VALUES order, so positions line up with the writes' events.
  const positions = inserted.map((row) => encodePosition(row.xid, row.global_position))
  const position = positions[positions.length - 1]
  if (!position) throw new Error('insert returned no rows')
  return { position, revisions, positions }
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

function jsonb<T>(value: T): Expression<T> {
  return sql<T>`${JSON.stringify(value)}::jsonb`
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
    if (categories) query = query.where(categories.length > 0 ? sql<SqlBool>`category in (${sql.join([...categories])})` : sql<SqlBool>`false`)
    if (eventTypes) query = query.where(eventTypes.length > 0 ? sql<SqlBool>`event_type in (${sql.join([...eventTypes])})` : sql<SqlBool>`false`)
    if (from) query = query.where(tupleCompare('>', from))
    if (to) query = query.where(tupleCompare('<=', to))
    return query
  }

  async function appendMany(writes: StreamWrite[]): Promise<AppendResult> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await database.db.transaction().execute((trx) => insertWrites(trx, writes))
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
    return new WrongExpectedRevisionError(write.stream, write.expectedRevision, actual ? Number(actual.revision) : 'no_stream')
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
        .listen(EVENTS_CHANNEL, () => {
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

function tupleCompare(op: '>' | '<=', position: string): Expression<SqlBool> {
  const { transactionId, globalPosition } = decodePosition(position)
  return sql<SqlBool>`(transaction_id, global_position) ${sql.raw(op)} (${transactionId}::xid8, ${globalPosition}::bigint)`
}

function toRecorded(row: Pick<Selectable<EventsTable>, (typeof EVENT_COLUMNS)[number]> & { xid: string }): RecordedEvent {
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
