import { eventTypes, type DomainEvent } from '../../shared/event.js'

/** Which provider payment an event is about, and the provider event that told us. */
export type PaymentRef = {
  paymentId: string
  provider: 'STRIPE' | 'TEST'
  /** The provider's payment intent id (`pi_…`). */
  providerPaymentId: string
  /** The provider's event id (`evt_…`): what makes a redelivery change nothing. */
  providerEventId: string
}

/** The order id came with the provider's event metadata; recorded once, the first time it is known. */
export type PaymentLinkedToOrder = DomainEvent<'PaymentLinkedToOrder', PaymentRef & { orderId: string }>
/** Money in integer minor units, as the provider reported it: the order compares it with its total. */
export type PaymentSucceeded = DomainEvent<'PaymentSucceeded', PaymentRef & { amount: number; currencyCode: string }>
export type PaymentFailed = DomainEvent<'PaymentFailed', PaymentRef & { reason: string }>
/** `refundedAmount` is cumulative (the provider's `amount_refunded`); `amount` is what this event added. */
export type PaymentRefunded = DomainEvent<
  'PaymentRefunded',
  PaymentRef & { amount: number; refundedAmount: number; currencyCode: string | null }
>
export type PaymentDisputed = DomainEvent<
  'PaymentDisputed',
  PaymentRef & { amount: number; currencyCode: string | null; reason: string }
>

export type PaymentEvent = PaymentLinkedToOrder | PaymentSucceeded | PaymentFailed | PaymentRefunded | PaymentDisputed

/** Every payment event type, for reactions and projections. */
export const PAYMENT_EVENT_TYPES = eventTypes<PaymentEvent>({
  PaymentLinkedToOrder: true,
  PaymentSucceeded: true,
  PaymentFailed: true,
  PaymentRefunded: true,
  PaymentDisputed: true,
})
