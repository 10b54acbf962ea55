import type Stripe from 'stripe'
import { stripeSdk } from '../stripe-sdk.js'
import type {
  CheckoutSession,
  CheckoutSessionLine,
  CreateCheckoutSessionInput,
  PaymentProvider,
  RefundInput,
} from './port.js'
import type { StripeApiEndpoint } from './services.js'

/**
 * The Stripe adapter, through the official SDK: Checkout Sessions in payment mode and refunds,
 * each with an idempotency key so a retry after a lost answer changes nothing at Stripe.
 *
 * @example const provider = stripeProvider({ storeId, secretKey: 'sk_live_…' })
 */
export function stripeProvider(options: {
  storeId: string
  secretKey: string
  /** Tests only (see `usePaymentServices`): a local server standing in for api.stripe.com. */
  api?: StripeApiEndpoint | undefined
}): PaymentProvider {
  // The SDK is loaded, and the client made, by the provider's first call.
  let client: Promise<Stripe> | null = null
  const connect = () =>
    (client ??= stripeSdk().then(
      (Stripe) =>
        new Stripe(options.secretKey, {
          maxNetworkRetries: 2,
          timeout: 20_000,
          telemetry: false,
          appInfo: { name: 'Emporium' },
          ...(options.api ?? {}),
        }),
    ))
  return {
    kind: 'STRIPE',
    async createCheckoutSession(input: CreateCheckoutSessionInput): Promise<CheckoutSession> {
      const metadata = { orderId: input.orderId, storeId: options.storeId }
      const currency = input.currencyCode.toLowerCase()
      const session = await (
        await connect()
      ).checkout.sessions.create(
        {
          mode: 'payment',
          line_items: sessionLines(input).map((line) => ({
            quantity: line.quantity,
            price_data: { currency, unit_amount: line.unitAmount, product_data: { name: line.title } },
          })),
          client_reference_id: input.orderId,
          customer_email: input.customerEmail,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          metadata,
          payment_intent_data: { metadata },
        },
        { idempotencyKey: input.orderId },
      )
      if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a URL`)
      return { sessionId: session.id, url: session.url }
    },
    async refund(input: RefundInput): Promise<void> {
      await (
        await connect()
      ).refunds.create(
        { payment_intent: input.providerPaymentId, amount: input.amount, metadata: { refundId: input.refundId } },
        { idempotencyKey: input.refundId },
      )
    },
  }
}

/**
 * The lines Stripe charges: the order's own when they add up to its total to the unit, else one
 * line for the whole order, so the session can never charge another amount than the order's.
 */
export function sessionLines(
  input: Pick<CreateCheckoutSessionInput, 'lines' | 'total' | 'orderNumber'>,
): CheckoutSessionLine[] {
  const sum = input.lines.reduce((total, line) => total + line.quantity * line.unitAmount, 0)
  const valid = input.lines.every(
    (line) => Number.isInteger(line.unitAmount) && line.unitAmount >= 0 && line.quantity > 0,
  )
  if (sum === input.total && valid && input.lines.length > 0) return input.lines
  return [{ title: `Order #${input.orderNumber}`, quantity: 1, unitAmount: input.total }]
}
