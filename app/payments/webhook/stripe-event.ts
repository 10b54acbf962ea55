import type { PaymentEventRecordInput, PaymentFact } from '../../../domain/payments/payment/commands.js'
import type { PaymentProviderKind } from '../../../domain/payments/payment/streams.js'

/** A verified provider event as Stripe shapes it (`{id, type, created, data: {object}}`). */
export interface StripeShapedEvent {
  id: string
  type: string
  created?: number
  data: { object: Record<string, unknown> }
}

/** The Stripe event types the receiver records, and the payment fact each one is. */
export const HANDLED_EVENT_TYPES: Readonly<Record<string, PaymentFact>> = {
  'checkout.session.completed': 'CHECKOUT_COMPLETED',
  'payment_intent.succeeded': 'SUCCEEDED',
  'payment_intent.payment_failed': 'FAILED',
  'charge.refunded': 'REFUNDED',
  'charge.dispute.created': 'DISPUTED',
}

/**
 * The `paymentEventRecord` input for a verified event, or null when the receiver ignores it: a type
 * it does not handle, or an object that names no payment intent (a session paid by other means).
 *
 * @example paymentFacts('STRIPE', {id: 'evt_1', type: 'payment_intent.succeeded', data: {object: pi}})
 */
export function paymentFacts(provider: PaymentProviderKind, event: StripeShapedEvent): PaymentEventRecordInput | null {
  const fact = HANDLED_EVENT_TYPES[event.type]
  if (!fact) return null
  const object = event.data.object
  const providerPaymentId = fact === 'SUCCEEDED' || fact === 'FAILED' ? text(object.id) : idOf(object.payment_intent)
  if (!providerPaymentId) return null
  const base = {
    provider,
    providerEventId: event.id,
    providerPaymentId,
    type: fact,
    orderId: orderIdOf(object.metadata),
    currencyCode: currencyOf(object.currency),
  }
  switch (fact) {
    case 'CHECKOUT_COMPLETED':
      // Paid at once (a card) → the amount; a delayed method pays later with payment_intent.succeeded.
      return { ...base, amount: object.payment_status === 'paid' ? minor(object.amount_total) : null }
    case 'SUCCEEDED':
      return { ...base, amount: minor(object.amount_received) ?? minor(object.amount) }
    case 'FAILED': {
      const error = (object.last_payment_error ?? {}) as Record<string, unknown>
      return { ...base, reason: clip(text(error.decline_code) ?? text(error.code) ?? text(error.message) ?? 'failed') }
    }
    case 'REFUNDED':
      return { ...base, amount: minor(object.amount), refundedAmount: minor(object.amount_refunded) ?? 0 }
    case 'DISPUTED':
      return { ...base, amount: minor(object.amount), reason: clip(text(object.reason) ?? 'unspecified') }
    default: {
      const _exhaustive: never = fact
      return _exhaustive
    }
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Sessions and payment intents carry `metadata.orderId` (contract item 5); anything else is not an order id. */
function orderIdOf(metadata: unknown): string | null {
  if (!metadata || typeof metadata !== 'object') return null
  const orderId = (metadata as Record<string, unknown>).orderId
  return typeof orderId === 'string' && UUID.test(orderId) ? orderId.toLowerCase() : null
}

/** `pi_…` or an expanded object `{id: 'pi_…'}`. */
function idOf(value: unknown): string | null {
  if (typeof value === 'string') return text(value)
  if (value && typeof value === 'object') return text((value as Record<string, unknown>).id)
  return null
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= 255 ? value : null
}

function clip(value: string): string {
  return value.slice(0, 500)
}

function minor(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null
}

function currencyOf(value: unknown): string | null {
  return typeof value === 'string' && /^[a-z]{3}$/i.test(value) ? value.toUpperCase() : null
}
