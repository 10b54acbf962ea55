import type { Logger } from '../../infra/logging/logger.js'
import { readGlobalSettings } from '../../projections/settings/global-settings/queries.js'
import { findStoreDetails } from '../../projections/tenancy/store-queries.js'
import type { Platform } from '../platform.js'
import { openRateLimiter, type RateLimiter } from '../ratelimit/limiter.js'
import { decideHost } from '../storefront/host.js'
import { storeOfHost } from '../tenancy/host.js'
import { StorefrontSession } from './session.js'

/** What a request's Host means to the storefront API: the platform's own host, or a store's. */
export type StorefrontApiHost =
  { kind: 'platform' } | { kind: 'store'; storeId: string; organizationId: string; origin: string }

/**
 * The store a Host header names, on any of its hosts: unlike pages, an API call is not
 * redirected to the primary domain (a POST would not follow), it is answered where it was sent.
 */
export async function storefrontApiHost(
  platform: Platform,
  host: string | undefined,
  url: string,
  protocol: string,
): Promise<StorefrontApiHost> {
  const decision = await decideHost(platform, host, url, protocol)
  if (decision.kind === 'store')
    return {
      kind: 'store',
      storeId: decision.store.storeId,
      organizationId: decision.store.organizationId,
      origin: decision.origin,
    }
  const store = decision.kind === 'redirect' && host ? await storeOfHost(platform, host) : null
  if (!store) return { kind: 'platform' }
  return {
    kind: 'store',
    storeId: store.storeId,
    organizationId: store.organizationId,
    origin: `${protocol}://${store.primaryHost}`,
  }
}

/** The session of one request, or null while the store's read models do not show it yet. */
export async function openStorefrontSession(
  platform: Platform,
  host: Extract<StorefrontApiHost, { kind: 'store' }>,
  now: Date,
): Promise<StorefrontSession | null> {
  const db = platform.database.db
  const store = await findStoreDetails(db, { organizationId: host.organizationId, storeIds: null }, host.storeId)
  return store && new StorefrontSession(db, store, now, host.origin, platform.catalogIndexes)
}

/**
 * Whether the store is closed for maintenance, and the merchant's message when it is. The API
 * closes with the rendered pages: a headless front end is the store's shop window and till just
 * as the pages are, so reads, carts and checkout all wait until the merchant reopens.
 */
export async function maintenanceOf(platform: Platform, storeId: string): Promise<{ message: string } | null> {
  const { maintenance } = await readGlobalSettings(platform.database.db, storeId)
  return maintenance.values.enabled === true ? { message: String(maintenance.values.message ?? '') } : null
}

/**
 * The storefront API's own buckets, one per client address, apart from the admin API's: the
 * same limiter (Redis when configured, else memory) under its own key prefix, with the plan of
 * `STOREFRONT_API_RATE_LIMIT` (each request costs one point).
 */
export function openStorefrontLimiter(platform: Platform, logger: Logger): Promise<RateLimiter> {
  const { config } = platform
  const plan = config.storefrontApiRateLimit
  return openRateLimiter(
    {
      redisUrl: config.redisUrl,
      rateLimit: {
        ...config.rateLimit,
        plans: { standard: plan, anonymous: plan },
        redisPrefix: `${config.rateLimit.redisPrefix}storefront-api:`,
      },
    },
    logger,
  )
}
