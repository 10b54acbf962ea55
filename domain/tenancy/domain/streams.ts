import { streamName } from '../../shared/streams.js'

export const DOMAIN_CATEGORY = 'domain'

/**
 * `domain-<storeId>_<storeId>`: one stream holds all of a store's custom domains, so "at most one
 * primary domain" is a rule of one stream.
 */
export function domainStream(storeId: string): string {
  return streamName(DOMAIN_CATEGORY, storeId, storeId)
}

/** Custom domains are unique across the platform: reservation stream `uniq-domain_<hostname>`. */
export const DOMAIN_UNIQUENESS_SCOPE = 'domain'
