import Stripe from 'stripe'
import { v4 as uuidv4 } from 'uuid'
import { findStoreBySlug } from '../../../projections/tenancy/queries.js'
import type { Platform } from '../../platform.js'
import { webhookSigningSecrets } from '../provider/open.js'
import { receiveWebhook, type WebhookAnswer } from './receive.js'
import type { StripeShapedEvent } from './stripe-event.js'

/** Something that answers HTTP in-process: the fastify app (`app.inject`). */
interface Injector {
  inject(options: {
    method: 'POST'
    url: string
    headers: Record<string, string>
    payload: string
  }): Promise<{ statusCode: number; body: string }>
}

/** Where a test webhook goes: straight to the receiver a route runs, or through the app's HTTP routes. */
export type WebhookTarget = Platform | { app: Injector; platform: Platform }

/**
 * A Stripe-shaped event (`{id: 'evt_…', type, created, data: {object}}`) for the TEST provider.
 *
 * @example testEvent('payment_intent.succeeded', {id: 'pi_1', amount: 2500, currency: 'eur', metadata: {orderId}})
 */
export function testEvent(type: string, object: Record<string, unknown>, now = new Date()): StripeShapedEvent {
  return {
    id: `evt_test_${uuidv4().replace(/-/g, '')}`,
    type,
    created: Math.floor(now.getTime() / 1000),
    data: { object },
  }
}

/**
 * Signs `event` exactly as Stripe does (`Stripe-Signature: t=…,v1=…`, the SDK's
 * `generateTestHeaderString`) with the store's current TEST signing secret and delivers it to the
 * real receiver, signature check included: what the TEST provider's pay page and refunds use.
 * Fails when the store has no TEST provider configured.
 */
export async function deliverTestWebhook(
  target: WebhookTarget,
  storeSlug: string,
  event: StripeShapedEvent,
): Promise<WebhookAnswer> {
  const platform = 'app' in target ? target.platform : target
  const store = await findStoreBySlug(platform.database.db, storeSlug)
  const secret = store ? (await webhookSigningSecrets(platform, store.id, 'TEST'))?.[0] : undefined
  if (!secret) throw new Error(`store '${storeSlug}' has no TEST payment provider to sign a webhook with`)
  const payload = JSON.stringify(event)
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret })
  if (!('app' in target))
    return receiveWebhook(
      platform,
      { provider: 'test', storeSlug, rawBody: Buffer.from(payload), signature },
      platform.logger,
    )
  const response = await target.app.inject({
    method: 'POST',
    url: `/api/webhooks/test/${encodeURIComponent(storeSlug)}`,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  })
  return { status: response.statusCode, body: JSON.parse(response.body) as WebhookAnswer['body'] }
}
