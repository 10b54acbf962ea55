import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { systemContext } from '../../../app/commands/context.js'
import { verifyOrderLinkToken } from '../../../app/orders/checkout/order-link.js'
import { openPaymentProvider } from '../../../app/payments/provider/open.js'
import { testPaymentIntentId } from '../../../app/payments/test-pay/pay.js'
import { orderRefund } from '../../../domain/orders/order/definitions.js'
import { useTestApp } from '../../../test/support/app.js'
import {
  paymentEventTypes,
  placeOrder,
  testShop,
  waitForOrderEvent,
  waitForOrderStatus,
  type Shop,
} from '../../../test/support/payments.js'
import { textsOf, visit } from '../../../test/support/storefront.js'

// The TEST provider's pay page on the store host, as a shopper uses it (plain forms), and the
// refund that the TEST provider confirms with a signed charge.refunded through the receiver.

const t = useTestApp()

const hostOf = (s: Shop) => `${s.storeSlug}.localhost`

/** What checkout does once the order is placed: open the provider's session. */
async function openSession(s: Shop, orderId: string, total = 2500): Promise<string> {
  const provider = await openPaymentProvider(t.platform, s.storeId)
  expect(provider?.kind).toBe('TEST')
  const session = await provider!.createCheckoutSession({
    orderId,
    orderNumber: 1001,
    lines: [{ title: 'Linen shirt', quantity: 1, unitAmount: total }],
    total,
    currencyCode: 'EUR',
    successUrl: `http://${hostOf(s)}/checkout/orders/${orderId}`,
    cancelUrl: `http://${hostOf(s)}/cart`,
    customerEmail: 'shopper@example.com',
  })
  expect(session.url).toBe(`/checkout/test-pay/${session.sessionId}`)
  return session.sessionId
}

const submit = (s: Shop, sessionId: string, outcome: 'pay' | 'decline', host = hostOf(s)) =>
  t.app.inject({
    method: 'POST',
    url: `/checkout/test-pay/${sessionId}`,
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  })

describe('TEST pay page', () => {
  it('shows the order number, the amount and two accessible plain forms', async () => {
    const s = await testShop(t, 'pay-page-show')
    const orderId = await placeOrder(t, s)
    const sessionId = await openSession(s, orderId)
    const page = await visit(t, hostOf(s), `/checkout/test-pay/${sessionId}`)
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/text\/html/)
    expect(page.body).toContain('<html lang="en">')
    expect(textsOf(page.body, 'h1')).toEqual(['Pay order #1001'])
    expect(page.body).toContain('€25.00')
    expect(textsOf(page.body, 'button')).toEqual(['Pay €25.00', 'Decline payment'])
    expect(page.body.match(/<form method="post" action="\/checkout\/test-pay\/[^"]+">/g)).toHaveLength(2)
    expect(page.body).not.toContain('<script')
  })

  it('Pay delivers the signed webhooks, the order is paid and the shopper lands on the confirmation page', async () => {
    const s = await testShop(t, 'pay-page-pay')
    const orderId = await placeOrder(t, s)
    const sessionId = await openSession(s, orderId)
    const response = await submit(s, sessionId, 'pay')
    expect(response.statusCode).toBe(303)
    const location = new URL(response.headers.location as string, 'http://x')
    expect(location.pathname).toBe(`/checkout/orders/${orderId}`)
    expect(await verifyOrderLinkToken(t.platform, orderId, location.searchParams.get('key') ?? undefined)).toBe(true)
    expect(await verifyOrderLinkToken(t.platform, uuidv7(), location.searchParams.get('key') ?? undefined)).toBe(false)
    const pi = testPaymentIntentId(sessionId)
    expect(await paymentEventTypes(t, s, pi)).toEqual(['PaymentLinkedToOrder', 'PaymentSucceeded'])
    await waitForOrderStatus(t, s, orderId, { status: 'PAID', paymentStatus: 'PAID' })
    // A second click (or a resubmitted form) delivers the same event ids: nothing new.
    expect((await submit(s, sessionId, 'pay')).statusCode).toBe(303)
    expect(await paymentEventTypes(t, s, pi)).toEqual(['PaymentLinkedToOrder', 'PaymentSucceeded'])
  })

  it('Decline records the failed payment on the order', async () => {
    const s = await testShop(t, 'pay-page-decline')
    const orderId = await placeOrder(t, s)
    const sessionId = await openSession(s, orderId)
    expect((await submit(s, sessionId, 'decline')).statusCode).toBe(303)
    const events = await waitForOrderEvent(t, s, orderId, 'OrderPaymentFailed')
    expect(events.find((e) => e.type === 'OrderPaymentFailed')!.data).toMatchObject({ reason: 'generic_decline' })
    expect(events.map((e) => e.type)).not.toContain('OrderPaid')
    await waitForOrderStatus(t, s, orderId, { status: 'PENDING_PAYMENT', paymentStatus: 'FAILED' })
  })

  it("answers 404 for another store's session, an unknown one, and on the platform host", async () => {
    const a = await testShop(t, 'pay-page-a')
    const b = await testShop(t, 'pay-page-b')
    const sessionId = await openSession(a, await placeOrder(t, a))
    expect((await visit(t, hostOf(b), `/checkout/test-pay/${sessionId}`)).statusCode).toBe(404)
    expect((await submit(b, sessionId, 'pay')).statusCode).toBe(404)
    expect((await visit(t, hostOf(a), '/checkout/test-pay/cs_test_unknown')).statusCode).toBe(404)
    expect((await visit(t, hostOf(a), '/checkout/test-pay/cs_test_%00x')).statusCode).toBe(404)
    expect((await visit(t, 'localhost', `/checkout/test-pay/${sessionId}`)).statusCode).toBe(404)
  })
})

describe('refunds through the TEST provider', () => {
  it('a requested refund reaches the provider, whose charge.refunded makes the order refunded', async () => {
    const s = await testShop(t, 'pay-refund')
    const orderId = await placeOrder(t, s)
    const sessionId = await openSession(s, orderId)
    expect((await submit(s, sessionId, 'pay')).statusCode).toBe(303)
    await waitForOrderEvent(t, s, orderId, 'OrderPaid')
    // The merchant's orderRefund (GraphQL, MCP and CLI serve the same registry entry).
    const ctx = systemContext(s, { type: 'api_key', id: 'merchant' }, ['orders:write'])
    await t.platform.execute(orderRefund, { orderId, amount: 1000 }, ctx)
    const events = await waitForOrderEvent(t, s, orderId, 'OrderRefunded')
    expect(events.find((e) => e.type === 'OrderRefunded')!.data).toMatchObject({ amount: 1000, totalRefunded: 1000 })
    await waitForOrderStatus(t, s, orderId, { status: 'PAID', paymentStatus: 'PARTIALLY_REFUNDED' })
    expect(await paymentEventTypes(t, s, testPaymentIntentId(sessionId))).toEqual([
      'PaymentLinkedToOrder',
      'PaymentSucceeded',
      'PaymentRefunded',
    ])
  })
})
