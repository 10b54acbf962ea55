import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type RecordedEvent,
  type StreamWrite,
} from '../../../infra/eventstore/port.js'

/**
 * An event store that keeps appends in memory on top of a real one, for a dry run: the import
 * runs the very commands of a real run (prepare, decide, uniqueness claims, expected revisions)
 * and nothing reaches the log. Each stream reads as its real events followed by the dry run's
 * own, so a product "created" on line 1 is found by line 2, and by its category assignment.
 * Only what the command path uses is offered; log-wide reads and subscriptions refuse.
 */
export class DryRunEventStore implements EventStore {
  private readonly pending = new Map<string, RecordedEvent[]>()
  private sequence = 0

  constructor(private readonly base: EventStore) {}

  async readStream(
    stream: string,
    options: { fromRevision?: number; toRevision?: number } = {},
  ): Promise<RecordedEvent[]> {
    const from = options.fromRevision ?? 0
    const to = options.toRevision ?? Number.POSITIVE_INFINITY
    const events = [...(await this.base.readStream(stream)), ...(this.pending.get(stream) ?? [])]
    return events.filter((event) => event.revision >= from && event.revision <= to)
  }

  append(
    stream: string,
    events: StreamWrite['events'],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    return this.appendMany([{ stream, events, expectedRevision: options.expectedRevision }])
  }

  /** All writes or none, as the real store: every expected revision is checked before any is kept. */
  async appendMany(writes: StreamWrite[]): Promise<AppendResult> {
    const heads = new Map<string, number>()
    for (const write of writes) {
      const last = (await this.readStream(write.stream)).at(-1)
      const actual = last ? last.revision : 'no_stream'
      if (!holds(write.expectedRevision, actual))
        throw new WrongExpectedRevisionError(write.stream, write.expectedRevision, actual)
      heads.set(write.stream, last ? last.revision : -1)
    }
    const positions: string[] = []
    const revisions: Record<string, number> = {}
    for (const write of writes) {
      let revision = heads.get(write.stream)!
      const kept = this.pending.get(write.stream) ?? []
      for (const event of write.events) {
        revision++
        // Never compared with real positions: a dry run reports no eventPosition.
        const position = `dry-run-${String(++this.sequence).padStart(20, '0')}`
        kept.push({ ...event, streamName: write.stream, revision, position, recordedAt: new Date() })
        positions.push(position)
      }
      this.pending.set(write.stream, kept)
      heads.set(write.stream, revision)
      revisions[write.stream] = revision
    }
    return { position: positions.at(-1) ?? '', revisions, positions }
  }

  readAll(): Promise<RecordedEvent[]> {
    return Promise.reject(new Error('a dry run reads single streams only'))
  }

  countAll(): Promise<number> {
    return Promise.reject(new Error('a dry run reads single streams only'))
  }

  headPosition(): Promise<string | null> {
    return Promise.reject(new Error('a dry run reads single streams only'))
  }

  subscribe(): never {
    throw new Error('a dry run has no subscriptions')
  }

  /** The real store belongs to the platform: a dry run only forgets what it kept. */
  close(): Promise<void> {
    this.pending.clear()
    return Promise.resolve()
  }
}

function holds(expected: ExpectedRevision, actual: number | 'no_stream'): boolean {
  if (expected === 'any') return true
  if (expected === 'no_stream') return actual === 'no_stream'
  if (expected === 'stream_exists') return actual !== 'no_stream'
  return expected === actual
}
