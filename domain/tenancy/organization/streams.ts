import { streamName } from '../../shared/streams.js'

export const ORGANIZATION_CATEGORY = 'organization'

/** `organization-<orgId>_<orgId>`: an organization is the scope of its own stream. */
export function organizationStream(organizationId: string): string {
  return streamName(ORGANIZATION_CATEGORY, organizationId, organizationId)
}
