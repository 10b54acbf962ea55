import type { Principal } from '../auth/authenticate.js'
import type { Logger } from '../../infra/logging/logger.js'
import { bucketKeyOf, type RateLimitedClient } from './credential.js'
import { MemoryBucketStore } from '../../infra/ratelimit/memory.js'
import { ANONYMOUS_PLAN, DEFAULT_PLAN, type Plan, type RateLimitSettings } from '../../infra/ratelimit/plans.js'
import type { BucketState, BucketStore } from '../../infra/ratelimit/port.js'

/** A bucket as clients see it in `extensions.cost.throttleStatus` (Shopify's names). */
export interface ThrottleStatus {
  maximumAvailable: number
  currentlyAvailable: number
  restoreRate: number
}

/** The answer to a request for points. */
export interface Verdict {
  allowed: boolean
  /** When refused: whole seconds to wait (the `Retry-After` header), at least 1. */
  retryAfterSeconds: number
  status: ThrottleStatus
}

/** What the limiter reports for metrics. */
export interface RateLimitObserver {
  storeFailed(): void
}

/** How often a failing bucket store is logged: every failing request would flood the log. */
const STORE_ERROR_LOG_INTERVAL_MS = 30_000

/**
 * Cost-based token buckets per credential (Shopify's leaky bucket): each request takes its cost
 * in points before it runs and is refused while the bucket holds too few; a query that cost less
 * than it asked for gets the difference back.
 *
 * When the bucket store fails (Redis unreachable) requests are let through and a warning is
 * logged: an outage of the limiter must not become an outage of the API. Rate limits protect
 * capacity; they are not an authorization check.
 */
export class RateLimiter {
  private lastStoreErrorLog = 0

  constructor(
    private readonly store: BucketStore | null,
    private readonly settings: RateLimitSettings,
    private readonly logger: Logger,
    private readonly observer: RateLimitObserver = { storeFailed: () => undefined },
    /** The plan of a credential's organization; organizations carry no plan yet, so all are on the default. */
    private readonly planOf: (principal: Principal) => string | undefined = () => undefined,
  ) {}

  /** The plan a credential's requests are limited by; anonymous clients are on the `anonymous` plan if one is set. */
  planFor(client: RateLimitedClient): Plan {
    const plan = client.type === 'anonymous' ? ANONYMOUS_PLAN : this.planOf(client)
    return this.settings.plans[plan ?? DEFAULT_PLAN] ?? this.settings.plans[DEFAULT_PLAN]!
  }

  /** The largest cost one query of this credential may ask for: a larger one could never run. */
  maxQueryCost(client: RateLimitedClient): number {
    return Math.min(this.settings.maxQueryCost, this.planFor(client).bucket)
  }

  /** Takes `cost` points from the credential's bucket, or refuses and says how long to wait. */
  async take(client: RateLimitedClient, cost: number): Promise<Verdict> {
    const plan = this.planFor(client)
    const state = await this.apply(client, cost, plan)
    return {
      allowed: state.allowed,
      retryAfterSeconds: state.allowed ? 0 : Math.max(1, Math.ceil(state.waitSeconds)),
      status: statusOf(state, plan),
    }
  }

  /** Gives back points a request asked for and did not use. */
  async refund(client: RateLimitedClient, points: number): Promise<ThrottleStatus> {
    const plan = this.planFor(client)
    return statusOf(await this.apply(client, -Math.max(0, points), plan), plan)
  }

  /** The bucket as it stands, taking nothing. */
  async peek(client: RateLimitedClient): Promise<ThrottleStatus> {
    const plan = this.planFor(client)
    return statusOf(await this.apply(client, 0, plan), plan)
  }

  async close(): Promise<void> {
    await this.store?.close()
  }

  private async apply(client: RateLimitedClient, cost: number, plan: Plan): Promise<BucketState> {
    if (!this.store) return { allowed: true, available: plan.bucket, waitSeconds: 0 }
    try {
      return await this.store.take(bucketKeyOf(client), cost, plan)
    } catch (error) {
      this.storeFailed(error as Error)
      return { allowed: true, available: plan.bucket, waitSeconds: 0 }
    }
  }

  private storeFailed(error: Error): void {
    this.observer.storeFailed()
    const now = Date.now()
    if (now - this.lastStoreErrorLog < STORE_ERROR_LOG_INTERVAL_MS) return
    this.lastStoreErrorLog = now
    this.logger.warn(
      { err: error },
      'rate-limit buckets unavailable; letting requests through unlimited until they answer again',
    )
  }
}

function statusOf(state: BucketState, plan: Plan): ThrottleStatus {
  // Whole points, as clients budget in them; never more than the bucket holds.
  return {
    maximumAvailable: plan.bucket,
    currentlyAvailable: Math.floor(state.available),
    restoreRate: plan.restorePerSecond,
  }
}

// The Redis client (~13 MB resident) is loaded only by the nodes configured with REDIS_URL.
const redisBuckets = () => import('../../infra/ratelimit/redis.js')

/**
 * The limiter the configuration asks for: Redis buckets with `REDIS_URL` (shared by every API
 * node), else buckets in memory; none at all when rate limiting is disabled.
 */
export async function openRateLimiter(
  config: { redisUrl: string | undefined; rateLimit: RateLimitSettings },
  logger: Logger,
  observer?: RateLimitObserver,
): Promise<RateLimiter> {
  const settings = config.rateLimit
  let lastLogged = 0
  // The client reconnects by itself and every failed take is reported as it happens; one line per interval is enough.
  const connectionFailed = (error: Error): void => {
    if (Date.now() - lastLogged < STORE_ERROR_LOG_INTERVAL_MS) return
    lastLogged = Date.now()
    logger.warn({ err: error }, 'rate-limit Redis connection failed; reconnecting')
  }
  const store: BucketStore | null = !settings.enabled
    ? null
    : config.redisUrl
      ? await (
          await redisBuckets()
        ).RedisBucketStore.open(config.redisUrl, { prefix: settings.redisPrefix, onError: connectionFailed })
      : new MemoryBucketStore()
  return new RateLimiter(store, settings, logger, observer)
}
