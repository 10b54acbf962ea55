import { streamName } from './streams.js'
import type { UniquenessChange } from './command.js'

/**
 * Uniqueness (product handle per store, store slug, custom domain) is enforced by reservation
 * streams `uniq-<scope>_<key>`: claiming appends with the stream's expected revision in the same
 * atomic write as the entity's events, so two concurrent claims cannot both land. Never by
 * querying a read model, which may lag.
 */
export const RESERVATION_CATEGORY = 'uniq'

export function reservationStream(scope: string, key: string): string {
  return streamName(RESERVATION_CATEGORY, scope, key)
}

/**
 * Claims and releases of one kind of reservation, for a definition's `uniqueness()`: the key of
 * `value` in `scope`; a claim on a key another owner holds answers CONFLICT with `message` at `field`.
 *
 * @example const { claim, release } = reservationChanges(storeOf(ctx), redirectPathKey, ['input', 'path'])
 */
export function reservationChanges(scope: string, key: (value: string) => string, field: readonly (string | number)[]) {
  return {
    claim: (value: string, ownerId: string, message: string): UniquenessChange => ({
      kind: 'claim',
      scope,
      key: key(value),
      ownerId,
      field,
      message,
    }),
    release: (value: string, ownerId: string): UniquenessChange => ({
      kind: 'release',
      scope,
      key: key(value),
      ownerId,
    }),
  }
}
