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
  await configureProvider(store.slug, { provider: 'TEST', webhookSigningSecret: secret })
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

/** The last mail of `template` to the owner, once it has been sent. */
function mailedToOwner(template: string) {
  return vi.waitFor(() => {
    const found = mail.last(template, OWNER)
    expect(found).toBeDefined()
    return found!
  })
}

/** A GraphQL request of the owner's session to the store `slug`. */
function asOwner<Data>(slug: string, query: string, variables: Record<string, unknown>) {
  return sessionGql<Data>(t, owner.cookie, query, variables, { 'x-store': slug })
}

/** Configures the payment provider of the store `slug` as its owner would. */
async function configureProvider(slug: string, input: Record<string, unknown>) {
  const configured = await asOwner(
    slug,
    'mutation ($input: PaymentProviderConfigureInput!) { paymentProviderConfigure(input: $input) { eventPosition } }',
    { input },
  )
  expect(configured.errors).toBeUndefined()
}

describe('merchant payment alerts', () => {
  it('mails the owner when the provider took another amount than the order total', async () => {
    const orderId = await placeOrder(t, shop, 2500, 'EUR')
    expect((await deliver(succeededEvent(orderId, `pi_${newEventId()}`, 100))).statusCode).toBe(200)
    const sent = await mailedToOwner('payment-mismatch')
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
    const sent = await mailedToOwner('payment-dispute')
    expect(sent.subject).toMatch(/^A payment for order #\d+ is disputed$/)
    expect(sent.text).toContain('disputed 25.00 EUR')
    expect(sent.text).toContain('reason: fraudulent')
  })

  it('mails the owner when the provider refuses a refund, and no money moves', async () => {
    const stripeSecret = newSigningSecret()
    const store = await createStore(t, owner, 'alert-stripe')
    await configureProvider(store.slug, {
      provider: 'STRIPE',
      secretKey: 'sk_test_51FakeKeyForTheLocalServer00',
      webhookSigningSecret: stripeSecret,
    })
    const stripeShop = { ...shop, storeId: store.id, storeSlug: store.slug }
    const orderId = await placeOrder(t, stripeShop, 2500, 'EUR')
    const paid = JSON.stringify(succeededEvent(orderId, `pi_${newEventId()}`, 2500))
    expect((await postWebhook(t, store.slug, paid, signPayload(paid, stripeSecret), 'stripe')).statusCode).toBe(200)
    const ORDER = 'query ($id: ID!) { order(id: $id) { status totalRefunded { amount } } }'
    await vi.waitFor(async () => {
      const answer = await asOwner<{ order: { status: string } }>(store.slug, ORDER, { id: orderId })
      expect(answer.data?.order.status).toBe('PAID')
    })
    const refund = await asOwner(
      store.slug,
      'mutation ($input: OrderRefundInput!) { orderRefund(input: $input) { eventPosition } }',
      { input: { orderId, amount: 1000 } },
    )
    expect(refund.errors).toBeUndefined()
    const sent = await mailedToOwner('refund-refused')
    expect(sent.subject).toMatch(/^The refund for order #\d+ was refused$/)
    expect(sent.text).toContain('refused to refund 10.00 EUR')
    expect(sent.text).toContain('Charge has already been refunded.')
    const after = await asOwner<{ order: { totalRefunded: { amount: string } } }>(store.slug, ORDER, { id: orderId })
    expect(after.data?.order.totalRefunded.amount).toBe('0.00')
  })
})
