import type { ReservationReleaseReason } from '../../../domain/catalog/product/reservation-events.js'
import { orderStream } from '../../../domain/orders/order/streams.js'
import type { Reaction, ReactionCommand, ReactionEvent } from '../../../domain/shared/reaction.js'

/** What the order reactions read with: an order's own stream, where `OrderPlaced` names its lines. */
export interface OrderStreamReads {
  readStream(stream: string): Promise<{ type: string; data: Record<string, unknown> }[]>
}

/** Which events end an order's holds, and how. `OrderPaymentFailed` ends none: the shopper may retry until expiry. */
const ENDINGS: Record<string, { command: string; reason?: ReservationReleaseReason }> = {
  OrderPaid: { command: 'productInventoryCommit' },
  OrderCancelled: { command: 'productInventoryRelease', reason: 'CANCELLED' },
  OrderExpired: { command: 'productInventoryRelease', reason: 'EXPIRED' },
}

/**
 * An order's payment sells the units it holds (`productInventoryCommit` per product of its
 * lines, recorded as `ProductInventoryAdjusted {reason: SOLD}`); its cancellation or expiry gives
 * them back. The lines come from the order's `OrderPlaced`, read from its stream, so no read model
 * has to be waited for. Both commands are idempotent per order: a replayed event changes nothing.
 */
export function orderInventoryReactions(reads: OrderStreamReads): readonly Reaction[] {
  return [
    {
      name: 'order-inventory',
      eventTypes: Object.keys(ENDINGS),
      scopes: ['products:write'],
      react: (event) => endHolds(reads, event),
    },
  ]
}

async function endHolds(reads: OrderStreamReads, event: ReactionEvent): Promise<ReactionCommand[]> {
  const ending = ENDINGS[event.type]
  const { storeId } = event
  const orderId = String(event.data.orderId)
  if (!ending || !storeId) return []
  const placed = (await reads.readStream(orderStream(storeId, orderId))).find((e) => e.type === 'OrderPlaced')
  const lines = (placed?.data.lines ?? []) as { productId: string }[]
  const productIds = [...new Set(lines.map((line) => line.productId))]
  return productIds.map((productId) => ({
    command: ending.command,
    input: ending.reason ? { productId, orderId, reason: ending.reason } : { productId, orderId },
    organizationId: event.organizationId,
    storeId,
  }))
}
