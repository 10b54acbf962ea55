import type { PaymentEvent } from './events.js'

/**
 * What the log knows about one provider payment: the order it pays (once an event said so), the
 * provider events already recorded, and the money facts, each monotonic so any delivery order
 * folds to the same state.
 */
export interface PaymentState {
  paymentId: string | null
  provider: 'STRIPE' | 'TEST' | null
  providerPaymentId: string | null
  orderId: string | null
  /** Provider event ids already recorded: a redelivery decides nothing. */
  seenEventIds: readonly string[]
  succeeded: { amount: number; currencyCode: string } | null
  failed: { reason: string } | null
  /** Cumulative, the largest the provider reported. */
  refundedAmount: number
  disputed: { amount: number; reason: string } | null
}

export const initialPaymentState = (): PaymentState => ({
  paymentId: null,
  provider: null,
  providerPaymentId: null,
  orderId: null,
  seenEventIds: [],
  succeeded: null,
  failed: null,
  refundedAmount: 0,
  disputed: null,
})

export function evolvePayment(state: PaymentState, event: PaymentEvent): PaymentState {
  const { paymentId, provider, providerPaymentId, providerEventId } = event.data
  const seenEventIds = state.seenEventIds.includes(providerEventId)
    ? state.seenEventIds
    : [...state.seenEventIds, providerEventId]
  const next: PaymentState = { ...state, paymentId, provider, providerPaymentId, seenEventIds }
  switch (event.type) {
    case 'PaymentLinkedToOrder':
      return { ...next, orderId: state.orderId ?? event.data.orderId }
    case 'PaymentSucceeded':
      return { ...next, succeeded: { amount: event.data.amount, currencyCode: event.data.currencyCode } }
    case 'PaymentFailed':
      return { ...next, failed: { reason: event.data.reason } }
    case 'PaymentRefunded':
      return { ...next, refundedAmount: Math.max(state.refundedAmount, event.data.refundedAmount) }
    case 'PaymentDisputed':
      return { ...next, disputed: { amount: event.data.amount, reason: event.data.reason } }
    default: {
      const _exhaustive: never = event
      return _exhaustive
    }
  }
}

/**
 * The payment as the order compares it (contract: `orderPaymentSync`): a failure that a later
 * success overtook no longer counts.
 */
export function paymentSummary(state: PaymentState) {
  return {
    succeeded: state.succeeded,
    failed: state.succeeded ? null : state.failed,
    refundedAmount: state.refundedAmount,
    disputed: state.disputed,
  }
}
