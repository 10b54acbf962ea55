import { streamName } from '../../shared/streams.js'

export const STOREFRONT_TOKEN_CATEGORY = 'storefronttoken'

/** `storefronttoken-<storeId>_<tokenId>`: another store's token id reads as an empty stream. */
export function storefrontTokenStream(storeId: string, tokenId: string): string {
  return streamName(STOREFRONT_TOKEN_CATEGORY, storeId, tokenId)
}
