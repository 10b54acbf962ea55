import { sql } from 'kysely'
import type { AnyDb, Database } from '../database/database.js'
import type { EventStore, LogFilter, RecordedEvent } from '../eventstore/port.js'
import {
  ApplyFailure,
  applyParking,
  failureText,
  parkStore,
  readParked,
  unparkStores,
  type ParkedListener,
} from './parked.js'
import type { Projection } from './projection.js'
import { projectionFilter, readCheckpoint, yieldToEventLoop, type ProjectionWorker } from './worker.js'

export type Progress = (processed: number, total: number) => void

export interface RebuildDeps {
  database: Database
  eventStore: EventStore
  projection: Projection
  worker: ProjectionWorker
  batchSize: number
  progress: Progress
  /** Aborted when this process gives the projection up (shutdown, lost session): stop between batches. */
  signal?: AbortSignal
  /** Told when a replay that got through unparks stores, so this process takes their writes again at once. */
  parked?: ParkedListener
}

/**
 * Rebuilds a whole projection without downtime: builds it from the log in a schema of its own
 * while the live tables keep serving and following, then pauses the live worker, catches the
 * new tables up, and swaps them in with the checkpoint in one transaction. A store whose event
 * fails is parked as the live worker would park it (the new version's other stores go on), and
 * the parked stores swap in with the tables; any other failure fails the rebuild.
 */
export async function rebuildBeside(deps: RebuildDeps): Promise<void> {
  const { database, eventStore, projection, worker } = deps
  const { db } = database
  const schema = `rebuild_${projection.name.replace(/\W/g, '_')}`
  const filter = projectionFilter(projection)
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db)
  await sql`create schema ${sql.id(schema)}`.execute(db)
  try {
    await projection.createTables(db.withSchema(schema))

    let position: string | null = null
    let processed = 0
    const parked = new Map<string, ApplyFailure>()
    const head = await eventStore.headPosition(filter)
    const total = await countEvents(eventStore, filter, head)
    const rebuilt = {
      ...projection,
      apply: (event: RecordedEvent, trx: AnyDb) => projection.apply(event, trx.withSchema(schema)),
    }
    const applyBatch = async (events: RecordedEvent[]): Promise<void> => {
      try {
        const parking = await applyParking(
          rebuilt,
          (store) => parked.has(store),
          ({ apply }) =>
            db.transaction().execute(async (trx) => {
              for (const event of events) await apply(event, trx)
            }),
        )
        for (const [store, failure] of parking) parked.set(store, failure)
      } catch (error) {
        throw error instanceof ApplyFailure ? error.cause : error
      }
    }
    const replayUntil = async (to: string | null): Promise<void> => {
      if (to === null) return
      for (;;) {
        deps.signal?.throwIfAborted()
        const events = await eventStore.readAll({ from: position, to, filter, limit: deps.batchSize })
        if (events.length === 0) return
        await applyBatch(events)
        position = events[events.length - 1]!.position
        processed += events.length
        deps.progress(processed, Math.max(total, processed))
        await yieldToEventLoop()
      }
    }
    deps.progress(0, total)
    await replayUntil(head)
    await worker.exclusive(async () => {
      await replayUntil(await eventStore.headPosition(filter))
      await db.transaction().execute(async (trx) => {
        // Every old table goes before any new one moves in: an index or constraint name of the new
        // version may be one that another old table (not its namesake) still holds in public.
        for (const table of projection.tables)
          await sql`drop table if exists ${sql.id('public', table)} cascade`.execute(trx)
        for (const table of projection.tables)
          await sql`alter table ${sql.id(schema, table)} set schema public`.execute(trx)
        await trx
          .updateTable('projection_checkpoints')
          .set({
            version: projection.version,
            position,
            status: 'running',
            last_error: null,
            error_position: null,
            error_event_id: null,
            events_applied: processed,
            updated_at: sql`now()`,
          })
          .where('name', '=', projection.name)
          .execute()
        // The new tables' parked stores replace the old ones': a store whose events now apply is current again.
        await unparkStores(trx, projection.name, null)
        for (const [store, failure] of parked)
          await parkStore(trx, projection.name, store, failure.event, failure.message)
        await sql`drop schema ${sql.id(schema)} cascade`.execute(trx)
      })
      deps.parked?.unparked(projection.name, null)
      for (const [store, failure] of parked) deps.parked?.parked(projection.name, store, failure.message)
    })
    deps.progress(processed, Math.max(total, processed))
  } catch (error) {
    // A failed or interrupted build leaves the live tables as they were; its half-built copy goes.
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db).catch(() => undefined)
    throw error
  }
}

/**
 * Rebuilds one store's rows: with live processing paused, deletes the store's rows and replays
 * the store's events up to the checkpoint in one transaction, so readers see the old rows until
 * the new ones commit and other stores are untouched. This is also how a parked store is retried:
 * the checkpoint went on past its unapplied events, so the replay applies each of them once, and
 * the store is unparked in the same transaction; the live worker, paused meanwhile, applies the
 * store's events after the checkpoint as soon as it resumes. A replay that fails on an event
 * leaves everything as it was (a parked store stays parked, with that failure recorded).
 */
export async function rebuildStore(deps: RebuildDeps & { storeId: string }): Promise<void> {
  const { database, eventStore, projection, worker, storeId } = deps
  if (projection.storeTables.length === 0) return deps.progress(0, 0)
  await worker.exclusive(async () => {
    const checkpoint = (await readCheckpoint(database.db, projection.name))?.position ?? null
    const filter: LogFilter = { ...projectionFilter(projection), scopeId: storeId }
    // Read before opening the transaction: PGlite has one connection, which the transaction holds.
    const events = checkpoint === null ? [] : await readEverything(eventStore, filter, checkpoint, deps.batchSize)
    const parked = (await readParked(database.db, { projection: projection.name, storeId })).length > 0
    deps.progress(0, events.length)
    let current: RecordedEvent | undefined
    try {
      await database.db.transaction().execute(async (trx) => {
        if (projection.clearStore) await projection.clearStore(trx, storeId)
        else
          for (const table of projection.storeTables)
            await trx.deleteFrom(table).where('store_id', '=', storeId).execute()
        let processed = 0
        for (const event of events) {
          if (processed % deps.batchSize === 0) {
            deps.signal?.throwIfAborted()
            await yieldToEventLoop()
          }
          current = event
          await projection.apply(event, trx)
          current = undefined
          processed++
          if (processed % deps.batchSize === 0) deps.progress(processed, events.length)
        }
        if (parked) await unparkStores(trx, projection.name, storeId)
      })
    } catch (error) {
      if (parked && current) {
        await parkStore(database.db, projection.name, storeId, current, failureText(current, error))
        throw new Error(`store ${storeId} stays parked in ${projection.name}: ${failureText(current, error)}`, {
          cause: error,
        })
      }
      throw error
    }
    if (parked) deps.parked?.unparked(projection.name, storeId)
    deps.progress(events.length, events.length)
  })
}

async function readEverything(
  eventStore: EventStore,
  filter: LogFilter,
  to: string,
  batchSize: number,
): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = []
  let from: string | null = null
  for (;;) {
    const page = await eventStore.readAll({ from, to, filter, limit: batchSize })
    if (page.length === 0) return all
    all.push(...page)
    from = page[page.length - 1]!.position
  }
}

async function countEvents(eventStore: EventStore, filter: LogFilter, to: string | null): Promise<number> {
  return to === null ? 0 : eventStore.countAll({ filter, to })
}
