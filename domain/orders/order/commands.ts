import { z } from 'zod'
import { dateTimeInput, entityId, wholeNumber } from '../../shared/input-types.js'
import { strictInput } from '../../shared/strict-input.js'
import type { OrderLine, PaymentProviderKind } from './events.js'

/** Money in integer minor units (cents): 0 … 2,147,483,647 fits every column. */
const money = (field: string) => wholeNumber(field, { min: 0 })
const currencyCode = z
  .string({ error: 'currencyCode must be a string' })
  .regex(/^[A-Z]{3}$/, 'currencyCode must be an ISO 4217 code in capitals, e.g. EUR')
const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a string` })
    .trim()
    .min(1, `${field} must not be empty`)
    .max(max, `${field} must be at most ${max} characters`)
const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a string` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null))
const provider = z.enum(['STRIPE', 'TEST'], { error: 'provider must be STRIPE or TEST' })
const orderId = entityId('order', 'orderId').describe('The order id (a UUID).')

const lineInput = z.strictObject({
  productId: entityId('product', 'productId'),
  variantId: entityId('variant', 'variantId'),
  title: text('title', 255),
  variantTitle: optionalText('variantTitle', 255),
  sku: optionalText('sku', 255),
  quantity: wholeNumber('quantity', { min: 1, max: 10_000 }),
  unitPrice: money('unitPrice'),
})

/**
 * Placed by checkout on the server, never by a client: prices and totals are computed there from
 * the catalog. No email, name or address: those are personal data (app/orders/customer/identities.ts).
 */
export const orderPlaceInput = strictInput('orderPlace', {
  orderId: entityId('order', 'orderId').describe('Chosen by the caller (checkout), so a retry finds the same order.'),
  customerId: entityId('customer', 'customerId'),
  lines: z.array(lineInput).min(1, 'an order needs at least one line').max(250, 'an order holds at most 250 lines'),
  currencyCode,
  subtotal: money('subtotal'),
  shipping: z.strictObject({ name: text('shipping.name', 255), amount: money('shipping.amount') }),
  tax: z.strictObject({
    rate: wholeNumber('tax.rate', { min: 0, max: 10_000 }).describe('Basis points: 2000 = 20 %.'),
    inclusive: z.boolean({ error: 'tax.inclusive must be true or false' }),
    amount: money('tax.amount'),
  }),
  total: money('total'),
  provider,
  reservationExpiresAt: dateTimeInput('reservationExpiresAt'),
  note: optionalText('note', 5000),
})

export const orderPaymentSessionRecordInput = strictInput('orderPaymentSessionRecord', {
  orderId,
  provider,
  sessionId: text('sessionId', 255),
})

/** The payment as the provider last described it, cumulative: the order records only what is new. */
export const orderPaymentSyncInput = strictInput('orderPaymentSync', {
  orderId,
  paymentId: text('paymentId', 255),
  provider,
  providerPaymentId: text('providerPaymentId', 255),
  succeeded: z.strictObject({ amount: money('succeeded.amount'), currencyCode }).nullable(),
  failed: z.strictObject({ reason: text('failed.reason', 1000) }).nullable(),
  refundedAmount: money('refundedAmount'),
  disputed: z.strictObject({ amount: money('disputed.amount'), reason: text('disputed.reason', 1000) }).nullable(),
})

export const orderExpireInput = strictInput('orderExpire', { orderId })

export const orderCancelInput = strictInput('orderCancel', {
  orderId,
  reason: optionalText('reason', 1000).describe('Why, for the order history (optional).'),
})

export const orderRefundInput = strictInput('orderRefund', {
  orderId,
  amount: wholeNumber('amount', { min: 1 })
    .nullish()
    .describe('In minor units (cents); the whole refundable amount when left out.'),
  reason: optionalText('reason', 1000),
})

export const orderFulfillInput = strictInput('orderFulfill', {
  orderId,
  trackingNumber: optionalText('trackingNumber', 255),
  trackingUrl: z
    .url({ protocol: /^https?$/, error: 'trackingUrl must be an http(s) URL' })
    .max(2048, 'trackingUrl must be at most 2048 characters')
    .nullish()
    .transform((value) => value ?? null),
  carrier: optionalText('carrier', 255),
})

export const orderNoteAddInput = strictInput('orderNoteAdd', { orderId, text: text('text', 5000) })

export type OrderPlace = {
  type: 'OrderPlace'
  data: z.output<typeof orderPlaceInput> & { lines: OrderLine[]; number: number }
}
export type OrderPaymentSessionRecord = {
  type: 'OrderPaymentSessionRecord'
  data: { orderId: string; provider: PaymentProviderKind; sessionId: string }
}
export type OrderPaymentSync = { type: 'OrderPaymentSync'; data: z.output<typeof orderPaymentSyncInput> }
export type OrderExpire = { type: 'OrderExpire'; data: { orderId: string } }
export type OrderCancel = { type: 'OrderCancel'; data: { orderId: string; reason: string | null } }
/** `refundId` comes from `prepare`; `amount` null: everything refundable. */
export type OrderRefund = {
  type: 'OrderRefund'
  data: { orderId: string; refundId: string; amount: number | null; reason: string | null }
}
export type OrderFulfill = {
  type: 'OrderFulfill'
  data: {
    orderId: string
    fulfillmentId: string
    trackingNumber: string | null
    trackingUrl: string | null
    carrier: string | null
  }
}
export type OrderNoteAdd = { type: 'OrderNoteAdd'; data: { orderId: string; noteId: string; text: string } }

export type OrderCommand =
  | OrderPlace
  | OrderPaymentSessionRecord
  | OrderPaymentSync
  | OrderExpire
  | OrderCancel
  | OrderRefund
  | OrderFulfill
  | OrderNoteAdd
