import { stripeSdk } from '../stripe-sdk.js'
import { v7 as uuidv7 } from 'uuid'
import { paymentEventRecord } from '../../../domain/payments/payment/definitions.js'
import type { PaymentProviderKind } from '../../../domain/payments/payment/streams.js'
import { DomainError } from '../../../domain/shared/errors.js'
import type { Logger } from '../../../infra/logging/logger.js'
import type { CommandContext } from '../../commands/context.js'
import type { Platform } from '../../platform.js'
import { webhookTarget } from './targets.js'
import { webhookCounter, type WebhookOutcome } from './metrics.js'
import { HANDLED_EVENT_TYPES, paymentFacts, type StripeShapedEvent } from './stripe-event.js'

/** Stripe's own default: a signature older (or newer) than five minutes is refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 300

/** The body the receiver reads at most; a larger one answers 413 before any work. */
export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024

/** The provider segment of `/api/webhooks/<provider>/:store_slug`. */
export const WEBHOOK_PROVIDERS: Readonly<Record<string, PaymentProviderKind>> = { stripe: 'STRIPE', test: 'TEST' }

/** One delivery as it came over HTTP: the raw bytes are what the signature covers. */
export interface WebhookDelivery {
  /** `stripe` or `test`, from the path. */
  provider: string
  storeSlug: string
  rawBody: Buffer
  /** The `Stripe-Signature` header. */
  signature: string | undefined
}

export interface WebhookAnswer {
  status: number
  body: { received: true; outcome: WebhookOutcome } | { errors: { message: string; extensions: { code: string } }[] }
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/i

/** A command that clashed with concurrent deliveries of the same event is decided again on fresh state. */
const CONFLICT_RETRIES = 3

/**
 * The payment webhook receiver (ARCHITECTURE.md, "Payment webhook"), transport-free so the HTTP
 * route and `deliverTestWebhook` run the same code: find the store, check the signature with the
 * official `stripe.webhooks.constructEvent` against each of the store's current signing secrets,
 * translate the event into `paymentEventRecord` and answer 2xx only once its events are appended.
 * The commerce toggle does not stop it: orders already placed must still learn they are paid.
 */
export async function receiveWebhook(
  platform: Platform,
  delivery: WebhookDelivery,
  log: Pick<Logger, 'info' | 'warn' | 'error'>,
): Promise<WebhookAnswer> {
  const counter = webhookCounter(platform.metrics)
  const provider = WEBHOOK_PROVIDERS[delivery.provider]
  const count = (type: string, outcome: WebhookOutcome) =>
    counter.inc({ provider: provider ? delivery.provider : 'unknown', type, outcome })
  // A slug is lower-case letters, digits and hyphens: anything else names no store (and never reaches SQL).
  const target =
    provider && SLUG.test(delivery.storeSlug) ? await webhookTarget(platform, provider, delivery.storeSlug) : null
  if (!provider || !target) {
    count('unverified', 'not_found')
    return failure(
      404,
      'NOT_FOUND',
      `no store '${delivery.storeSlug}' receives ${delivery.provider} webhooks here; check the webhook URL in the provider's dashboard`,
    )
  }
  const store = { id: target.storeId, organizationId: target.organizationId }
  if (!delivery.signature) {
    count('unverified', 'rejected')
    return failure(400, 'BAD_REQUEST', 'the Stripe-Signature header is missing; webhooks must be signed')
  }
  const event = await verify(delivery.rawBody, delivery.signature, target.secrets)
  if (typeof event === 'string') {
    count('unverified', 'rejected')
    log.warn({ provider, storeId: store.id, reason: event }, 'payment webhook refused: bad signature')
    return failure(400, 'BAD_REQUEST', `the webhook signature does not verify: ${event}`)
  }
  const type = HANDLED_EVENT_TYPES[event.type] ? event.type : 'other'
  const input = paymentFacts(provider, event)
  if (!input) {
    count(type, 'ignored')
    log.info({ provider, storeId: store.id, eventId: event.id, type: event.type }, 'payment webhook ignored')
    return { status: 200, body: { received: true, outcome: 'ignored' } }
  }
  const ctx: CommandContext = {
    organizationId: store.organizationId,
    storeId: store.id,
    actor: { type: 'webhook', id: delivery.provider, name: `${delivery.provider} webhook` },
    scopes: ['orders:write'],
    correlationId: uuidv7(),
    causationId: null,
    now: new Date(),
  }
  try {
    const result = await recordWithRetry(platform, input, ctx)
    const outcome: WebhookOutcome = result.position === null ? 'duplicate' : 'recorded'
    count(type, outcome)
    return { status: 200, body: { received: true, outcome } }
  } catch (error) {
    count(type, 'failed')
    if (error instanceof DomainError && error.code === 'BAD_USER_INPUT') {
      // A signed event we cannot read will not read better on a retry: say so, and let the provider stop.
      log.warn({ provider, storeId: store.id, eventId: event.id, err: error }, 'payment webhook unreadable')
      return failure(400, 'BAD_REQUEST', `the event could not be recorded: ${error.message}`)
    }
    // Anything else: nothing is acknowledged, so the provider delivers it again.
    log.error({ provider, storeId: store.id, eventId: event.id, err: error }, 'payment webhook not recorded')
    const unavailable = error instanceof DomainError && error.code === 'SERVICE_UNAVAILABLE'
    return unavailable
      ? failure(503, 'SERVICE_UNAVAILABLE', 'the store is catching up; the provider will retry')
      : failure(500, 'INTERNAL_SERVER_ERROR', 'the event was not recorded; the provider will retry')
  }
}

async function recordWithRetry(platform: Platform, input: unknown, ctx: CommandContext) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await platform.execute(paymentEventRecord, input, ctx)
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'CONFLICT' || attempt >= CONFLICT_RETRIES) throw error
    }
  }
}

/** The verified event, or why no secret verifies it. Signing secrets rotate: any current one may have signed. */
async function verify(
  rawBody: Buffer,
  header: string,
  secrets: readonly string[],
): Promise<StripeShapedEvent | string> {
  const Stripe = await stripeSdk()
  let reason = 'no signing secret matches'
  for (const secret of secrets) {
    try {
      const event = Stripe.webhooks.constructEvent(rawBody, header, secret, SIGNATURE_TOLERANCE_SECONDS)
      const skew = signedAt(header) - Date.now() / 1000
      // constructEvent refuses old timestamps only; ARCHITECTURE.md asks for five minutes both ways.
      if (skew > SIGNATURE_TOLERANCE_SECONDS) return 'timestamp is in the future beyond the tolerance'
      return asStripeShaped(event)
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error)
      if (/timestamp/i.test(reason)) return 'timestamp outside the 300 s tolerance; check the server clock'
    }
  }
  return reason.includes('No signatures found') ? 'no signature matches any of the store signing secrets' : reason
}

function signedAt(header: string): number {
  const t = /(?:^|,)\s*t=(\d+)/.exec(header)
  return t ? Number(t[1]) : 0
}

function asStripeShaped(event: unknown): StripeShapedEvent {
  const e = event as Partial<StripeShapedEvent>
  if (typeof e?.id !== 'string' || typeof e.type !== 'string' || !e.data || typeof e.data.object !== 'object')
    throw new Error('the event is not shaped like a Stripe event ({id, type, data: {object}})')
  return e as StripeShapedEvent
}

function failure(status: number, code: string, message: string): WebhookAnswer {
  return { status, body: { errors: [{ message, extensions: { code } }] } }
}
