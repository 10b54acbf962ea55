import { sql } from 'kysely'
import { parseStreamName } from '../../domain/shared/streams.js'
import type { AnyDb } from '../database/database.js'
import { isConnectionLoss } from '../database/unavailable.js'
import type { RecordedEvent } from '../eventstore/port.js'
import { PARKED_CHANNEL, type ParkedRow } from './schema.js'

/**
 * Parking: an event a projection cannot apply stops that projection for the event's store only.
 * The store's events are left unapplied (the checkpoint moves on for every other store) until a
 * retry replays the store's whole history with a store rebuild, which never skips the event.
 */

/**
 * The store an event can be parked under: the scope of a store stream (`<category>-<storeId>_…`,
 * its metadata naming the same store). A store rebuild replays exactly those streams, so nothing
 * left unapplied under a parked store is lost. Organization-level events have none: their
 * failure halts the projection as a whole.
 */
export function parkableStoreOf(event: RecordedEvent): string | null {
  const { scopeId } = parseStreamName(event.streamName)
  return scopeId !== '' && scopeId === event.metadata.storeId ? scopeId : null
}

export function failureText(event: Pick<RecordedEvent, 'type' | 'id'>, error: unknown): string {
  return `${event.type} ${event.id}: ${error instanceof Error ? error.message : String(error)}`
}

/** The projection's own `apply` threw on this event (not the database around it). */
export class ApplyFailure extends Error {
  constructor(
    readonly event: RecordedEvent,
    override readonly cause: unknown,
  ) {
    super(failureText(event, cause))
  }
}

/**
 * Errors of the database rather than of the event (a lost connection, a deadlock), also when
 * `apply` met them: parking a store or halting for them would stop it for nothing.
 */
export function isTransient(error: unknown): boolean {
  const cause = error instanceof ApplyFailure ? error.cause : error
  const code = (cause as { code?: unknown } | null)?.code
  return isConnectionLoss(error) || code === '40001' || code === '40P01'
}

/** Parks a store (or records the latest failure of a parked one); told to every process at commit. */
export async function parkStore(trx: AnyDb, projection: string, storeId: string, event: RecordedEvent, error: string): Promise<void> {
  await trx
    .insertInto('projection_parked_stores')
    .values({ projection, store_id: storeId, error, event_id: event.id, event_type: event.type, position: event.position })
    .onConflict((oc) => oc.columns(['projection', 'store_id']).doUpdateSet({ error, event_id: event.id, event_type: event.type, position: event.position, updated_at: sql`now()` }))
    .execute()
  await notifyParked(trx, projection, storeId)
}

/** Unparks one store of a projection, or (storeId null) every store of it, after a replay that got through. */
export async function unparkStores(trx: AnyDb, projection: string, storeId: string | null): Promise<void> {
  let query = trx.deleteFrom('projection_parked_stores').where('projection', '=', projection)
  if (storeId !== null) query = query.where('store_id', '=', storeId)
  await query.execute()
  await notifyParked(trx, projection, storeId ?? '*')
}

export async function readParked(db: AnyDb, where: { projection?: string; storeId?: string } = {}): Promise<ParkedRow[]> {
  let query = db.selectFrom('projection_parked_stores').selectAll()
  if (where.projection !== undefined) query = query.where('projection', '=', where.projection)
  if (where.storeId !== undefined) query = query.where('store_id', '=', where.storeId)
  return (await query.orderBy('parked_at').orderBy('projection').execute()) as ParkedRow[]
}

async function notifyParked(trx: AnyDb, projection: string, storeId: string): Promise<void> {
  await sql`select pg_notify(${PARKED_CHANNEL}, ${`${projection} ${storeId}`})`.execute(trx)
}

/** Told in-process the moment the local worker parks or unparks a store, before any notification arrives. */
export interface ParkedListener {
  parked(projection: string, storeId: string, error: string): void
  unparked(projection: string, storeId: string | null): void
}
