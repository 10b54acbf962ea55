import { streamName } from '../../shared/streams.js'

/** The stream category of carts (no hyphen: the category is the text before the first '-'). */
export const CART_CATEGORY = 'cart'

/** `cart-<storeId>_<cartId>`: another store's cart id names another stream, so it is simply not there. */
export function cartStream(storeId: string, cartId: string): string {
  return streamName(CART_CATEGORY, storeId, cartId)
}
