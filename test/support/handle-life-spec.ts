import assert from 'node:assert/strict'
import type { UniquenessChange } from '../../domain/shared/command.js'
import type { DecideContext } from '../../domain/shared/context.js'

/**
 * Asserts what a handle (or path) reservation does over an entity's life, from an empty stream:
 * `created` claims the first key, `changed` releases it and claims the second, `deleted` releases
 * the second. It asserts with `node:assert`, as `deciderSpec` does, like the other decider helpers.
 * Answers the changes, for a test that looks at more of them.
 *
 * @example assertHandleLife(pageHandleReservations, [created, changed, deleted], ['page-handle:about-us', 'page-handle:about'], ctx)
 */
export function assertHandleLife<Event>(
  uniqueness: (events: readonly Event[], before: { kind: 'empty' }, ctx: DecideContext) => UniquenessChange[],
  [created, changed, deleted]: readonly [Event, Event, Event],
  [first, second]: readonly [string, string],
  ctx: DecideContext,
): UniquenessChange[] {
  const changes = uniqueness([created, changed, deleted], { kind: 'empty' }, ctx)
  assert.deepStrictEqual(
    changes.map((change) => `${change.kind} ${change.key}`),
    [`claim ${first}`, `release ${first}`, `claim ${second}`, `release ${second}`],
  )
  return changes
}
