import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
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

// The merchant hears of a payment that needs a person: a mismatched amount, a dispute.

let t: TestApp
let mail: CapturingMailer
let shop: Tenant
const secret = newSigningSecret()
const OWNER = 'owner@alerts.example'

beforeAll(async () => {
  t = await startTestApp()
  mail = captureMail(t)
  const owner = await signUp(t, OWNER, 'Alert Org')
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
afterAll(() => t.close())

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
})
