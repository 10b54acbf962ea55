import { streamName } from '../../shared/streams.js'

/** No hyphen: the stream category is the text before the first '-'. */
export const ATTRIBUTE_SET_CATEGORY = 'attributeset'

/** `attributeset-<storeId>_<attributeSetId>`. */
export function attributeSetStream(storeId: string, attributeSetId: string): string {
  return streamName(ATTRIBUTE_SET_CATEGORY, storeId, attributeSetId)
}
