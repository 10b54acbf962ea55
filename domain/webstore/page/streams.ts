import { streamName } from '../../shared/streams.js'

export const PAGE_CATEGORY = 'page'

/** `page-<storeId>_<pageId>`. */
export function pageStream(storeId: string, pageId: string): string {
  return streamName(PAGE_CATEGORY, storeId, pageId)
}

/** Page handles are unique per store: `uniq-<storeId>_page-handle:<handle>`. */
export function pageHandleKey(handle: string): string {
  return `page-handle:${handle}`
}
