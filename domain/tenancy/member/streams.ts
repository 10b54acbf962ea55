import { streamName } from '../../shared/streams.js'

export const MEMBER_CATEGORY = 'member'

/**
 * `member-<orgId>_<orgId>`: one stream holds every member of an organization. "An organization
 * always keeps an owner" is a rule over all its members, so they are one consistency boundary:
 * two owners demoting each other at once cannot both succeed, and `decide` stays pure.
 */
export function memberStream(organizationId: string): string {
  return streamName(MEMBER_CATEGORY, organizationId, organizationId)
}
