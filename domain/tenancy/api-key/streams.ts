import { streamName } from '../../shared/streams.js'

export const API_KEY_CATEGORY = 'apikey'

/**
 * `apikey-<orgId>_<keyId>`: organization-scoped, so a key id of another organization reads as
 * an empty stream, exactly like one that does not exist.
 */
export function apiKeyStream(organizationId: string, keyId: string): string {
  return streamName(API_KEY_CATEGORY, organizationId, keyId)
}
