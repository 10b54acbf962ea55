import { z } from 'zod'
import { strictInput } from '../../shared/strict-input.js'
import { PAYMENT_PROVIDERS } from './streams.js'

/** The normalized kinds of provider event the payment records (api/http/webhooks maps Stripe's names onto them). */
export const PAYMENT_FACTS = ['CHECKOUT_COMPLETED', 'SUCCEEDED', 'FAILED', 'REFUNDED', 'DISPUTED'] as const
export type PaymentFact = (typeof PAYMENT_FACTS)[number]

const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)
const text = (max: number) => z.string().min(1).max(max)

/**
 * The facts of one provider event, normalized by the webhook receiver. Amounts in integer minor
 * units; a currency in upper case (ISO 4217); null where the event does not say.
 */
export const paymentEventRecordInput = strictInput('paymentEventRecord', {
  provider: z.enum(PAYMENT_PROVIDERS),
  providerEventId: text(255).describe("The provider's event id (evt_…)."),
  providerPaymentId: text(255).describe("The provider's payment intent id (pi_…)."),
  type: z.enum(PAYMENT_FACTS),
  orderId: z.uuid().nullish().describe("The order id from the event's metadata, when it carries one."),
  amount: minor.nullish(),
  currencyCode: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullish(),
  refundedAmount: minor.nullish().describe('Cumulative amount refunded (charge.amount_refunded).'),
  reason: z.string().max(500).nullish().describe('Failure or dispute reason.'),
})
export type PaymentEventRecordInput = z.infer<typeof paymentEventRecordInput>

export type PaymentEventRecord = {
  type: 'PaymentEventRecord'
  data: {
    paymentId: string
    provider: 'STRIPE' | 'TEST'
    providerEventId: string
    providerPaymentId: string
    fact: PaymentFact
    orderId: string | null
    amount: number | null
    currencyCode: string | null
    refundedAmount: number | null
    reason: string | null
  }
}

export type PaymentCommand = PaymentEventRecord
