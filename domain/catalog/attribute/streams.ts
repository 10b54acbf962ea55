import { streamName } from '../../shared/streams.js'

export const ATTRIBUTE_CATEGORY = 'attribute'

/** `attribute-<storeId>_<attributeId>`. */
export function attributeStream(storeId: string, attributeId: string): string {
  return streamName(ATTRIBUTE_CATEGORY, storeId, attributeId)
}

/**
 * Codes are unique per store: reserved under the store id with this key while the attribute
 * lives, so `prepare` of other commands resolves a code to its attribute id from the event store.
 */
export function attributeCodeKey(code: string): string {
  return `attribute-code:${code}`
}
