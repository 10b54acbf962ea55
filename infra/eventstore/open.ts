import type { Database } from '../database/database.js'
import { createKurrentDbEventStore } from './kurrentdb/adapter.js'
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
export function openEventStore(options: OpenEventStoreOptions): EventStore {
  return options.eventStoreUrl ? createKurrentDbEventStore(options.eventStoreUrl) : createPostgresEventStore(options.database)
}
