import { eventTypes, type DomainEvent } from '../../shared/event.js'

export type PaymentProviderKind = 'STRIPE' | 'TEST'

/** Money is integer minor units (cents) in the order's `currencyCode`. */
export type OrderLine = {
  productId: string
  variantId: string
  title: string
  variantTitle: string | null
  sku: string | null
  quantity: number
  unitPrice: number
}

/**
 * No personal data: the customer is a pseudonymous id whose email, name and addresses live in
 * deletable tables (app/orders/customer/identities.ts), so an erased customer leaves no trace here.
 */
export type OrderPlacedData = {
  orderId: string
  /** Sequential per store from 1001, shown as `#1001`. */
  number: number
  customerId: string
  lines: OrderLine[]
  currencyCode: string
  subtotal: number
  shipping: { name: string; amount: number }
  /** `rate` in basis points (2000 = 20 %); `inclusive`: the prices already hold the tax. */
  tax: { rate: number; inclusive: boolean; amount: number }
  total: number
  provider: PaymentProviderKind
  reservationExpiresAt: string
  note: string | null
}

export type OrderPlaced = DomainEvent<'OrderPlaced', OrderPlacedData>
export type OrderPaymentSessionOpened = DomainEvent<
  'OrderPaymentSessionOpened',
  { orderId: string; provider: PaymentProviderKind; sessionId: string }
>

/** The payment the provider confirmed: `paymentId` is the payment aggregate's id, `providerPaymentId` the provider's. */
type PaymentRef = {
  orderId: string
  paymentId: string
  provider: PaymentProviderKind
  providerPaymentId: string
}
export type OrderPaid = DomainEvent<'OrderPaid', PaymentRef & { amount: number; currencyCode: string }>
export type OrderPaymentFailed = DomainEvent<'OrderPaymentFailed', PaymentRef & { reason: string }>
/** The provider took an amount or currency other than the order's total: never PAID, the merchant must look. */
export type OrderPaymentMismatched = DomainEvent<
  'OrderPaymentMismatched',
  PaymentRef & {
    expected: { amount: number; currencyCode: string }
    received: { amount: number; currencyCode: string }
  }
>
/** Money the provider confirms it gave back: `amount` this time, `totalRefunded` in all. */
export type OrderRefunded = DomainEvent<
  'OrderRefunded',
  PaymentRef & { amount: number; totalRefunded: number; currencyCode: string }
>
export type OrderDisputed = DomainEvent<'OrderDisputed', PaymentRef & { amount: number; reason: string }>

export type OrderExpired = DomainEvent<'OrderExpired', { orderId: string }>
export type OrderCancelled = DomainEvent<'OrderCancelled', { orderId: string; reason: string | null }>
/** The merchant asked for money back; it moves when the provider confirms (`OrderRefunded`). */
export type OrderRefundRequested = DomainEvent<
  'OrderRefundRequested',
  { orderId: string; refundId: string; amount: number; currencyCode: string; reason: string | null }
>
export type OrderFulfilled = DomainEvent<
  'OrderFulfilled',
  {
    orderId: string
    fulfillmentId: string
    trackingNumber: string | null
    trackingUrl: string | null
    carrier: string | null
  }
>
export type OrderNoteAdded = DomainEvent<'OrderNoteAdded', { orderId: string; noteId: string; text: string }>

export type OrderEvent =
  | OrderPlaced
  | OrderPaymentSessionOpened
  | OrderPaid
  | OrderPaymentFailed
  | OrderPaymentMismatched
  | OrderRefunded
  | OrderDisputed
  | OrderExpired
  | OrderCancelled
  | OrderRefundRequested
  | OrderFulfilled
  | OrderNoteAdded

/** Every order event type, for projections and reactions. */
export const ORDER_EVENT_TYPES = eventTypes<OrderEvent>({
  OrderPlaced: true,
  OrderPaymentSessionOpened: true,
  OrderPaid: true,
  OrderPaymentFailed: true,
  OrderPaymentMismatched: true,
  OrderRefunded: true,
  OrderDisputed: true,
  OrderExpired: true,
  OrderCancelled: true,
  OrderRefundRequested: true,
  OrderFulfilled: true,
  OrderNoteAdded: true,
})
