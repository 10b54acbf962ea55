import type { EventStore, RecordedEvent } from '../../infra/eventstore/port.js'

/** An entity as it was at an instant, with what the read models would have said about it then. */
export interface AsOf<State> {
  state: State
  /** Revision of the last event at or before the instant. */
  revision: number
  /** Time of the stream's first event. */
  createdAt: Date
  /** Time of the last event at or before the instant. */
  updatedAt: Date
}

/**
 * The entity of `stream` as it was at `asOf`: the events that occurred at or before that instant,
 * folded with the entity's own `fold` (its deciders' evolve), never a snapshot table. Null when
 * the stream had no event by then. Categories, attributes and products all read their past so.
 *
 * @example await readAsOf(eventStore, productStream(storeId, id), new Date('2026-11-01T00:00:00Z'), foldProductSnapshot)
 */
export async function readAsOf<State>(
  eventStore: EventStore,
  stream: string,
  asOf: Date,
  fold: (events: readonly RecordedEvent[]) => State,
): Promise<AsOf<State> | null> {
  const events = (await eventStore.readStream(stream)).filter((event) => new Date(event.metadata.occurredAt) <= asOf)
  const first = events[0]
  const last = events.at(-1)
  if (!first || !last) return null
  return {
    state: fold(events),
    revision: last.revision,
    createdAt: new Date(first.metadata.occurredAt),
    updatedAt: new Date(last.metadata.occurredAt),
  }
}
