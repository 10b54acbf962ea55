import { sql, type ColumnType, type Kysely, type Selectable } from 'kysely'
import type { AnyDb } from '../../database/database.js'
import type { EventMetadata, RecordedEvent } from '../port.js'

// The events table as both the appender and the reader see it, and the positions they agree on.

/** Appends notify on this channel; the payload lists the appended event types. */
export const EVENTS_CHANNEL = 'emporium_events'

export interface EventsTable {
  global_position: ColumnType<string | number, never, never>
  transaction_id: ColumnType<string, never, never>
  stream_name: string
  stream_revision: ColumnType<string | number, number, never>
  scope_id: string
  category: string
  event_id: string
  event_type: string
  data: ColumnType<Record<string, unknown>, Record<string, unknown>, never>
  metadata: ColumnType<EventMetadata, EventMetadata, never>
  recorded_at: ColumnType<Date | string, never, never>
}
export type EventsDb = Kysely<{ events: EventsTable }>

export const EVENT_COLUMNS = [
  'global_position',
  'stream_name',
  'stream_revision',
  'event_id',
  'event_type',
  'data',
  'metadata',
  'recorded_at',
] as const
/**
 * xid8 as text (drivers disagree on its type). Aliased apart from the column on purpose: an
 * `order by transaction_id` would otherwise sort by the text alias, and '999' > '1000'.
 */
export const XID = sql<string>`events.transaction_id::text`.as('xid')

/**
 * `<transaction id>-<global position>`, each zero-padded to 20 digits (an xid8 has at most 20,
 * a bigint at most 19), so plain string comparison is log order.
 */
export function encodePosition(
  transactionId: string | number | bigint,
  globalPosition: string | number | bigint,
): string {
  return `${String(transactionId).padStart(20, '0')}-${String(globalPosition).padStart(20, '0')}`
}

export function decodePosition(position: string): { transactionId: string; globalPosition: string } {
  const match = /^(\d{20})-(\d{20})$/.exec(position)
  if (!match?.[1] || !match[2]) throw new Error(`not a Postgres event store position: '${position}'`)
  return { transactionId: BigInt(match[1]).toString(), globalPosition: BigInt(match[2]).toString() }
}

export function events(db: AnyDb): EventsDb {
  return db as unknown as EventsDb
}

export function toRecorded(
  row: Pick<Selectable<EventsTable>, (typeof EVENT_COLUMNS)[number]> & { xid: string },
): RecordedEvent {
  return {
    id: row.event_id,
    type: row.event_type,
    data: row.data,
    metadata: row.metadata,
    streamName: row.stream_name,
    revision: Number(row.stream_revision),
    position: encodePosition(row.xid, row.global_position),
    recordedAt: row.recorded_at instanceof Date ? row.recorded_at : new Date(row.recorded_at),
  }
}
