import { setImmediate } from 'node:timers/promises'
import { sql } from 'kysely'
import type { Logger } from 'pino'
import type { Database, AnyDb } from '../database/database.js'
import type { EventStore, LogFilter, RecordedEvent, Subscription } from '../eventstore/port.js'
import { CHECKPOINT_CHANNEL, type CheckpointRow } from './schema.js'
import {
  ApplyFailure,
  applyParking,
  failureText,
  isTransient,
  parkStore,
  readParked,
  type ParkedListener,
} from './parked.js'
import type { Projection } from './projection.js'

export interface WorkerDeps {
  database: Database
  eventStore: EventStore
  projection: Projection
  logger: Logger
  /** Told after each committed batch, so in-process waiters need no round trip. */
  onAdvance: (name: string, position: string) => void
  /** Told how long each committed batch took to apply, in seconds. */
  onBatch?: (name: string, seconds: number) => void
  /** Told when the checkpoint moved under this worker: it has stopped, and another process owns the projection now. */
  onLostOwnership?: (name: string) => void
  /** Told the moment a store is parked here, so this process refuses its writes at once. */
  parked?: ParkedListener
  batchSize: number
}

/** Thrown when the checkpoint moved under us: another process owns the projection now. */
class LostOwnership extends Error {}

export function projectionFilter(projection: Projection): LogFilter {
  return projection.eventTypes === '*' ? {} : { eventTypes: projection.eventTypes }
}

/**
 * Keeps one projection current: follows the log from its checkpoint and applies each batch in
 * one transaction together with the checkpoint, so a crash at any instant neither loses nor
 * doubles an effect. An event that fails is never skipped: in a projection with store rows it
 * parks its store (the batch is applied again without that store's events, and the park commits
 * with the checkpoint), and the store's later events wait for a retry, which replays them with a
 * store rebuild; any other failure halts the projection and records why. Maintenance (rebuilds,
 * retries) runs through `exclusive`, between batches.
 */
export class ProjectionWorker {
  private subscription: Subscription | null = null
  private inFlight: Promise<void> = Promise.resolve()
  private position: string | null = null
  /** Stopped on a failing event: nothing is applied until `start()` retries it or a rebuild clears the failure. */
  private halted = false
  /** Stopped for good (shutdown, lost ownership): `exclusive` must not resume it. */
  private stopped = false
  /** Stores whose events this projection leaves unapplied until a retry replays them. */
  private parked = new Set<string>()

  constructor(private readonly deps: WorkerDeps) {}

  get name(): string {
    return this.deps.projection.name
  }

  /** Ensures the tables and the checkpoint exist; returns the stored version (null when new). */
  async prepare(): Promise<CheckpointRow> {
    const { db } = this.deps.database
    const { projection } = this.deps
    const existing = await readCheckpoint(db, projection.name)
    if (existing) return existing
    await db.transaction().execute(async (trx) => {
      await projection.createTables(trx)
      await trx
        .insertInto('projection_checkpoints')
        .values({ name: projection.name, version: projection.version, position: null, status: 'running' })
        .execute()
    })
    return (await readCheckpoint(db, projection.name))!
  }

  /** Starts following the log from the stored checkpoint (a halted projection stays halted). */
  async start(): Promise<void> {
    const checkpoint = await readCheckpoint(this.deps.database.db, this.name)
    this.position = checkpoint?.position ?? null
    if (checkpoint?.status === 'failed') {
      this.deps.logger.warn(
        { projection: this.name, error: checkpoint.last_error },
        'projection failed before; retrying from its checkpoint',
      )
    }
    this.parked = await this.loadParked()
    this.halted = false
    this.stopped = false
    this.follow()
  }

  /** Retries a halted projection from its checkpoint (after a fix); a running one is left alone. */
  resume(): void {
    if (!this.halted || this.stopped) return
    this.halted = false
    this.follow()
  }

  private async loadParked(): Promise<Set<string>> {
    return new Set((await readParked(this.deps.database.db, { projection: this.name })).map((row) => row.store_id))
  }

  async stop(): Promise<void> {
    this.stopped = true
    await this.pause()
  }

  private async pause(): Promise<void> {
    await this.subscription?.close()
    this.subscription = null
    // A batch that failed has been reported through the subscription already; stopping must not fail with it.
    await this.inFlight.catch(() => undefined)
  }

  /**
   * Runs `task` with live processing paused; it resumes from the checkpoint afterwards. A halted
   * projection resumes only if the task cleared its failure (a whole rebuild that got past the
   * failing event); otherwise it stays halted rather than racing through events it would not apply.
   */
  async exclusive<T>(task: () => Promise<T>): Promise<T> {
    await this.pause()
    try {
      return await task()
    } finally {
      const checkpoint = await readCheckpoint(this.deps.database.db, this.name)
      this.position = checkpoint?.position ?? null
      // A retry or rebuild may have unparked stores (or failed and kept them parked).
      this.parked = await this.loadParked()
      if (checkpoint?.status !== 'failed') this.halted = false
      if (!this.halted && !this.stopped) this.follow()
    }
  }

  private follow(): void {
    if (this.subscription) return
    this.subscription = this.deps.eventStore.subscribe({
      from: this.position,
      filter: projectionFilter(this.deps.projection),
      batchSize: this.deps.batchSize,
      onEvents: (events) => {
        this.inFlight = this.applyBatch(events)
        return this.inFlight
      },
      onError: (error) =>
        this.deps.logger.warn({ projection: this.name, err: error }, 'projection subscription error; retrying'),
    })
  }

  private async applyBatch(events: RecordedEvent[]): Promise<void> {
    if (this.halted || events.length === 0) return
    const { projection } = this.deps
    const before = this.position
    const last = events[events.length - 1]!.position
    let parking: Map<string, ApplyFailure>
    const started = performance.now()
    try {
      parking = await applyParking(
        projection,
        (store) => this.parked.has(store),
        ({ apply, parking }) =>
          this.deps.database.db.transaction().execute(async (trx) => {
            let applied = 0
            for (const event of events) if (await apply(event, trx)) applied++
            for (const [store, failure] of parking)
              await parkStore(trx, projection.name, store, failure.event, failure.message)
            await advanceCheckpoint(trx, projection.name, before, last, applied)
          }),
      )
    } catch (error) {
      // The database went away (a restart) or gave up on the transaction (a deadlock): no event
      // failed. The subscription retries this batch from the same checkpoint once it is back.
      if (isTransient(error)) throw error
      return this.halt(error)
    }
    for (const [store, failure] of parking) {
      this.parked.add(store)
      this.deps.parked?.parked(projection.name, store, failure.message)
      this.deps.logger.error(
        {
          projection: projection.name,
          storeId: store,
          err: failure.cause,
          eventId: failure.event.id,
          position: failure.event.position,
        },
        'store parked in projection on a failing event; its other stores go on',
      )
    }
    this.deps.onBatch?.(projection.name, (performance.now() - started) / 1000)
    this.position = last
    this.deps.onAdvance(projection.name, last)
    await yieldToEventLoop()
  }

  private async halt(error: unknown): Promise<void> {
    const { projection } = this.deps
    this.halted = true
    void this.subscription?.close()
    this.subscription = null
    if (error instanceof LostOwnership) {
      this.stopped = true
      this.deps.logger.warn(
        { projection: projection.name },
        'projection checkpoint moved elsewhere; another process owns it now',
      )
      this.deps.onLostOwnership?.(projection.name)
      return
    }
    const event = error instanceof ApplyFailure ? error.event : undefined
    const cause = error instanceof ApplyFailure ? error.cause : error
    await recordFailure(this.deps.database.db, projection.name, cause, event)
    this.deps.logger.error(
      { projection: projection.name, err: cause, eventId: event?.id, position: event?.position },
      'projection halted on a failing event',
    )
  }
}

/**
 * PGlite answers queries without I/O, in microtasks only: a loop of them never lets the event
 * loop turn, so catching up a backlog or rebuilding would freeze the whole process (HTTP,
 * timers, /health) until it ends. Batch loops give the event loop a turn after each batch.
 */
export const yieldToEventLoop = (): Promise<void> => setImmediate()

export async function readCheckpoint(db: AnyDb, name: string): Promise<CheckpointRow | undefined> {
  return (await db.selectFrom('projection_checkpoints').selectAll().where('name', '=', name).executeTakeFirst()) as
    CheckpointRow | undefined
}

/** Moves the checkpoint only from where this worker left it; anything else means lost ownership. */
async function advanceCheckpoint(
  trx: AnyDb,
  name: string,
  from: string | null,
  to: string,
  count: number,
): Promise<void> {
  // One statement moves the checkpoint and tells waiters (delivered at commit): one round trip.
  const { rows } = await sql<{ name: string }>`
    with moved as (
      update projection_checkpoints
      set position = ${to}, status = 'running', last_error = null, error_position = null, error_event_id = null,
          events_applied = events_applied + ${count}, updated_at = now()
      where name = ${name} and position is not distinct from ${from}
      returning name
    )
    select name, pg_notify(${CHECKPOINT_CHANNEL}, ${`${name} ${to}`}) from moved
  `.execute(trx)
  if (rows.length !== 1) throw new LostOwnership()
}

async function recordFailure(db: AnyDb, name: string, error: unknown, event: RecordedEvent | undefined): Promise<void> {
  const message = error instanceof Error ? error.message : String(error)
  await db
    .updateTable('projection_checkpoints')
    .set({
      status: 'failed',
      last_error: event ? failureText(event, error) : message,
      error_position: event?.position ?? null,
      error_event_id: event?.id ?? null,
      updated_at: sql`now()`,
    })
    .where('name', '=', name)
    .execute()
}
