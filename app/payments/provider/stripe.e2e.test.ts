import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../test/support/app.js'
import { openPaymentProvider } from './open.js'
import type { CreateCheckoutSessionInput } from './port.js'
import { usePaymentServices } from './services.js'
import { sessionLines } from './stripe.js'

// The Stripe adapter through the official SDK, against a local server standing in for
// api.stripe.com: what the SDK sends is what Stripe would receive.

interface Received {
  method: string
  path: string
  headers: IncomingMessage['headers']
  form: Record<string, string>
}

let t: TestApp
let fake: Server
const received: Received[] = []
let answer: (request: Received) => { status: number; body: unknown } = () => ({ status: 500, body: {} })

beforeAll(async () => {
  fake = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      const entry: Received = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        form: Object.fromEntries(new URLSearchParams(body)),
      }
      received.push(entry)
      const { status, body: json } = answer(entry)
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' })
      response.end(JSON.stringify(json))
    })
  })
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve))
  t = await startTestApp()
  usePaymentServices(t.platform, {
    stripeApi: { host: '127.0.0.1', port: (fake.address() as AddressInfo).port, protocol: 'http' },
  })
})
afterAll(async () => {
  await t?.close()
  await new Promise((resolve) => fake.close(resolve))
})

const SK = 'sk_test_51FakeKeyForTheLocalServer00'
const CONFIGURE = `mutation ($input: PaymentProviderConfigureInput!) { paymentProviderConfigure(input: $input) { eventPosition } }`

async function stripeStore(slug: string): Promise<string> {
  const { apiKey, storeId } = await t.tenant(slug)
  const response = await t.gql(apiKey, CONFIGURE, {
    input: { provider: 'STRIPE', secretKey: SK, webhookSigningSecret: 'whsec_localFakeSigningSecret01' },
  })
  expect(response.errors).toBeUndefined()
  return storeId
}

const ORDER: CreateCheckoutSessionInput = {
  orderId: '01939a2b-0000-7000-8000-000000000001',
  orderNumber: 1001,
  lines: [
    { title: 'Linen shirt — M / Blue', quantity: 2, unitAmount: 2500 },
    { title: 'Shipping: Standard', quantity: 1, unitAmount: 495 },
    { title: 'Tax (20 %)', quantity: 1, unitAmount: 1099 },
  ],
  total: 6594,
  currencyCode: 'EUR',
  successUrl: 'https://shop.example/checkout/thank-you?order=1',
  cancelUrl: 'https://shop.example/cart',
  customerEmail: 'ada@example.com',
}

describe('Stripe adapter', () => {
  it('opens a Checkout Session in payment mode, lines in minor units, metadata on the session and the payment intent', async () => {
    const storeId = await stripeStore('stripe-session')
    received.length = 0
    answer = () => ({
      status: 200,
      body: { id: 'cs_test_a1', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_a1' },
    })
    const provider = await openPaymentProvider(t.platform, storeId)
    expect(provider?.kind).toBe('STRIPE')
    const session = await provider!.createCheckoutSession(ORDER)
    expect(session).toEqual({ sessionId: 'cs_test_a1', url: 'https://checkout.stripe.com/c/pay/cs_test_a1' })

    expect(received).toHaveLength(1)
    const [request] = received
    expect(request).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' })
    expect(request!.headers.authorization).toBe(`Bearer ${SK}`)
    expect(request!.headers['idempotency-key']).toBe(ORDER.orderId)
    expect(request!.form).toMatchObject({
      mode: 'payment',
      client_reference_id: ORDER.orderId,
      customer_email: 'ada@example.com',
      success_url: ORDER.successUrl,
      cancel_url: ORDER.cancelUrl,
      'metadata[orderId]': ORDER.orderId,
      'metadata[storeId]': storeId,
      'payment_intent_data[metadata][orderId]': ORDER.orderId,
      'payment_intent_data[metadata][storeId]': storeId,
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '2500',
      'line_items[0][price_data][product_data][name]': 'Linen shirt — M / Blue',
      'line_items[1][price_data][unit_amount]': '495',
      'line_items[2][price_data][unit_amount]': '1099',
    })
    // The session total is the order total, to the unit.
    let total = 0
    for (let i = 0; request!.form[`line_items[${i}][quantity]`]; i++)
      total +=
        Number(request!.form[`line_items[${i}][quantity]`]) *
        Number(request!.form[`line_items[${i}][price_data][unit_amount]`])
    expect(total).toBe(ORDER.total)
  })

  it('charges one line of the order total when the lines do not add up to it', () => {
    expect(sessionLines({ ...ORDER, total: 6595 })).toEqual([{ title: 'Order #1001', quantity: 1, unitAmount: 6595 }])
    expect(sessionLines(ORDER)).toEqual(ORDER.lines)
  })

  it('refunds through refunds.create with the payment intent, the amount and the refund id as idempotency key', async () => {
    const storeId = await stripeStore('stripe-refund')
    received.length = 0
    answer = () => ({ status: 200, body: { id: 're_1', object: 'refund', amount: 1200, status: 'succeeded' } })
    const provider = await openPaymentProvider(t.platform, storeId)
    await provider!.refund({
      providerPaymentId: 'pi_3Abc',
      amount: 1200,
      refundId: '01939a2b-0000-7000-8000-0000000000aa',
    })
    expect(received).toHaveLength(1)
    expect(received[0]).toMatchObject({ method: 'POST', path: '/v1/refunds' })
    expect(received[0]!.headers['idempotency-key']).toBe('01939a2b-0000-7000-8000-0000000000aa')
    expect(received[0]!.form).toMatchObject({ payment_intent: 'pi_3Abc', amount: '1200' })
  })

  it("fails with Stripe's error when Stripe refuses, without retrying a 4xx", async () => {
    const storeId = await stripeStore('stripe-refused')
    received.length = 0
    answer = () => ({
      status: 400,
      body: { error: { type: 'invalid_request_error', message: 'Amount must be at least €0.50 eur' } },
    })
    const provider = await openPaymentProvider(t.platform, storeId)
    await expect(provider!.createCheckoutSession(ORDER)).rejects.toThrow(/Amount must be at least/)
    expect(received).toHaveLength(1)
  })

  it('answers null for a store with no provider, and the TEST provider when only TEST is configured', async () => {
    const { apiKey, storeId } = await t.tenant('stripe-none')
    expect(await openPaymentProvider(t.platform, storeId)).toBeNull()
    expect((await t.gql(apiKey, CONFIGURE, { input: { provider: 'TEST' } })).errors).toBeUndefined()
    const provider = await openPaymentProvider(t.platform, storeId)
    expect(provider?.kind).toBe('TEST')
    const session = await provider!.createCheckoutSession(ORDER)
    expect(session.sessionId).toMatch(/^cs_test_[0-9a-f-]{36}$/)
    expect(session.url).toBe(`/checkout/test-pay/${session.sessionId}`)
    // The same order again: the same session, as Stripe's idempotency key would answer.
    expect(await provider!.createCheckoutSession(ORDER)).toEqual(session)
    await expect(
      provider!.refund({ providerPaymentId: 'pi_test', amount: 100, refundId: 'r' }),
    ).resolves.toBeUndefined()
  })
})
