/**
 * The payment provider port (issue 14, contract item 5): what checkout and refunds ask of a
 * store's provider, whichever it is. Two adapters: Stripe (`stripe.ts`, the official SDK) and
 * TEST (`test-provider.ts`, offline: a local pay page and simulated webhooks).
 */

/** Which adapter a store configured: `paymentProviderConfigure(input: {provider})`. */
export type PaymentProviderKind = 'STRIPE' | 'TEST'

export const PAYMENT_PROVIDER_KINDS = ['STRIPE', 'TEST'] as const satisfies readonly PaymentProviderKind[]

/** One line of a checkout session, as the shopper sees it on the provider's page. Money in integer minor units. */
export interface CheckoutSessionLine {
  /** e.g. 'Linen shirt — M / Blue', or 'Shipping: Standard', 'Tax (20 %)'. */
  title: string
  quantity: number
  /** Price of one unit, integer minor units of `currencyCode`. */
  unitAmount: number
}

export interface CreateCheckoutSessionInput {
  /** The order being paid; the session's `client_reference_id` and, with `storeId`, its metadata. */
  orderId: string
  /** The order's per-store number (1001 …), shown to the shopper as '#1001'. */
  orderNumber: number
  /**
   * What the shopper pays for; shipping and tax as lines of their own. When the lines do not add
   * up to `total` exactly (tax rounding, say), the adapter charges one line 'Order #1001' of
   * `total` instead: the session total always equals the order total to the unit.
   */
  lines: CheckoutSessionLine[]
  /** The order total, integer minor units: what the provider must charge, to the unit. */
  total: number
  /** ISO 4217, e.g. 'EUR'. */
  currencyCode: string
  /** Absolute URL the provider sends the shopper to after paying. */
  successUrl: string
  /** Absolute URL the provider sends the shopper to when they give up. */
  cancelUrl: string
  /** Prefills the provider's form; personal data, never stored in an event. */
  customerEmail: string
}

export interface CheckoutSession {
  /** The provider's session id (`cs_…`): record it with `orderPaymentSessionRecord`. */
  sessionId: string
  /** Where to redirect the shopper: Stripe's hosted page, or `/checkout/test-pay/<sessionId>` on the store host for TEST. */
  url: string
}

export interface RefundInput {
  /** The provider's payment id (Stripe's payment intent `pi_…`). */
  providerPaymentId: string
  /** Integer minor units, at most what was paid and not yet refunded. */
  amount: number
  /** `OrderRefundRequested.refundId`: the idempotency key, so a retried refund moves money once. */
  refundId: string
}

/**
 * A store's configured payment provider. Sessions put `orderId` and `storeId` in the `metadata`
 * of the session AND of the payment intent, so every webhook event names its order and store.
 */
export interface PaymentProvider {
  kind: PaymentProviderKind
  /** Opens a checkout session (idempotent per order: the order id is the idempotency key). */
  createCheckoutSession(input: CreateCheckoutSessionInput): Promise<CheckoutSession>
  /**
   * Asks the provider to refund. Resolves when the provider accepted the request; the money
   * moves when its `charge.refunded` webhook arrives (TEST delivers that webhook itself).
   */
  refund(input: RefundInput): Promise<void>
}
