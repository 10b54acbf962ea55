import { streamName } from './streams.js'

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
