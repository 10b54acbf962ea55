import { streamName } from '../../shared/streams.js'

export const ORDER_CATEGORY = 'order'

/** `order-<storeId>_<orderId>`. */
export function orderStream(storeId: string, orderId: string): string {
  return streamName(ORDER_CATEGORY, storeId, orderId)
}

/** The first order number of every store, shown as `#1001`. */
export const FIRST_ORDER_NUMBER = 1001

/** One order per number per store: `uniq-<storeId>_order-number:<number>` (see `nextOrderNumber`). */
export function orderNumberKey(number: number): string {
  return `order-number:${number}`
}

/** How an order number is shown to people: `#1001`. */
export function orderName(number: number): string {
  return `#${number}`
}
