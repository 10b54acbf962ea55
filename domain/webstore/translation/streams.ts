import { streamName } from '../../shared/streams.js'

export const TRANSLATION_CATEGORY = 'translation'

/** `translation-<storeId>_<resourceId>`: every locale's translations of one resource. */
export function translationStream(storeId: string, resourceId: string): string {
  return streamName(TRANSLATION_CATEGORY, storeId, resourceId)
}
