import { streamName } from '../../shared/streams.js'

export const CACHE_CATEGORY = 'cache'

/** `cache-<storeId>_<requestId>`: one short stream per purge or rebuild request. */
export function cacheStream(storeId: string, requestId: string): string {
  return streamName(CACHE_CATEGORY, storeId, requestId)
}
