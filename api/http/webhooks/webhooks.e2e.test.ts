import { describe, expect, it, vi } from 'vitest'
import { deliverTestWebhook } from '../../../app/payments/webhook/deliver-test.js'
import { paymentIdOf } from '../../../domain/payments/payment/streams.js'
import { useTestApp } from '../../../test/support/app.js'
import { setCommerce } from '../../../test/support/cart.js'
import {
  configurePaymentProvider,
  newEventId,
  newPaymentIntentId,
  newSigningSecret,
  paymentEventTypes,
  placeOrder as place,
  postWebhook,
  refundedEvent,
  signPayload,
  succeededEvent,
  testShop,
  waitForOrderEvent as waitFor,
  waitForOrderStatus,
  type Shop,
} from '../../../test/support/payments.js'

// The payment webhook over HTTP, as a payment provider and as an attacker would call it:
// signatures, secrets of other stores and rotated ones, replays, stale timestamps, sizes,
// concurrency, out-of-order refunds and amounts that do not match the order.

const t = useTestApp()

const shop = (slug: string) => testShop(t, slug)
const configure = (apiKey: string, input: Record<string, unknown>) => configurePaymentProvider(t, apiKey, input)
const post = (slug: string, payload: string, signature: string | null, provider = 'test') =>
  postWebhook(t, slug, payload, signature, provider)
const sign = signPayload
const newSecret = newSigningSecret
const piOf = newPaymentIntentId
const evtId = newEventId
const succeeded = succeededEvent
const refunded = refundedEvent
const paymentEvents = (s: Shop, pi: string) => paymentEventTypes(t, s, pi)
const waitForOrderEvent = (s: Shop, orderId: string, type: string) => waitFor(t, s, orderId, type)
const placeOrder = (s: Shop, total?: number, currencyCode?: string) => place(t, s, total, currencyCode)

async function deliver(s: Shop, event: object, secret = s.secret) {
  const payload = JSON.stringify(event)
  return post(s.storeSlug, payload, sign(payload, secret))
}

/** Event types of an entity, from the audit log (what a merchant or auditor sees). */
async function history(shop: Shop, entityId: string): Promise<string[]> {
  const response = await t.gql<{ auditLog: { nodes: { type: string }[] } }>(
    shop.apiKey,
    'query ($id: ID) { auditLog(filter: { entityId: $id }, first: 250) { nodes { type } } }',
    { id: entityId },
  )
  expect(response.errors).toBeUndefined()
  return response.data!.auditLog.nodes.map((node) => node.type).sort()
}

describe('payment webhook', () => {
  it('records a validly signed payment and the order becomes PAID', async () => {
    const s = await shop('wh-valid')
    const orderId = await placeOrder(s)
    const pi = piOf()
    const response = await deliver(s, succeeded(orderId, pi))
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ received: true, outcome: 'recorded' })
    expect(await paymentEvents(s, pi)).toEqual(['PaymentLinkedToOrder', 'PaymentSucceeded'])
    const events = await waitForOrderEvent(s, orderId, 'OrderPaid')
    expect(events.find((e) => e.type === 'OrderPaid')!.data).toMatchObject({ amount: 2500, currencyCode: 'EUR' })
    await waitForOrderStatus(t, s, orderId, { status: 'PAID', paymentStatus: 'PAID' })
    await vi.waitFor(async () => expect(await history(s, orderId)).toContain('OrderPaid'), { timeout: 10_000 })
    await vi.waitFor(
      async () =>
        expect(await history(s, paymentIdOf('TEST', pi))).toEqual(['PaymentLinkedToOrder', 'PaymentSucceeded']),
      { timeout: 10_000 },
    )
  })

  it('refuses a forged signature with 400 and records nothing', async () => {
    const s = await shop('wh-forged')
    const pi = piOf()
    const payload = JSON.stringify(succeeded(null, pi))
    const forged = `t=${Math.floor(Date.now() / 1000)},v1=${'ab'.repeat(32)}`
    const response = await post(s.storeSlug, payload, forged)
    expect(response.statusCode).toBe(400)
    expect(response.json().errors[0].extensions.code).toBe('BAD_REQUEST')
    expect(await paymentEvents(s, pi)).toEqual([])
  })

  it("refuses a delivery signed with another store's secret", async () => {
    const a = await shop('wh-store-a')
    const b = await shop('wh-store-b')
    const pi = piOf()
    const response = await deliver(a, succeeded(null, pi), b.secret)
    expect(response.statusCode).toBe(400)
    expect(await paymentEvents(a, pi)).toEqual([])
    expect(await paymentEvents(b, pi)).toEqual([])
  })

  it('answers 200 to a replay of the same event id and records it once', async () => {
    const s = await shop('wh-replay')
    const orderId = await placeOrder(s)
    const pi = piOf()
    const event = succeeded(orderId, pi)
    const first = await deliver(s, event)
    const replay = await deliver(s, event)
    expect(first.statusCode).toBe(200)
    expect(replay.statusCode).toBe(200)
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' })
    expect(await paymentEvents(s, pi)).toEqual(['PaymentLinkedToOrder', 'PaymentSucceeded'])
  })

  it('refuses a timestamp older than 300 s, signature otherwise valid', async () => {
    const s = await shop('wh-stale')
    const pi = piOf()
    const payload = JSON.stringify(succeeded(null, pi))
    const stale = await post(s.storeSlug, payload, sign(payload, s.secret, Math.floor(Date.now() / 1000) - 301))
    expect(stale.statusCode).toBe(400)
    expect(stale.json().errors[0].message).toMatch(/tolerance/)
    const future = await post(s.storeSlug, payload, sign(payload, s.secret, Math.floor(Date.now() / 1000) + 400))
    expect(future.statusCode).toBe(400)
    expect(await paymentEvents(s, pi)).toEqual([])
  })

  it('answers 413 to a body over 1 MB', async () => {
    const s = await shop('wh-large')
    const payload = JSON.stringify({ ...succeeded(null, piOf()), padding: 'x'.repeat(1024 * 1024) })
    const response = await post(s.storeSlug, payload, sign(payload, s.secret))
    expect(response.statusCode).toBe(413)
  })

  it('answers 400 when the signature header is missing', async () => {
    const s = await shop('wh-unsigned')
    const pi = piOf()
    const response = await post(s.storeSlug, JSON.stringify(succeeded(null, pi)), null)
    expect(response.statusCode).toBe(400)
    expect(response.json().errors[0].message).toMatch(/Stripe-Signature/)
    expect(await paymentEvents(s, pi)).toEqual([])
  })

  it('answers 404 for an unknown store', async () => {
    const payload = JSON.stringify(succeeded(null, piOf()))
    const response = await post('no-such-store', payload, sign(payload, newSecret()))
    expect(response.statusCode).toBe(404)
    expect(response.json().errors[0].extensions.code).toBe('NOT_FOUND')
    // Text no slug can hold (a NUL, a quote) is no store either, never a database error.
    for (const slug of ['bad%00slug', "it's", '%F0%9F%92%A5'])
      expect((await post(slug, payload, sign(payload, newSecret()))).statusCode).toBe(404)
  })

  it('answers 404 when the store has not configured that provider', async () => {
    const s = await shop('wh-only-test')
    const payload = JSON.stringify(succeeded(null, piOf()))
    expect((await post(s.storeSlug, payload, sign(payload, s.secret), 'stripe')).statusCode).toBe(404)
    const bare = await t.tenant('wh-no-provider')
    expect((await post(bare.storeSlug, payload, sign(payload, s.secret))).statusCode).toBe(404)
    expect((await post(s.storeSlug, payload, sign(payload, s.secret), 'paypal')).statusCode).toBe(404)
  })

  it('an amount that differs from the order makes it PAYMENT_MISMATCH, never PAID', async () => {
    const s = await shop('wh-mismatch')
    const orderId = await placeOrder(s, 2500, 'EUR')
    const pi = piOf()
    expect((await deliver(s, succeeded(orderId, pi, 100))).statusCode).toBe(200)
    const events = await waitForOrderEvent(s, orderId, 'OrderPaymentMismatched')
    expect(events.map((e) => e.type)).not.toContain('OrderPaid')
    await waitForOrderStatus(t, s, orderId, { status: 'PAYMENT_MISMATCH', paymentStatus: 'MISMATCH' })
    const currency = await placeOrder(s, 2500, 'EUR')
    expect((await deliver(s, succeeded(currency, piOf(), 2500, 'usd'))).statusCode).toBe(200)
    expect((await waitForOrderEvent(s, currency, 'OrderPaymentMismatched')).map((e) => e.type)).not.toContain(
      'OrderPaid',
    )
  })

  it('ten identical deliveries at once all answer 200 and record one payment event', async () => {
    const s = await shop('wh-concurrent')
    const orderId = await placeOrder(s)
    const pi = piOf()
    const payload = JSON.stringify(succeeded(orderId, pi))
    const signature = sign(payload, s.secret)
    const responses = await Promise.all(Array.from({ length: 10 }, () => post(s.storeSlug, payload, signature)))
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200))
    expect(responses.filter((r) => r.json().outcome === 'recorded')).toHaveLength(1)
    expect(await paymentEvents(s, pi)).toEqual(['PaymentLinkedToOrder', 'PaymentSucceeded'])
    const events = await waitForOrderEvent(s, orderId, 'OrderPaid')
    expect(events.filter((e) => e.type === 'OrderPaid')).toHaveLength(1)
  })

  it('a refund delivered before the payment converges to refunded, in full or in part', async () => {
    const s = await shop('wh-out-of-order')
    const full = await placeOrder(s)
    const fullPi = piOf()
    expect((await deliver(s, refunded(fullPi, 2500))).statusCode).toBe(200)
    expect((await deliver(s, succeeded(full, fullPi))).statusCode).toBe(200)
    const fullEvents = await waitForOrderEvent(s, full, 'OrderRefunded')
    expect(fullEvents.map((e) => e.type)).toContain('OrderPaid')
    expect(fullEvents.find((e) => e.type === 'OrderRefunded')!.data).toMatchObject({ totalRefunded: 2500 })
    await waitForOrderStatus(t, s, full, { paymentStatus: 'REFUNDED' })

    const partial = await placeOrder(s)
    const partialPi = piOf()
    expect((await deliver(s, refunded(partialPi, 1000))).statusCode).toBe(200)
    expect((await deliver(s, succeeded(partial, partialPi))).statusCode).toBe(200)
    const partialEvents = await waitForOrderEvent(s, partial, 'OrderRefunded')
    expect(partialEvents.find((e) => e.type === 'OrderRefunded')!.data).toMatchObject({ totalRefunded: 1000 })
    await waitForOrderStatus(t, s, partial, { paymentStatus: 'PARTIALLY_REFUNDED' })
  })

  it('answers 200 to a type it does not handle, records nothing and counts it in /metrics', async () => {
    const s = await shop('wh-ignored')
    const event = { id: evtId(), type: 'customer.created', created: 1, data: { object: { id: 'cus_1' } } }
    const response = await deliver(s, event)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ received: true, outcome: 'ignored' })
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' })
    expect(metrics.body).toMatch(
      /emporium_payment_webhooks_total\{provider="test",type="other",outcome="ignored"\} [1-9]/,
    )
    expect(metrics.body).toMatch(
      /emporium_payment_webhooks_total\{provider="test",type="payment_intent.succeeded",outcome="recorded"\} [1-9]/,
    )
  })

  it('accepts the old signing secret inside the rotation overlap and refuses it after', async () => {
    const s = await shop('wh-rotation')
    const next = newSecret()
    await configure(s.apiKey, { provider: 'TEST', webhookSigningSecret: next, signingSecretOverlapSeconds: 3600 })
    expect((await deliver(s, succeeded(null, piOf()), s.secret)).statusCode).toBe(200)
    expect((await deliver(s, succeeded(null, piOf()), next)).statusCode).toBe(200)
    await configure(s.apiKey, { provider: 'TEST', signingSecretOverlapSeconds: 0 })
    const pi = piOf()
    expect((await deliver(s, succeeded(null, pi), s.secret)).statusCode).toBe(400)
    expect(await paymentEvents(s, pi)).toEqual([])
    expect((await deliver(s, succeeded(null, pi), next)).statusCode).toBe(200)
  })

  it('still records payments when the store stops selling (commerce toggle off)', async () => {
    const s = await shop('wh-commerce-off')
    const orderId = await placeOrder(s)
    await setCommerce(t, s.apiKey, false)
    const pi = piOf()
    expect((await deliver(s, succeeded(orderId, pi))).statusCode).toBe(200)
    await waitForOrderStatus(t, s, orderId, { status: 'PAID' })
  })

  it('deliverTestWebhook signs with the TEST secret and goes through the real receiver', async () => {
    const s = await shop('wh-deliver')
    const orderId = await placeOrder(s)
    const pi = piOf()
    const answer = await deliverTestWebhook({ app: t.app, platform: t.platform }, s.storeSlug, succeeded(orderId, pi))
    expect(answer).toEqual({ status: 200, body: { received: true, outcome: 'recorded' } })
    const direct = await deliverTestWebhook(t.platform, s.storeSlug, refunded(pi, 500))
    expect(direct.status).toBe(200)
    expect(await paymentEvents(s, pi)).toEqual(['PaymentLinkedToOrder', 'PaymentSucceeded', 'PaymentRefunded'])
  })
})
