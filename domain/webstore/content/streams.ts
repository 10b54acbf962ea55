import { streamName } from '../../shared/streams.js'

/** Category names hold no '-': the text before the first '-' of a stream name is its category. */
export const CONTENT_TYPE_CATEGORY = 'contenttype'
export const CONTENT_ENTRY_CATEGORY = 'contententry'

/** `contenttype-<storeId>_<typeId>`. */
export function contentTypeStream(storeId: string, typeId: string): string {
  return streamName(CONTENT_TYPE_CATEGORY, storeId, typeId)
}

/** `contententry-<storeId>_<entryId>`. */
export function contentEntryStream(storeId: string, entryId: string): string {
  return streamName(CONTENT_ENTRY_CATEGORY, storeId, entryId)
}

/** Type handles are unique per store. */
export function contentTypeHandleKey(handle: string): string {
  return `content-type-handle:${handle}`
}

/** Entry handles are unique per type. */
export function contentEntryHandleKey(typeId: string): (handle: string) => string {
  return (handle) => `content-entry-handle:${typeId}:${handle}`
}
