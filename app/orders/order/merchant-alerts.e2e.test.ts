import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { usePaymentServices } from '../../payments/provider/services.js'
import { startTestApp, type Tenant, type TestApp } from '../../../test/support/app.js'
import {
  newEventId,
  newSigningSecret,
  placeOrder,
  postWebhook,
  signPayload,
  succeededEvent,
} from '../../../test/support/payments.js'
import { captureMail, createStore, sessionGql, signUp } from '../../../test/support/session.js'
import type { CapturingMailer } from '../../../infra/mail/mailer.js'

// The merchant hears of a payment that needs a person: a mismatched amount, a dispute, a refund
// the provider refused (Stripe played by a local server that refuses every refund).

let t: TestApp
let mail: CapturingMailer
let shop: Tenant
let owner: Awaited<ReturnType<typeof signUp>>
let fakeStripe: Server
const secret = newSigningSecret()
const OWNER = 'owner@alerts.example'

beforeAll(async () => {
  fakeStripe = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      response.writeHead(400, { 'content-type': 'application/json', 'request-id': 'req_fake' })
      response.end(
        JSON.stringify({ error: { type: 'invalid_request_error', message: 'Charge has already been refunded.' } }),
      )
    })
  })
  await new Promise<void>((resolve) => fakeStripe.listen(0, '127.0.0.1', resolve))
  t = await startTestApp()
  usePaymentServices(t.platform, {
    stripeApi: { host: '127.0.0.1', port: (fakeStripe.address() as AddressInfo).port, protocol: 'http' },
  })
  mail = captureMail(t)
  owner = await signUp(t, OWNER, 'Alert Org')
  const store = await createStore(t, owner, 'alert-shop')
  const configured = await sessionGql(
    t,
    owner.cookie,
    'mutation ($input: PaymentProviderConfigureInput!) { paymentProviderConfigure(input: $input) { eventPosition } }',
    { input: { provider: 'TEST', webhookSigningSecret: secret } },
    { 'x-store': store.slug },
  )
  expect(configured.errors).toBeUndefined()
  shop = { organizationId: owner.organizationId, storeId: store.id, storeSlug: store.slug, apiKey: '' }
})
afterAll(async () => {
  await t?.close()
  await new Promise((resolve) => fakeStripe.close(resolve))
})

const deliver = (event: object) => {
  const payload = JSON.stringify(event)
  return postWebhook(t, shop.storeSlug, payload, signPayload(payload, secret))
}

describe('merchant payment alerts', () => {
  it('mails the owner when the provider took another amount than the order total', async () => {
    const orderId = await placeOrder(t, shop, 2500, 'EUR')
    expect((await deliver(succeededEvent(orderId, `pi_${newEventId()}`, 100))).statusCode).toBe(200)
    const sent = await vi.waitFor(() => {
      const found = mail.last('payment-mismatch', OWNER)
      expect(found).toBeDefined()
      return found!
    })
    expect(sent.subject).toMatch(/^Payment for order #\d+ does not match its total$/)
    expect(sent.text).toContain('took 1.00 EUR')
    expect(sent.text).toContain('whose total is 25.00 EUR')
    expect(sent.text).toContain('Store alert-shop (alert-shop)')
  })

  it('mails the owner when a shopper disputes a charge', async () => {
    const orderId = await placeOrder(t, shop, 2500, 'EUR')
    const pi = `pi_${newEventId()}`
    expect((await deliver(succeededEvent(orderId, pi, 2500))).statusCode).toBe(200)
    const dispute = {
      id: newEventId(),
      type: 'charge.dispute.created',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: `dp_${pi}`,
          object: 'dispute',
          payment_intent: pi,
          charge: `ch_${pi}`,
          amount: 2500,
          currency: 'eur',
          reason: 'fraudulent',
          metadata: { orderId },
        },
      },
    }
    expect((await deliver(dispute)).statusCode).toBe(200)
    const sent = await vi.waitFor(() => {
      const found = mail.last('payment-dispute', OWNER)
      expect(found).toBeDefined()
      return found!
    })
    expect(sent.subject).toMatch(/^A payment for order #\d+ is disputed$/)
    expect(sent.text).toContain('disputed 25.00 EUR')
    expect(sent.text).toContain('reason: fraudulent')
  })

  it('mails the owner when the provider refuses a refund, and no money moves', async () => {
    const stripeSecret = newSigningSecret()
    const store = await createStore(t, owner, 'alert-stripe')
    const configure = await sessionGql(
      t,
      owner.cookie,
      'mutation ($input: PaymentProviderConfigureInput!) { paymentProviderConfigure(input: $input) { eventPosition } }',
      {
        input: {
          provider: 'STRIPE',
          secretKey: 'sk_test_51FakeKeyForTheLocalServer00',
          webhookSigningSecret: stripeSecret,
        },
      },
      { 'x-store': store.slug },
    )
    expect(configure.errors).toBeUndefined()
    const stripeShop = { ...shop, storeId: store.id, storeSlug: store.slug }
    const orderId = await placeOrder(t, stripeShop, 2500, 'EUR')
    const paid = JSON.stringify(succeededEvent(orderId, `pi_${newEventId()}`, 2500))
    expect((await postWebhook(t, store.slug, paid, signPayload(paid, stripeSecret), 'stripe')).statusCode).toBe(200)
    const ORDER = 'query ($id: ID!) { order(id: $id) { status totalRefunded { amount } } }'
    await vi.waitFor(async () => {
      const answer = await sessionGql<{ order: { status: string } }>(
        t,
        owner.cookie,
        ORDER,
        { id: orderId },
        { 'x-store': store.slug },
      )
      expect(answer.data?.order.status).toBe('PAID')
    })
    const refund = await sessionGql(
      t,
      owner.cookie,
      'mutation ($input: OrderRefundInput!) { orderRefund(input: $input) { eventPosition } }',
      { input: { orderId, amount: 1000 } },
      { 'x-store': store.slug },
    )
    expect(refund.errors).toBeUndefined()
    const sent = await vi.waitFor(() => {
      const found = mail.last('refund-refused', OWNER)
      expect(found).toBeDefined()
      return found!
    })
    expect(sent.subject).toMatch(/^The refund for order #\d+ was refused$/)
    expect(sent.text).toContain('refused to refund 10.00 EUR')
    expect(sent.text).toContain('Charge has already been refunded.')
    const after = await sessionGql<{ order: { totalRefunded: { amount: string } } }>(
      t,
      owner.cookie,
      ORDER,
      { id: orderId },
      { 'x-store': store.slug },
    )
    expect(after.data?.order.totalRefunded.amount).toBe('0.00')
  })
})
