import type { UniquenessChange } from '../../domain/shared/command.js'
import { DomainError, conflict } from '../../domain/shared/errors.js'
import { reservationStream } from '../../domain/shared/reservations.js'
import type { EventStore, NewEvent, StreamWrite } from '../../infra/eventstore/port.js'

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

/**
 * The writes that carry out the changes, or a CONFLICT when a value is held by another owner.
 * Changes to the same key apply in order (a theme publish releases the main role from the old
 * main and claims it for the new one): they become one write at the key's revision as first read.
 */
export async function reservationWrites(
  store: EventStore,
  changes: readonly UniquenessChange[],
  envelope: (type: string, data: Record<string, unknown>) => NewEvent,
): Promise<StreamWrite[]> {
  const writes = new Map<string, StreamWrite>()
  const owners = new Map<string, string | null>()
  const add = (stream: string, revision: Reservation['revision'], event: NewEvent): void => {
    const write = writes.get(stream)
    if (write) write.events.push(event)
    else writes.set(stream, { stream, expectedRevision: revision, events: [event] })
  }
  for (const change of changes) {
    const stream = reservationStream(change.scope, change.key)
    const current = await readReservation(store, change.scope, change.key)
    const owner = owners.has(stream) ? owners.get(stream)! : current.owner
    if (change.kind === 'claim') {
      if (owner === change.ownerId) continue
      if (owner !== null)
        throw change.contended
          ? new DomainError('CONFLICT', change.message, { field: change.field, details: { contended: true } })
          : conflict(change.message, change.field)
      add(stream, current.revision, envelope('UniqueValueClaimed', { key: change.key, ownerId: change.ownerId }))
      owners.set(stream, change.ownerId)
    } else if (owner === change.ownerId) {
      add(stream, current.revision, envelope('UniqueValueReleased', { key: change.key, ownerId: change.ownerId }))
      owners.set(stream, null)
    }
  }
  return [...writes.values()]
}
