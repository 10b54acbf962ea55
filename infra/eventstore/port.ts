import type { Actor } from '../../domain/shared/context.js'

/**
 * The event store port. Adapters: Postgres on `pg`, Postgres on PGlite, EventStoreDB/KurrentDB.
 * One contract suite (`test/eventstore.contract.test.ts`) runs against all of them.
 *
 * Positions are opaque strings that compare correctly with plain string comparison
 * (`comparePositions`); every adapter encodes them fixed-width to make that true.
 */

/** What the stream must look like for an append to go through. */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | number

export interface EventMetadata {
  organizationId: string
  storeId: string | null
  actor: Actor
  correlationId: string
  causationId: string | null
  schemaVersion: number
  /** When the command was decided (the decider's `now`). */
  occurredAt: string
  /**
   * One id per command, shared by every event it appended: where one command ends in a stream
   * (reverts restore whole commands). A request may run several commands under one correlation
   * id and instant, so those cannot tell. Absent on events recorded before it was stamped.
   */
  commandId?: string
}

export interface NewEvent {
  id: string
  type: string
  data: Record<string, unknown>
  metadata: EventMetadata
}

export interface RecordedEvent extends NewEvent {
  streamName: string
  /** 0-based revision of the event within its stream. */
  revision: number
  position: string
  recordedAt: Date
}

export interface StreamWrite {
  stream: string
  events: NewEvent[]
  expectedRevision: ExpectedRevision
}

export interface AppendResult {
  /** Position of the last event appended (the command's position). */
  position: string
  /** Revision of the last event per stream written. */
  revisions: Record<string, number>
  /**
   * Position of every appended event, in the order of the writes and their events: a reader
   * waiting for one event type must know where that event stands, not only the last one.
   */
  positions: string[]
}

/**
 * Server-side filter over the whole log. `scopeId` keeps the streams of one store (or
 * organization): stream names are `<category>-<scopeId>_<entityId>`. `categories` and
 * `eventTypes` narrow further; all given conditions must hold.
 */
export interface LogFilter {
  scopeId?: string
  categories?: readonly string[]
  eventTypes?: readonly string[]
}

export interface ReadAllOptions {
  /** Exclusive start; omitted = from the beginning. */
  from?: string | null
  /** Inclusive end; events after it are not returned. */
  to?: string | null
  filter?: LogFilter
  /** At most this many events (default 500). */
  limit?: number
}

export interface Subscription {
  close(): Promise<void>
}

export interface SubscribeOptions {
  from?: string | null
  filter?: LogFilter
  batchSize?: number
  /** Called with each batch in log order; the next batch waits for the promise. */
  onEvents: (events: RecordedEvent[]) => Promise<void>
  onError?: (error: unknown) => void
}

export interface EventStore {
  /** Append to one stream with an optimistic concurrency check. */
  append(stream: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult>
  /** Append to several streams atomically: all writes land or none (reservations need it). */
  appendMany(writes: StreamWrite[]): Promise<AppendResult>
  /** Events of one stream from a revision (inclusive, default 0); empty when the stream does not exist. */
  readStream(stream: string, options?: { fromRevision?: number; toRevision?: number }): Promise<RecordedEvent[]>
  /** Events of the whole log after `from`, in log order. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>
  /** How many events match, between the exclusive `from` and the inclusive `to` (rebuild progress). */
  countAll(options?: { filter?: LogFilter; from?: string | null; to?: string | null }): Promise<number>
  /** Position of the newest event matching the filter, or null for an empty log. */
  headPosition(filter?: LogFilter): Promise<string | null>
  /** Catch up from `from`, then follow live appends until closed. */
  subscribe(options: SubscribeOptions): Subscription
  close(): Promise<void>
}

/** Raised by adapters when the expected revision does not hold. */
export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`stream '${stream}' expected revision ${String(expected)} but is at ${String(actual)}`)
    this.name = 'WrongExpectedRevisionError'
  }
}

/** Positions compare as strings; adapters guarantee that. */
export function comparePositions(a: string | null | undefined, b: string | null | undefined): number {
  const left = a ?? ''
  const right = b ?? ''
  return left < right ? -1 : left > right ? 1 : 0
}
