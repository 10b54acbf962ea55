import { paymentDecider } from '../../../domain/payments/payment/definitions.js'
import { PAYMENT_EVENT_TYPES, type PaymentEvent } from '../../../domain/payments/payment/events.js'
import { paymentSummary } from '../../../domain/payments/payment/payment.js'
import { paymentStream } from '../../../domain/payments/payment/streams.js'
import { fold } from '../../../domain/shared/event.js'
import type { Reaction, ReactionCommand, ReactionEvent } from '../../../domain/shared/reaction.js'
import { orderPaymentSync } from '../../../domain/orders/order/definitions.js'

/** What the payment reactions read with: a stream of the log (the payment's own, the authority). */
export interface PaymentReactionReads {
  readStream(stream: string): Promise<{ type: string; data: Record<string, unknown> }[]>
}

/**
 * Every payment event whose payment knows its order tells the order the payment's whole summary
 * (`orderPaymentSync`, which emits only what is new to the order). The summary is folded from the
 * payment's stream, not taken from the one event: a refund recorded before the payment named its
 * order reaches the order with the link, so out-of-order deliveries converge, and a replayed
 * event syncs a summary the order already holds, which changes nothing.
 */
export function paymentReactions(reads: PaymentReactionReads): readonly Reaction[] {
  return [
    {
      name: 'sync-order-payment',
      eventTypes: PAYMENT_EVENT_TYPES,
      scopes: ['orders:write'],
      react: (event) => syncOrder(reads, event),
    },
  ]
}

async function syncOrder(reads: PaymentReactionReads, event: ReactionEvent): Promise<ReactionCommand[]> {
  const paymentId = event.data.paymentId
  if (!event.storeId || typeof paymentId !== 'string') return []
  const history = await reads.readStream(paymentStream(event.storeId, paymentId))
  const state = fold(paymentDecider, history as unknown as PaymentEvent[])
  if (!state.orderId || !state.provider || !state.providerPaymentId) return []
  return [
    {
      command: orderPaymentSync.name,
      input: {
        orderId: state.orderId,
        paymentId,
        provider: state.provider,
        providerPaymentId: state.providerPaymentId,
        ...paymentSummary(state),
      },
      organizationId: event.organizationId,
      storeId: event.storeId,
    },
  ]
}
