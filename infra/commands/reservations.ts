import type { UniquenessChange } from '../../domain/shared/command.js'
import { conflict } from '../../domain/shared/errors.js'
import { streamName } from '../../domain/shared/streams.js'
import type { EventStore, NewEvent, StreamWrite } from '../eventstore/port.js'

/**
 * Uniqueness (product handle per store, store slug, custom domain) is enforced by reservation
 * streams `uniq-<scope>_<key>`: claiming appends with the stream's expected revision in the same
 * atomic write as the entity's events, so two concurrent claims cannot both land. Never by
 * querying a read model, which may lag.
 */
export const RESERVATION_CATEGORY = 'uniq'

export function reservationStream(scope: string, key: string): string {
  return streamName(RESERVATION_CATEGORY, scope, key)
}

interface Reservation {
  owner: string | null
  revision: number | 'no_stream'
}

async function readReservation(store: EventStore, scope: string, key: string): Promise<Reservation> {
  const events = await store.readStream(reservationStream(scope, key))
  let owner: string | null = null
  for (const event of events) owner = event.type === 'UniqueValueClaimed' ? String(event.data.ownerId) : null
  return { owner, revision: events.length ? events[events.length - 1]!.revision : 'no_stream' }
}

export async function reservationOwner(store: EventStore, scope: string, key: string): Promise<string | null> {
  return (await readReservation(store, scope, key)).owner
}

/** The writes that carry out the changes, or a CONFLICT when a value is held by another owner. */
export async function reservationWrites(
  store: EventStore,
  changes: readonly UniquenessChange[],
  envelope: (type: string, data: Record<string, unknown>) => NewEvent,
): Promise<StreamWrite[]> {
  const writes: StreamWrite[] = []
  for (const change of changes) {
    const current = await readReservation(store, change.scope, change.key)
    const stream = reservationStream(change.scope, change.key)
    if (change.kind === 'claim') {
      if (current.owner === change.ownerId) continue
      if (current.owner !== null) throw conflict(change.message, change.field)
      writes.push({
        stream,
        expectedRevision: current.revision,
        events: [envelope('UniqueValueClaimed', { key: change.key, ownerId: change.ownerId })],
      })
    } else if (current.owner === change.ownerId) {
      writes.push({
        stream,
        expectedRevision: current.revision,
        events: [envelope('UniqueValueReleased', { key: change.key, ownerId: change.ownerId })],
      })
    }
  }
  return writes
}
