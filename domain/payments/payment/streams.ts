import { v5 as uuidv5 } from 'uuid'
import { streamName } from '../../shared/streams.js'

/** No hyphen: the stream category is the text before the first '-'. */
export const PAYMENT_CATEGORY = 'payment'

/** The payment providers a store may configure; the webhook path names them in lower case. */
export const PAYMENT_PROVIDERS = ['STRIPE', 'TEST'] as const
export type PaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number]

/** Namespace of payment ids: uuid v5 of `<provider>:<payment intent id>`. */
const PAYMENT_NAMESPACE = '6f1c2f0e-6a0b-4d3e-9a43-2b7d1f6c9e51'

/**
 * The payment id of a provider's payment intent: the same whichever event about it arrives first,
 * so a refund that overtakes the payment lands on the payment's own stream.
 *
 * @example paymentIdOf('STRIPE', 'pi_3Mt…') // always the same uuid
 */
export function paymentIdOf(provider: PaymentProviderKind, providerPaymentId: string): string {
  return uuidv5(`${provider}:${providerPaymentId}`, PAYMENT_NAMESPACE)
}

/** `payment-<storeId>_<paymentId>`. */
export function paymentStream(storeId: string, paymentId: string): string {
  return streamName(PAYMENT_CATEGORY, storeId, paymentId)
}
