import type { OrderEvent, OrderPlacedData, PaymentProviderKind } from './events.js'

export const ORDER_STATUSES = ['PENDING_PAYMENT', 'PAID', 'PAYMENT_MISMATCH', 'CANCELLED', 'EXPIRED'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
export const PAYMENT_STATUSES = [
  'PENDING',
  'PAID',
  'FAILED',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
  'DISPUTED',
  'MISMATCH',
] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]
export const FULFILLMENT_STATUSES = ['UNFULFILLED', 'FULFILLED'] as const

/**
 * What the order knows of its payment, as facts that only grow (paid sticks, refunds only go
 * up), so syncs that repeat or arrive out of order converge; the statuses are derived from them.
 */
export interface OrderPayment {
  provider: PaymentProviderKind
  sessionId: string | null
  providerPaymentId: string | null
  /** Amount the provider took, when it matched the order. */
  paidAmount: number | null
  failed: boolean
  mismatched: boolean
  totalRefunded: number
  /** Refunds the merchant asked for, confirmed or not. */
  totalRefundRequested: number
  disputed: boolean
}

export interface OrderFields extends OrderPlacedData {
  status: OrderStatus
  payment: OrderPayment
  fulfilled: boolean
}

export type OrderState = { kind: 'empty' } | { kind: 'placed'; order: OrderFields }

export const initialOrderState = (): OrderState => ({ kind: 'empty' })

export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  if (event.type === 'OrderPlaced') {
    const payment: OrderPayment = {
      provider: event.data.provider,
      sessionId: null,
      providerPaymentId: null,
      paidAmount: null,
      failed: false,
      mismatched: false,
      totalRefunded: 0,
      totalRefundRequested: 0,
      disputed: false,
    }
    return { kind: 'placed', order: { ...event.data, status: 'PENDING_PAYMENT', payment, fulfilled: false } }
  }
  if (state.kind !== 'placed') return state
  const order = state.order
  const with_ = (changes: Partial<OrderFields>, payment: Partial<OrderPayment> = {}): OrderState => ({
    kind: 'placed',
    order: { ...order, ...changes, payment: { ...order.payment, ...payment } },
  })
  switch (event.type) {
    case 'OrderPaymentSessionOpened':
      return with_({}, { sessionId: event.data.sessionId })
    case 'OrderPaid':
      // A cancelled order stays cancelled: the money is recorded and the merchant refunds it.
      return with_(
        { status: order.status === 'CANCELLED' ? 'CANCELLED' : 'PAID' },
        { paidAmount: event.data.amount, providerPaymentId: event.data.providerPaymentId },
      )
    case 'OrderPaymentFailed':
      return with_({}, { failed: true, providerPaymentId: event.data.providerPaymentId })
    case 'OrderPaymentMismatched':
      return with_(
        { status: order.status === 'CANCELLED' ? 'CANCELLED' : 'PAYMENT_MISMATCH' },
        { mismatched: true, providerPaymentId: event.data.providerPaymentId },
      )
    case 'OrderRefunded':
      return with_(
        {},
        {
          totalRefunded: event.data.totalRefunded,
          totalRefundRequested: Math.max(order.payment.totalRefundRequested, event.data.totalRefunded),
        },
      )
    case 'OrderDisputed':
      return with_({}, { disputed: true })
    case 'OrderExpired':
      return with_({ status: 'EXPIRED' })
    case 'OrderCancelled':
      return with_({ status: 'CANCELLED' })
    case 'OrderRefundRequested':
      return with_({}, { totalRefundRequested: order.payment.totalRefundRequested + event.data.amount })
    case 'OrderFulfilled':
      return with_({ fulfilled: true })
    case 'OrderNoteAdded':
      return state
    default: {
      const _exhaustive: never = event
      return _exhaustive
    }
  }
}

/** The payment status shown for the facts: a dispute or a mismatch first, then refunds against what was paid. */
export function paymentStatusOf(payment: OrderPayment, total: number): PaymentStatus {
  if (payment.disputed) return 'DISPUTED'
  if (payment.mismatched) return 'MISMATCH'
  const paid = payment.paidAmount
  if (payment.totalRefunded > 0) return payment.totalRefunded >= (paid ?? total) ? 'REFUNDED' : 'PARTIALLY_REFUNDED'
  if (paid !== null) return 'PAID'
  return payment.failed ? 'FAILED' : 'PENDING'
}

/** What may still be refunded: what was paid, less what was refunded or asked back already. */
export function refundableOf(payment: OrderPayment): number {
  if (payment.paidAmount === null) return 0
  return Math.max(0, payment.paidAmount - Math.max(payment.totalRefunded, payment.totalRefundRequested))
}
