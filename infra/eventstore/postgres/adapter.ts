import { sql, type Expression, type SqlBool } from 'kysely'
import type { Database } from '../../database/database.js'
import { WrongExpectedRevisionError } from '../port.js'
import type {
  AppendResult,
  EventStore,
  LogFilter,
  ReadAllOptions,
  RecordedEvent,
  StreamWrite,
  Subscription,
} from '../port.js'
import { MAX_APPEND_ATTEMPTS, insertWrites, isRevisionRace, readRevisions } from './append.js'
import {
  EVENTS_CHANNEL,
  EVENT_COLUMNS,
  XID,
  decodePosition,
  encodePosition,
  events,
  toRecorded,
} from './events-table.js'

const DEFAULT_LIMIT = 500
const DEFAULT_POLL_INTERVAL_MS = 1_000
/** Re-poll delays while committed events wait behind an older transaction: it usually ends within ms. */
const HELD_BACK_FIRST_MS = 10
const HELD_BACK_MAX_MS = 250
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
