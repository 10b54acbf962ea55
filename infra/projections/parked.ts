import { sql } from 'kysely'
import { parseStreamName } from '../../domain/shared/streams.js'
import type { AnyDb } from '../database/database.js'
import { isConnectionLoss } from '../database/unavailable.js'
import type { RecordedEvent } from '../eventstore/port.js'
import type { Projection } from './projection.js'
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

/** The events of one batch a parking transaction applies, and those of stores parked before it or by it it leaves. */
export interface ParkingAttempt {
  /** Applies the event unless its store is parked; a throw of `apply` becomes an `ApplyFailure`. */
  apply(event: RecordedEvent, trx: AnyDb): Promise<boolean>
  /** The stores this batch parks so far, with the failure that parked each. */
  parking: ReadonlyMap<string, ApplyFailure>
}

/**
 * Runs `attempt` (one transaction over a batch) until it goes through, parking the store of each
 * event that fails and running it again without that store's events: the worker and a whole
 * rebuild park alike. Returns the stores the batch parked. A failure no store can be parked for
 * (an organization-level event, a projection without store rows) or of the database itself
 * (`isTransient`) is thrown as it came.
 *
 * @example const parking = await applyParking(projection, (store) => parked.has(store), ({ apply }) => db.transaction().execute(...))
 */
export async function applyParking(
  projection: Pick<Projection, 'storeTables' | 'apply'>,
  parkedBefore: (store: string) => boolean,
  attempt: (batch: ParkingAttempt) => Promise<void>,
): Promise<Map<string, ApplyFailure>> {
  const parking = new Map<string, ApplyFailure>()
  const apply = async (event: RecordedEvent, trx: AnyDb): Promise<boolean> => {
    const store = parkableStoreOf(event)
    if (store !== null && (parkedBefore(store) || parking.has(store))) return false
    try {
      await projection.apply(event, trx)
    } catch (error) {
      throw new ApplyFailure(event, error)
    }
    return true
  }
  for (;;) {
    try {
      await attempt({ apply, parking })
      return parking
    } catch (error) {
      const store =
        error instanceof ApplyFailure && !isTransient(error) && projection.storeTables.length > 0
          ? parkableStoreOf(error.event)
          : null
      if (store === null) throw error
      parking.set(store, error as ApplyFailure)
    }
  }
}

/** Parks a store (or records the latest failure of a parked one); told to every process at commit. */
export async function parkStore(
  trx: AnyDb,
  projection: string,
  storeId: string,
  event: RecordedEvent,
  error: string,
): Promise<void> {
  await trx
    .insertInto('projection_parked_stores')
    .values({
      projection,
      store_id: storeId,
      error,
      event_id: event.id,
      event_type: event.type,
      position: event.position,
    })
    .onConflict((oc) =>
      oc.columns(['projection', 'store_id']).doUpdateSet({
        error,
        event_id: event.id,
        event_type: event.type,
        position: event.position,
        updated_at: sql`now()`,
      }),
    )
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

export async function readParked(
  db: AnyDb,
  where: { projection?: string; storeId?: string } = {},
): Promise<ParkedRow[]> {
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
