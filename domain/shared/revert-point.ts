import { z } from 'zod'
import type { PastEvent } from './command.js'

// A revert restores a state a user saw: the entity after a whole command, never halfway through
// one. productCreate with variants and SEO appends several events (revisions 0, 1, 2 …); the
// product "at revision 0" is what that whole command made, not its bare first event.

/**
 * Whether two events of one stream were appended by the same command: the same `commandId`, or
 * for events recorded before commands were stamped, the same request (`correlationId`) at the
 * same instant. Events that carry neither stand alone.
 */
export function sameCommand(a: PastEvent, b: PastEvent): boolean {
  if (a.commandId !== undefined || b.commandId !== undefined) return a.commandId === b.commandId
  if (a.correlationId === undefined || b.correlationId === undefined) return false
  return a.correlationId === b.correlationId && a.occurredAt === b.occurredAt
}

/**
 * The index in `events` (one stream, in order) of the last event of the command that appended
 * `events[index]`. A command's events are consecutive in its stream: one atomic append.
 *
 * @example commandEndIndex(history, 0) // the last event productCreate appended
 */
export function commandEndIndex(events: readonly PastEvent[], index: number): number {
  let end = index
  while (end + 1 < events.length && sameCommand(events[end]!, events[end + 1]!)) end++
  return end
}

/**
 * The revision a revert to `revision` folds through: the last revision of the command that wrote
 * `revision` in this stream; `revision` itself when the stream has no such event.
 *
 * @example foldProductSnapshot(history, commandEndRevision(history, input.toRevision))
 */
export function commandEndRevision(events: readonly PastEvent[], revision: number): number {
  const index = events.findIndex((event) => event.revision === revision)
  return index < 0 ? revision : events[commandEndIndex(events, index)]!.revision
}

/**
 * The `toRevision` input of a revert command: a revision of the entity's history (0: as its creation
 * made it). `atLeastZero` answers a negative one; `description` is the field's docstring.
 *
 * @example toRevision: toRevisionInput('toRevision must be 0 or more', "The revision to restore, from the category's history …")
 */
export function toRevisionInput(atLeastZero: string, description: string) {
  return z
    .number({
      error: (issue) => (issue.input === undefined ? 'toRevision is required' : 'toRevision must be a number'),
    })
    .int('toRevision must be a whole number')
    .min(0, atLeastZero)
    .describe(description)
}
