import { createHash } from 'node:crypto'
import { orderConfirmationPath } from '../../orders/checkout/order-link.js'
import type { Platform } from '../../platform.js'
import type { TestPaymentSession } from '../provider/test-sessions.js'
import { deliverTestWebhook } from '../webhook/deliver-test.js'
import type { StripeShapedEvent } from '../webhook/stripe-event.js'
import type { WebhookAnswer } from '../webhook/receive.js'

export type PayOutcome = 'pay' | 'decline'

/** The TEST payment intent of a session: one per session, so a second click pays the same payment. */
export function testPaymentIntentId(sessionId: string): string {
  return `pi_test_${digest(sessionId)}`
}

/**
 * Ids of the simulated provider events, derived from the session and what happened: clicking Pay
 * twice (or a browser resubmitting the form) delivers the same events again, which record nothing new.
 */
function eventId(sessionId: string, what: string): string {
  return `evt_test_${digest(`${sessionId}:${what}`)}`
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 24)
}

/**
 * What Stripe sends when a shopper pays (or their card is declined) on the hosted page, signed with
 * the store's TEST secret and delivered through the real receiver: `checkout.session.completed`
 * then `payment_intent.succeeded`, or `payment_intent.payment_failed`. Answers where the shopper
 * goes next (the order's confirmation page) once every event is recorded.
 */
export async function payTestSession(
  platform: Platform,
  storeSlug: string,
  session: TestPaymentSession,
  outcome: PayOutcome,
  now = new Date(),
): Promise<{ ok: true; location: string } | { ok: false; answer: WebhookAnswer }> {
  const paymentIntent = testPaymentIntentId(session.sessionId)
  const metadata = { orderId: session.orderId, storeId: session.storeId }
  const currency = session.currencyCode.toLowerCase()
  const created = Math.floor(now.getTime() / 1000)
  // The envelope Stripe puts around each object; the three events differ in what they carry.
  const event = (suffix: string, type: string, object: Record<string, unknown>): StripeShapedEvent => ({
    id: eventId(session.sessionId, suffix),
    type,
    created,
    data: { object },
  })
  const intent = { id: paymentIntent, object: 'payment_intent', amount: session.amount }
  const events: StripeShapedEvent[] =
    outcome === 'pay'
      ? [
          event('completed', 'checkout.session.completed', {
            id: session.sessionId,
            object: 'checkout.session',
            client_reference_id: session.orderId,
            payment_intent: paymentIntent,
            payment_status: 'paid',
            status: 'complete',
            amount_total: session.amount,
            currency,
            metadata,
          }),
          event('succeeded', 'payment_intent.succeeded', {
            ...intent,
            amount_received: session.amount,
            currency,
            status: 'succeeded',
            metadata,
          }),
        ]
      : [
          event('declined', 'payment_intent.payment_failed', {
            ...intent,
            currency,
            status: 'requires_payment_method',
            last_payment_error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
            },
            metadata,
          }),
        ]
  for (const event of events) {
    const answer = await deliverTestWebhook(platform, storeSlug, event)
    if (answer.status !== 200) return { ok: false, answer }
  }
  return { ok: true, location: await orderConfirmationPath(platform, session.orderId) }
}
