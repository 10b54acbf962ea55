import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import { stripeSdk } from '../stripe-sdk.js'
import { paymentDecider } from '../../../domain/payments/payment/definitions.js'
import type { PaymentEvent } from '../../../domain/payments/payment/events.js'
import { paymentIdOf, paymentStream } from '../../../domain/payments/payment/streams.js'
import { orderStream } from '../../../domain/orders/order/streams.js'
import { fold } from '../../../domain/shared/event.js'
import type { Reaction, ReactionEvent } from '../../../domain/shared/reaction.js'
import type { Platform } from '../../platform.js'
import { alertMerchant } from '../../orders/order/merchant-alerts.js'
import { fromMinorUnits } from '../../../domain/catalog/product/money.js'
import { openPaymentProvider } from '../provider/open.js'
import type { RefundInput } from '../provider/port.js'
import { usePaymentServices } from '../provider/services.js'
import { deliverTestWebhook } from '../webhook/deliver-test.js'

/** Events of an order stream that name the provider's payment. */
const PAYMENT_NAMING_EVENTS = new Set(['OrderPaid', 'OrderPaymentMismatched', 'OrderRefunded', 'OrderDisputed'])

/**
 * `OrderRefundRequested` → the store's provider refunds (`openPaymentProvider(...).refund`, the
 * refund id as Stripe's idempotency key, so a redelivered event moves the money once). The order
 * learns the money moved only when the provider's `charge.refunded` webhook arrives. For the TEST
 * provider this reaction also stands in for Stripe and delivers that webhook, signed, through the
 * receiver (registered as the TEST provider's refund delivery).
 *
 * A failure throws: the reactor retries the event from its checkpoint.
 */
export function refundReactions(platform: Platform): readonly Reaction[] {
  usePaymentServices(platform, {
    testRefundDelivery: (storeId, refund) => deliverTestRefund(platform, storeId, refund),
  })
  return [
    {
      name: 'refund-through-provider',
      eventTypes: ['OrderRefundRequested'],
      scopes: ['orders:write'],
      react: async (event) => {
        await refund(platform, event)
        return []
      },
    },
  ]
}

async function refund(platform: Platform, event: ReactionEvent): Promise<void> {
  const { orderId, refundId, amount } = event.data as { orderId: string; refundId: string; amount: number }
  if (!event.storeId) return
  const history = await platform.eventStore.readStream(orderStream(event.storeId, orderId))
  const paid = history.find((e) => PAYMENT_NAMING_EVENTS.has(e.type))
  const providerPaymentId = paid?.data.providerPaymentId
  if (typeof providerPaymentId !== 'string') {
    platform.logger.warn(
      { orderId, refundId },
      'refund requested for an order with no provider payment; nothing to refund',
    )
    return
  }
  const provider = await openPaymentProvider(platform, event.storeId)
  if (!provider) {
    platform.logger.warn({ orderId, refundId }, 'refund requested but the store has no payment provider any more')
    return
  }
  try {
    await provider.refund({ providerPaymentId, amount, refundId })
  } catch (error) {
    // The provider refused the refund itself (already refunded, more than was paid): asking again
    // would be refused again and hold up every later refund. Network faults and 5xx are retried.
    const Stripe = await stripeSdk()
    if (!(error instanceof Stripe.errors.StripeError) || !isRefusal(error.statusCode)) throw error
    platform.logger.error(
      { orderId, refundId, providerPaymentId, err: error },
      'the payment provider refused the refund; the order keeps its refunded amount',
    )
    await alertMerchant(
      platform,
      { organizationId: event.organizationId, storeId: event.storeId, orderId },
      'refund-refused',
      ({ order, where, currencyCode }) => ({
        subject: `The refund for ${order} was refused`,
        text: [
          `${where}: the payment provider refused to refund ${fromMinorUnits(amount, currencyCode)} ${currencyCode} of ${order}`,
          `(payment ${providerPaymentId}): ${error.message}`,
          'No money moved and the order keeps its refunded amount. Check the payment with the provider.',
        ].join('\n'),
      }),
    )
  }
}

function isRefusal(status: number | undefined): boolean {
  return status !== undefined && status >= 400 && status < 500 && status !== 409 && status !== 429
}

/**
 * What Stripe sends once a refund went through: `charge.refunded`, the charge's cumulative
 * `amount_refunded` and its payment intent. The event id comes from the refund id, so delivering
 * one refund twice records it once.
 */
async function deliverTestRefund(platform: Platform, storeId: string, refund: RefundInput): Promise<void> {
  const paymentId = paymentIdOf('TEST', refund.providerPaymentId)
  const history = await platform.eventStore.readStream(paymentStream(storeId, paymentId))
  const payment = fold(
    paymentDecider,
    history.map((e) => ({ type: e.type, data: e.data }) as unknown as PaymentEvent),
  )
  const paidAmount = payment.succeeded?.amount ?? Number.MAX_SAFE_INTEGER
  const amountRefunded = Math.min(paidAmount, payment.refundedAmount + refund.amount)
  const store = await findStoreById(platform, storeId)
  if (!store) throw new Error(`store ${storeId} not found for a TEST refund`)
  const hash = createHash('sha256').update(refund.refundId).digest('hex').slice(0, 24)
  const answer = await deliverTestWebhook(platform, store.slug, {
    id: `evt_test_refund_${hash}`,
    type: 'charge.refunded',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `ch_test_${refund.providerPaymentId.replace(/^pi_test_/, '')}`,
        object: 'charge',
        payment_intent: refund.providerPaymentId,
        amount: payment.succeeded?.amount ?? refund.amount,
        amount_refunded: amountRefunded,
        currency: payment.succeeded?.currencyCode.toLowerCase(),
        refunded: amountRefunded >= paidAmount,
        metadata: payment.orderId ? { orderId: payment.orderId, storeId } : {},
      },
    },
  })
  if (answer.status !== 200) throw new Error(`the simulated charge.refunded was refused (${answer.status})`)
}

/** The store's slug, which the receiver's URL names (read from the tenancy read model, like the receiver does). */
async function findStoreById(platform: Platform, storeId: string): Promise<{ slug: string } | null> {
  const { rows } = await sql<{ slug: string }>`select slug from stores where id = ${storeId}`.execute(
    platform.database.db,
  )
  return rows[0] ?? null
}
