import { randomBytes } from 'node:crypto'
import Stripe from 'stripe'
import { v7 as uuidv7 } from 'uuid'
import { expect } from 'vitest'
import { systemContext } from '../../app/commands/context.js'
import { orderPlace } from '../../domain/orders/order/definitions.js'
import { paymentIdOf } from '../../domain/payments/payment/streams.js'
import { findOrderForStore } from '../../projections/orders/order/queries.js'
import type { Tenant, TestApp } from './app.js'

/** A tenant whose store has the TEST provider configured with a signing secret the test knows. */
export type Shop = Tenant & { secret: string }

export const newSigningSecret = () => `whsec_${randomBytes(24).toString('hex')}`

export async function configurePaymentProvider(t: TestApp, apiKey: string, input: Record<string, unknown>) {
  const response = await t.gql(
    apiKey,
    'mutation ($input: PaymentProviderConfigureInput!) { paymentProviderConfigure(input: $input) { eventPosition } }',
    { input },
  )
  expect(response.errors).toBeUndefined()
}

export async function testShop(t: TestApp, slug: string): Promise<Shop> {
  const tenant = await t.tenant(slug)
  const secret = newSigningSecret()
  await configurePaymentProvider(t, tenant.apiKey, { provider: 'TEST', webhookSigningSecret: secret })
  return { ...tenant, secret }
}

/** Checkout places orders on the server (`orderPlace` has no transport); a test stands in for it. */
export async function placeOrder(t: TestApp, shop: Tenant, total = 2500, currencyCode = 'EUR'): Promise<string> {
  const orderId = uuidv7()
  const ctx = systemContext(shop, { type: 'system', id: 'checkout-test' }, ['orders:write'])
  await t.platform.execute(
    orderPlace,
    {
      orderId,
      customerId: uuidv7(),
      lines: [
        {
          productId: uuidv7(),
          variantId: uuidv7(),
          title: 'Linen shirt',
          variantTitle: null,
          sku: null,
          quantity: 1,
          unitPrice: total,
        },
      ],
      currencyCode,
      subtotal: total,
      shipping: { name: 'Free', amount: 0 },
      tax: { rate: 0, inclusive: true, amount: 0 },
      total,
      provider: 'TEST',
      reservationExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    },
    ctx,
  )
  return orderId
}

export const newPaymentIntentId = () => `pi_${randomBytes(12).toString('hex')}`
export const newEventId = () => `evt_${randomBytes(12).toString('hex')}`

/** A Stripe webhook event of `type` about `object` (its `metadata` naming the order, if any), created now. */
function stripeEvent<Body extends object>(id: string, type: string, object: Body, orderId: string | null) {
  return {
    id,
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: { ...object, metadata: orderId ? { orderId } : {} } },
  }
}

export function succeededEvent(orderId: string | null, pi: string, amount = 2500, currency = 'eur', id = newEventId()) {
  const intent = { id: pi, object: 'payment_intent', amount, amount_received: amount, currency }
  return stripeEvent(id, 'payment_intent.succeeded', intent, orderId)
}

export function refundedEvent(pi: string, amountRefunded: number, orderId: string | null = null, id = newEventId()) {
  const charge = {
    id: `ch_${pi}`,
    object: 'charge',
    payment_intent: pi,
    amount: 2500,
    amount_refunded: amountRefunded,
    currency: 'eur',
  }
  return stripeEvent(id, 'charge.refunded', charge, orderId)
}

/** `Stripe-Signature` as Stripe computes it, through the SDK. */
export const signPayload = (payload: string, secret: string, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) })

export function postWebhook(t: TestApp, slug: string, payload: string, signature: string | null, provider = 'test') {
  return t.app.inject({
    method: 'POST',
    url: `/api/webhooks/${provider}/${slug}`,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  })
}

/** Event types recorded on a payment's stream, read from the log. */
export async function paymentEventTypes(t: TestApp, shop: Tenant, pi: string, provider: 'TEST' | 'STRIPE' = 'TEST') {
  const stream = `payment-${shop.storeId}_${paymentIdOf(provider, pi)}`
  return (await t.platform.eventStore.readStream(stream)).map((e) => e.type)
}

/** An order's events from the log (the order's read model and GraphQL slice are the orders part's). */
export async function orderEvents(t: TestApp, shop: Tenant, orderId: string) {
  return (await t.platform.eventStore.readStream(`order-${shop.storeId}_${orderId}`)).map((e) => ({
    type: e.type,
    data: e.data,
  }))
}

/** Waits until the order's stream holds an event of `type`; answers all its events. */
export async function waitForOrderEvent(t: TestApp, shop: Tenant, orderId: string, type: string) {
  let events: Awaited<ReturnType<typeof orderEvents>> = []
  await expect
    .poll(
      async () => {
        events = await orderEvents(t, shop, orderId)
        return events.map((e) => e.type)
      },
      { timeout: 10_000, interval: 50 },
    )
    .toContain(type)
  return events
}

/** Waits until the orders read model (what `order(id)` serves) shows the order with these statuses. */
export async function waitForOrderStatus(
  t: TestApp,
  shop: Tenant,
  orderId: string,
  expected: { status?: string; paymentStatus?: string },
) {
  await expect
    .poll(
      async () => {
        const order = await findOrderForStore(t.platform.database.db, shop.storeId, orderId)
        return order ? { status: order.status, paymentStatus: order.paymentStatus } : null
      },
      { timeout: 10_000, interval: 50 },
    )
    .toMatchObject(expected)
}
