import { randomBytes } from 'node:crypto'
import Stripe from 'stripe'
import { graphqlOk } from './graphql.js'

/** What the webhook scenario posts to: the bench store's TEST receiver, and the secret it signs with. */
export interface WebhookTarget {
  url: string
  secret: string
}

const CONFIGURE =
  'mutation ($input: PaymentProviderConfigureInput!) { paymentProviderConfigure(input: $input) { eventPosition } }'

/** Configures the TEST provider on the bench store with a signing secret the bench knows. */
export async function configureWebhook(baseUrl: string, apiKey: string, storeSlug: string): Promise<WebhookTarget> {
  const secret = `whsec_${randomBytes(24).toString('hex')}`
  await graphqlOk(baseUrl, apiKey, CONFIGURE, { input: { provider: 'TEST', webhookSigningSecret: secret } })
  return { url: `${baseUrl}/api/webhooks/test/${storeSlug}`, secret }
}

/**
 * One signed `payment_intent.succeeded` delivery, as Stripe sends it: a new event id and a new
 * payment intent each time, so every request appends real events to a stream of its own.
 */
export function signedDelivery(target: WebhookTarget, seq: number): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    id: `evt_bench_${seq}_${randomBytes(6).toString('hex')}`,
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `pi_bench_${seq}_${randomBytes(6).toString('hex')}`,
        object: 'payment_intent',
        amount: 2500,
        amount_received: 2500,
        currency: 'eur',
        metadata: {},
      },
    },
  })
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret: target.secret }),
    },
  }
}
