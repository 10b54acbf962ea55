import type { NewEvent } from '../../infra/eventstore/port.js'

/**
 * Most bytes one append carries. KurrentDB refuses an append whose events together pass its
 * `MaxAppendSize` (1 MiB by default; data, metadata and type of every event of the append count,
 * several events in one call are summed): a command's events are appended in runs under this
 * bound, with room left for the reservation events that travel with the last run and for framing.
 */
export const MAX_APPEND_BYTES = 896 * 1024

/** What an event weighs in an append: its type, data and metadata as JSON. */
export function eventBytes(event: NewEvent): number {
  return (
    Buffer.byteLength(event.type, 'utf8') +
    Buffer.byteLength(JSON.stringify(event.data), 'utf8') +
    Buffer.byteLength(JSON.stringify(event.metadata), 'utf8')
  )
}

/**
 * The events in order, cut into runs of at most `limit` bytes; an event larger than the limit
 * alone gets a run of its own (the store may refuse it: domains keep their events below it).
 * Most commands have a few small events: one run.
 */
export function appendBatches(events: readonly NewEvent[], limit = MAX_APPEND_BYTES): NewEvent[][] {
  const batches: NewEvent[][] = []
  let bytes = 0
  for (const event of events) {
    const size = eventBytes(event)
    const current = batches[batches.length - 1]
    if (current && bytes + size <= limit) {
      current.push(event)
      bytes += size
    } else {
      batches.push([event])
      bytes = size
    }
  }
  return batches
}
