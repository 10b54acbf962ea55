import type { Database } from '../database/database.js'
import type { EventStore } from './port.js'
import { createPostgresEventStore } from './postgres/adapter.js'

export interface OpenEventStoreOptions {
  /** The database the Postgres adapter writes to when no `eventStoreUrl` is given. */
  database: Database
  /** `EVENTSTORE_URL`: events go to that KurrentDB/EventStoreDB cluster instead. */
  eventStoreUrl?: string | undefined
}

/**
 * The configured event store. The Postgres adapter needs `eventStoreMigrations` applied; the
 * caller runs them with every other slice's migrations, since the migrator wants them all at once.
 */
export async function openEventStore(options: OpenEventStoreOptions): Promise<EventStore> {
  if (!options.eventStoreUrl) return createPostgresEventStore(options.database)
  // Loaded only when configured: the gRPC client weighs on start-up time and idle memory.
  const { createKurrentDbEventStore } = await import('./kurrentdb/adapter.js')
  return createKurrentDbEventStore(options.eventStoreUrl)
}
