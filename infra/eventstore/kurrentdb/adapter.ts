import {
  ANY,
  AppendConsistencyViolationError,
  BACKWARDS,
  END,
  KurrentDBClient,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  jsonEvent,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type AppendStreamState,
  type Filter,
  type Position,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client'
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type LogFilter,
  type NewEvent,
  type ReadAllOptions,
  type RecordedEvent,
  type StreamWrite,
  type Subscription,
} from '../port.js'

const DEFAULT_LIMIT = 500

/** `<commit>-<prepare>`, each zero-padded to 20 digits, so string order is log order. */
function encodePosition(position: Position): string {
  return `${position.commit.toString().padStart(20, '0')}-${position.prepare.toString().padStart(20, '0')}`
}

function decodePosition(position: string): Position {
  const [commit, prepare] = position.split('-')
  if (!commit || !prepare) throw new Error(`not a KurrentDB position: '${position}'`)
  return { commit: BigInt(commit), prepare: BigInt(prepare) }
}

function streamState(expected: ExpectedRevision): AppendStreamState {
  if (expected === 'no_stream') return NO_STREAM
  if (expected === 'stream_exists') return STREAM_EXISTS
  if (expected === 'any') return ANY
  return BigInt(expected)
}

/**
 * Metadata goes in as a flat object of strings: `multiStreamAppend` accepts nothing else, and
 * single-stream appends use the same shape so a reader never needs to know which path wrote.
 */
function encodeMetadata(metadata: EventMetadata): Record<string, string> {
  return {
    organizationId: metadata.organizationId,
    storeId: metadata.storeId ?? '',
    actor: JSON.stringify(metadata.actor),
    correlationId: metadata.correlationId,
    causationId: metadata.causationId ?? '',
    schemaVersion: String(metadata.schemaVersion),
    occurredAt: metadata.occurredAt,
    ...(metadata.commandId ? { commandId: metadata.commandId } : {}),
  }
}

function decodeMetadata(raw: unknown): EventMetadata {
  const flat = (raw ?? {}) as Record<string, string | undefined>
  return {
    organizationId: flat.organizationId ?? '',
    storeId: flat.storeId || null,
    actor: JSON.parse(flat.actor ?? '{"type":"system","id":""}') as EventMetadata['actor'],
    correlationId: flat.correlationId ?? '',
    causationId: flat.causationId || null,
    schemaVersion: Number(flat.schemaVersion ?? 1),
    occurredAt: flat.occurredAt ?? '',
    ...(flat.commandId ? { commandId: flat.commandId } : {}),
  }
}

function toEventData(event: NewEvent) {
  return jsonEvent({ id: event.id, type: event.type, data: event.data, metadata: encodeMetadata(event.metadata) })
}

function toRecorded(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event
  if (!event || event.type.startsWith('$') || event.streamId.startsWith('$')) return undefined
  return {
    id: event.id,
    type: event.type,
    data: event.data as Record<string, unknown>,
    metadata: decodeMetadata(event.metadata),
    streamName: event.streamId,
    revision: Number(event.revision),
    position: event.position ? encodePosition(event.position) : '',
    recordedAt: event.created,
  }
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * Stream-name conditions go to the server; event types too when they are the only condition
 * (the server takes one filter). Whatever the server cannot check is checked here.
 */
function serverFilter(filter: LogFilter | undefined): {
  server: Filter
  matches: (event: RecordedEvent) => boolean
  exact: boolean
} {
  const types = filter?.eventTypes ? new Set(filter.eventTypes) : undefined
  const matches = (event: RecordedEvent) => !types || types.has(event.type)
  if (filter?.scopeId !== undefined || filter?.categories) {
    const category = filter.categories ? `(?:${filter.categories.map(escapeRegex).join('|')})` : '[^-]*'
    const scope = filter.scopeId !== undefined ? `${escapeRegex(filter.scopeId)}_` : ''
    return { server: streamNameFilter({ regex: `^${category}-${scope}` }), matches, exact: !types }
  }
  if (types)
    return {
      server: eventTypeFilter({ regex: `^(?:${[...types].map(escapeRegex).join('|')})$` }),
      matches,
      exact: true,
    }
  return { server: excludeSystemEvents(), matches, exact: true }
}

/** The server's revision conflicts (per-stream or multi-stream) as the port's error. */
function toWrongExpected(error: unknown, writes: StreamWrite[]): unknown {
  const conflict =
    error instanceof WrongExpectedVersionError
      ? error
      : error instanceof AppendConsistencyViolationError
        ? error.violations[0]
        : undefined
  if (!conflict) return error
  const { streamName, actualState } = conflict
  const write = writes.find((candidate) => candidate.stream === streamName) ?? writes[0]
  const actual = actualState === NO_STREAM || actualState < 0n ? 'no_stream' : Number(actualState)
  return new WrongExpectedRevisionError(streamName, write?.expectedRevision ?? 'any', actual)
}

export function createKurrentDbEventStore(connectionString: string): EventStore {
  const client = KurrentDBClient.connectionString(connectionString)
  const subscriptions = new Set<Subscription>()

  async function readStream(stream: string, options: { fromRevision?: number; toRevision?: number } = {}) {
    const from = options.fromRevision ?? 0
    const maxCount = options.toRevision === undefined ? undefined : Math.max(0, options.toRevision - from + 1)
    if (maxCount === 0) return []
    const events: RecordedEvent[] = []
    try {
      for await (const resolved of client.readStream(stream, {
        fromRevision: BigInt(from),
        ...(maxCount ? { maxCount } : {}),
      })) {
        const event = toRecorded(resolved)
        if (event) events.push(event)
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return []
      throw error
    }
    return events
  }

  async function append(
    stream: string,
    events: NewEvent[],
    { expectedRevision }: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    try {
      const result = await client.appendToStream(stream, events.map(toEventData), {
        streamState: streamState(expectedRevision),
      })
      const revision = Number(result.nextExpectedRevision)
      const revisions = revision >= 0 ? { [stream]: revision } : {}
      const positions = await positionsOf([{ stream, events, expectedRevision }], revisions)
      return {
        position: positions.at(-1) ?? (result.position ? encodePosition(result.position) : ''),
        revisions,
        positions,
      }
    } catch (error) {
      throw toWrongExpected(error, [{ stream, events, expectedRevision }])
    }
  }

  /**
   * Appends report one position at most, not one per event: read the written events back, so
   * every event's position is known and comparable with what reads report.
   */
  async function positionsOf(writes: StreamWrite[], revisions: Record<string, number>): Promise<string[]> {
    const perWrite = await Promise.all(
      writes.map(async (write) => {
        const last = revisions[write.stream]
        if (last === undefined || write.events.length === 0) return []
        const read = await readStream(write.stream, { fromRevision: last - write.events.length + 1, toRevision: last })
        return read.map((event) => event.position)
      }),
    )
    return perWrite.flat()
  }

  async function readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.limit ?? DEFAULT_LIMIT
    const { server, matches, exact } = serverFilter(options.filter)
    const from = options.from ?? null
    const events: RecordedEvent[] = []
    if (limit <= 0) return events
    // One more than the limit: the event at `from` itself comes back too.
    const maxCount = exact ? { maxCount: limit + 1 } : {}
    for await (const resolved of client.readAll({
      fromPosition: from ? decodePosition(from) : START,
      filter: server,
      ...maxCount,
    })) {
      const event = toRecorded(resolved)
      if (!event || !matches(event)) continue
      // `fromPosition` is inclusive; the port's `from` is exclusive.
      if (from && event.position <= from) continue
      if (options.to && event.position > options.to) break
      events.push(event)
      if (events.length >= limit) break
    }
    return events
  }

  return {
    append,

    async appendMany(writes) {
      if (writes.length === 1 && writes[0]) return append(writes[0].stream, writes[0].events, writes[0])
      let result
      try {
        const requests = writes.map((write) => ({
          streamName: write.stream,
          events: write.events.map(toEventData),
          expectedState: streamState(write.expectedRevision),
        }))
        result = await client.multiStreamAppend(requests)
      } catch (error) {
        throw toWrongExpected(error, writes)
      }
      // The multi-stream result carries a bare log position, not the commit/prepare pair that
      // reads report; the events read back give comparable positions.
      const revisions = Object.fromEntries(
        result.responses.map((response) => [response.streamName, Number(response.revision)]),
      )
      const positions = await positionsOf(writes, revisions)
      const last = positions.reduce((max, position) => (position > max ? position : max), '')
      return {
        position: last || encodePosition({ commit: result.position, prepare: result.position }),
        revisions,
        positions,
      }
    },

    readStream,
    readAll,

    async countAll(options = {}) {
      // The server has no count: walk the range. Only rebuild progress asks, once per rebuild.
      let count = 0
      let from = options.from ?? null
      for (;;) {
        const page = await readAll({ ...options, from, limit: DEFAULT_LIMIT })
        count += page.length
        const last = page[page.length - 1]
        if (!last || page.length < DEFAULT_LIMIT) return count
        from = last.position
      }
    },

    async headPosition(filter) {
      const { server, matches } = serverFilter(filter)
      for await (const resolved of client.readAll({ direction: BACKWARDS, fromPosition: END, filter: server })) {
        const event = toRecorded(resolved)
        if (event && matches(event)) return event.position
      }
      return null
    },

    subscribe(options) {
      const { server, matches } = serverFilter(options.filter)
      const from = options.from ?? null
      const stream = client.subscribeToAll({ fromPosition: from ? decodePosition(from) : START, filter: server })
      const running = (async () => {
        try {
          for await (const resolved of stream) {
            const event = toRecorded(resolved)
            if (event && matches(event) && (!from || event.position > from)) await options.onEvents([event])
          }
        } catch (error) {
          options.onError?.(error)
        }
      })()
      const subscription: Subscription = {
        async close() {
          await stream.unsubscribe()
          await running
          subscriptions.delete(subscription)
        },
      }
      subscriptions.add(subscription)
      return subscription
    },

    async close() {
      await Promise.all([...subscriptions].map((subscription) => subscription.close()))
      await client.dispose()
    },
  }
}
