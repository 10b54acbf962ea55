import type { OrderEvent } from '../../../domain/orders/order/events.js'
import {
  evolveOrder,
  initialOrderState,
  paymentStatusOf,
  type OrderFields,
} from '../../../domain/orders/order/order.js'
import { orderName, orderStream } from '../../../domain/orders/order/streams.js'
import { isUuid } from '../../../domain/shared/ids.js'
import type { HostResolution } from '../../../projections/tenancy/host.js'
import type { Platform } from '../../platform.js'
import { verifyOrderLinkToken } from './order-link.js'
import { confirmationPage } from './pages.js'
import { readCheckoutSettings } from './start.js'

/**
 * The order as its own stream tells it right now: the confirmation page follows the payment the
 * moment the webhook's sync is appended, without waiting for the read models. null for an order
 * that does not exist in this store (another store's id reads as unknown: its stream is another).
 */
export async function readPlacedOrder(
  platform: Platform,
  storeId: string,
  orderId: string,
): Promise<OrderFields | null> {
  if (!isUuid(orderId)) return null
  const events = await platform.eventStore.readStream(orderStream(storeId, orderId.toLowerCase()))
  const state = events.reduce(
    (acc, event) => evolveOrder(acc, { type: event.type, data: event.data } as OrderEvent),
    initialOrderState(),
  )
  return state.kind === 'placed' ? state.order : null
}

/**
 * The confirmation page of `/checkout/orders/<orderId>?key=<token>`, or null (→ 404) when the key
 * is not that order's or the order is not this store's: a wrong key and an unknown order look alike.
 */
export async function confirmationResponse(
  platform: Platform,
  store: HostResolution,
  orderId: string,
  key: string | undefined,
): Promise<string | null> {
  if (!isUuid(orderId) || !(await verifyOrderLinkToken(platform, orderId.toLowerCase(), key))) return null
  const order = await readPlacedOrder(platform, store.storeId, orderId)
  if (!order) return null
  const settings = await readCheckoutSettings(platform, store.storeId)
  return confirmationPage({
    storeName: store.name,
    orderName: orderName(order.number),
    status: order.status,
    paymentStatus: paymentStatusOf(order.payment, order.total),
    currencyCode: order.currencyCode,
    lines: order.lines.map((line) => ({ ...line, lineTotal: line.unitPrice * line.quantity })),
    totals: { subtotal: order.subtotal, shipping: order.shipping, tax: order.tax, total: order.total },
    thankYouMessage: settings.thankYouMessage,
  })
}
