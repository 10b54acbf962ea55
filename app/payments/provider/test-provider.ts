import { randomUUID } from 'node:crypto'
import type { AnyDb } from '../../../infra/database/database.js'
import type { CheckoutSession, CreateCheckoutSessionInput, PaymentProvider, RefundInput } from './port.js'
import { findTestPaymentSessionOfOrder, insertTestPaymentSession } from './test-sessions.js'

/** The TEST pay page of a session, on the store's host. */
export function testPayPath(sessionId: string): string {
  return `/checkout/test-pay/${encodeURIComponent(sessionId)}`
}

/**
 * Delivers the simulated `charge.refunded` of a TEST refund (the webhook part registers it with
 * `useTestRefundDelivery`, signing with the store's TEST secret and posting through the receiver).
 */
export type TestRefundDelivery = (storeId: string, refund: RefundInput) => Promise<void>

/**
 * The offline provider: sessions are rows of `test_payment_sessions`, paid on the store's own
 * pay page, which posts back a webhook signed exactly as Stripe signs. One session per order: a
 * second checkout of the same order answers the first session, as Stripe's idempotency key does.
 */
export function testProvider(options: {
  db: AnyDb
  storeId: string
  deliverRefund?: TestRefundDelivery | undefined
}): PaymentProvider {
  const { db, storeId } = options
  return {
    kind: 'TEST',
    async createCheckoutSession(input: CreateCheckoutSessionInput): Promise<CheckoutSession> {
      const existing = await findTestPaymentSessionOfOrder(db, storeId, input.orderId)
      if (existing) return { sessionId: existing.sessionId, url: testPayPath(existing.sessionId) }
      const sessionId = `cs_test_${randomUUID()}`
      await insertTestPaymentSession(db, {
        sessionId,
        storeId,
        orderId: input.orderId,
        orderNumber: input.orderNumber,
        amount: input.total,
        currencyCode: input.currencyCode,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
      })
      return { sessionId, url: testPayPath(sessionId) }
    },
    async refund(input: RefundInput): Promise<void> {
      await options.deliverRefund?.(storeId, input)
    },
  }
}
