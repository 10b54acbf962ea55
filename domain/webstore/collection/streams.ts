import { streamName } from '../../shared/streams.js'

export const COLLECTION_CATEGORY = 'collection'

/** `collection-<storeId>_<collectionId>`. */
export function collectionStream(storeId: string, collectionId: string): string {
  return streamName(COLLECTION_CATEGORY, storeId, collectionId)
}

/** Collection handles are unique per store: `uniq-<storeId>_collection-handle:<handle>`. */
export function collectionHandleKey(handle: string): string {
  return `collection-handle:${handle}`
}
