import type { RecordedEvent } from '../../infra/eventstore/port.js'

/**
 * The store of an event in a store stream. An event without one is a bug upstream: the runner
 * must stop on it (and park the projection) rather than file the row under no store.
 */
export function storeOf(recorded: RecordedEvent): string {
  if (!recorded.metadata.storeId)
    throw new Error(`${recorded.type} at ${recorded.position} in ${recorded.streamName} has no storeId in its metadata`)
  return recorded.metadata.storeId
}
