import { streamName } from '../../shared/streams.js'

export const STORE_CATEGORY = 'store'

/** `store-<orgId>_<storeId>`: a store's own stream belongs to its organization, not to itself. */
export function storeStream(organizationId: string, storeId: string): string {
  return streamName(STORE_CATEGORY, organizationId, storeId)
}

/** Slugs are unique across the platform: they are subdomains. */
export const SLUG_UNIQUENESS_SCOPE = 'platform'

export function slugUniquenessKey(slug: string): string {
  return `store-slug:${slug}`
}
