import type { PaymentCommand, PaymentEventRecord } from './commands.js'
import type { PaymentEvent, PaymentRef } from './events.js'
import type { PaymentState } from './payment.js'

/**
 * Pure: one provider event becomes the payment events that say what is new. A provider event id
 * already recorded decides nothing (redelivery, replay), and so does a fact the payment already holds.
 */
export function decidePayment(command: PaymentCommand, state: PaymentState): PaymentEvent[] {
  switch (command.type) {
    case 'PaymentEventRecord':
      return record(command.data, state)
    default: {
      const _exhaustive: never = command.type
      return _exhaustive
    }
  }
}

function record(data: PaymentEventRecord['data'], state: PaymentState): PaymentEvent[] {
  if (state.seenEventIds.includes(data.providerEventId)) return []
  const ref: PaymentRef = {
    paymentId: data.paymentId,
    provider: data.provider,
    providerPaymentId: data.providerPaymentId,
    providerEventId: data.providerEventId,
  }
  const events: PaymentEvent[] = []
  if (data.orderId && state.orderId === null)
    events.push({ type: 'PaymentLinkedToOrder', data: { ...ref, orderId: data.orderId } })
  switch (data.fact) {
    case 'CHECKOUT_COMPLETED':
    case 'SUCCEEDED':
      // A completed checkout says only who pays; the amount comes with it once it is paid. A payment succeeds once.
      if (data.amount !== null && data.currencyCode !== null && state.succeeded === null)
        events.push({
          type: 'PaymentSucceeded',
          data: { ...ref, amount: data.amount, currencyCode: data.currencyCode },
        })
      break
    case 'FAILED':
      if (state.succeeded === null && state.failed?.reason !== reasonOf(data))
        events.push({ type: 'PaymentFailed', data: { ...ref, reason: reasonOf(data) } })
      break
    case 'REFUNDED': {
      const refundedAmount = data.refundedAmount ?? 0
      if (refundedAmount > state.refundedAmount)
        events.push({
          type: 'PaymentRefunded',
          data: {
            ...ref,
            amount: refundedAmount - state.refundedAmount,
            refundedAmount,
            currencyCode: data.currencyCode,
          },
        })
      break
    }
    case 'DISPUTED':
      if (state.disputed === null)
        events.push({
          type: 'PaymentDisputed',
          data: { ...ref, amount: data.amount ?? 0, currencyCode: data.currencyCode, reason: reasonOf(data) },
        })
      break
    default: {
      const _exhaustive: never = data.fact
      return _exhaustive
    }
  }
  return events
}

function reasonOf(data: PaymentEventRecord['data']): string {
  return data.reason ?? 'unspecified'
}
