import type { PaymentProviderKind } from '../../../domain/payments/payment/streams.js'
import { findStoreBySlug } from '../../../projections/tenancy/queries.js'
import type { Platform } from '../../platform.js'
import { webhookSigningSecrets } from '../provider/open.js'

/** Where a delivery goes: the active store of the slug and its current signing secrets for the provider. */
export interface WebhookTarget {
  storeId: string
  organizationId: string
  secrets: readonly string[]
}

interface Entry {
  target: WebhookTarget
  generation: string
  cachedAt: number
}

/**
 * Bounds how long a remembered target may outlive the time-based end of a rotation overlap (which
 * no event marks); every change by event (a store archived, a secret rotated, an overlap ended by
 * command) moves the generation and is seen at the next delivery.
 */
const TTL_MS = 1_000
const MAX_ENTRIES = 10_000

const caches = new WeakMap<Platform, Map<string, Entry>>()

/**
 * The store and signing secrets of `/api/webhooks/<provider>/<slug>`, or null (404). Remembered per
 * platform like authenticated keys (app/auth/credentials.ts): tied to the checkpoints of the tenancy
 * and payment provider read models, which move with every store and provider event, and held at
 * most a second. Misses are never remembered.
 */
export async function webhookTarget(
  platform: Platform,
  provider: PaymentProviderKind,
  slug: string,
  now = Date.now(),
): Promise<WebhookTarget | null> {
  let cache = caches.get(platform)
  if (!cache) caches.set(platform, (cache = new Map()))
  const key = `${provider}:${slug.toLowerCase()}`
  const generation = `${platform.waiter.checkpoint('tenancy')}|${platform.waiter.checkpoint('payment_providers')}`
  const hit = cache.get(key)
  if (hit && hit.generation === generation && now - hit.cachedAt < TTL_MS) return hit.target
  const store = await findStoreBySlug(platform.database.db, slug)
  if (!store || store.status !== 'ACTIVE') return null
  const secrets = await webhookSigningSecrets(platform, store.id, provider)
  if (!secrets || secrets.length === 0) return null
  const target = { storeId: store.id, organizationId: store.organizationId, secrets }
  cache.delete(key)
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!)
  cache.set(key, { target, generation, cachedAt: now })
  return target
}
