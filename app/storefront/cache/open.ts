import { MemoryStorefrontCache, noopCdn, type StorefrontCache } from '../../../infra/cache/storefront-cache.js'
import { HttpCdnPurge } from '../../../infra/cache/cdn-purge.js'
import type { Platform } from '../../platform.js'
import { CachePurger } from './purger.js'

// The Redis client (~13 MB resident) is loaded only by the nodes whose cache is Redis.
const redisCache = () => import('../../../infra/cache/redis-storefront-cache.js')

/** A rendered page lives at most this long without a purge: a bound on Redis memory, not on freshness. */
const REDIS_ENTRY_TTL_SECONDS = 86_400

export interface RunningStorefrontCache {
  /** Null with `STOREFRONT_CACHE=off`: every request renders. */
  cache: StorefrontCache | null
  close(): Promise<void>
}

/**
 * The node's storefront cache as `STOREFRONT_CACHE` says (Redis when `REDIS_URL` is set, else in
 * process; `off` renders every request), with its purger following the log, and every write's
 * read-your-writes waiting for that purger. The purger runs with the cache off too: it keeps the
 * node's catalog facet indexes (catalog-index.ts) and render contexts (render-context.ts) current.
 */
export async function openStorefrontCache(platform: Platform): Promise<RunningStorefrontCache> {
  const { storefrontCache, redisUrl, readWaitMs } = platform.config
  if (storefrontCache.kind === 'redis' && !redisUrl) throw new Error('STOREFRONT_CACHE=redis needs REDIS_URL')
  const cache =
    storefrontCache.kind === 'off'
      ? null
      : storefrontCache.kind === 'redis'
        ? await (
            await redisCache()
          ).RedisStorefrontCache.open(redisUrl!, {
            prefix: storefrontCache.redisPrefix,
            ttlSeconds: REDIS_ENTRY_TTL_SECONDS,
            onError: (error) => platform.logger.warn({ err: error }, 'storefront cache: Redis connection trouble'),
          })
        : new MemoryStorefrontCache()
  const purger = new CachePurger({
    eventStore: platform.eventStore,
    readModels: platform.waiter,
    // The in-process targets first: a page rendered between two purges must not read an index or
    // context from before the change and still be kept under the page cache's new generation.
    targets: [
      platform.hosts,
      platform.catalogIndexes,
      platform.renderContexts,
      platform.keptProducts,
      ...(cache ? [cache] : []),
    ],
    // Uncached responses carry no surrogate keys: a CDN keeps none of them, so there is nothing to purge there.
    cdn:
      cache && platform.config.cdnPurge
        ? new HttpCdnPurge(platform.config.cdnPurge, { logger: platform.logger, metrics: platform.metrics })
        : noopCdn,
    readWaitMs,
    logger: platform.logger,
  })
  await purger.start()
  // From here on every change reaches the hosts, indexes and contexts: they may be used.
  platform.hosts.follow()
  platform.catalogIndexes.follow()
  platform.renderContexts.follow()
  platform.keptProducts.follow()
  const unfollow = platform.followWrites(purger)
  return {
    cache,
    close: async () => {
      unfollow()
      platform.hosts.unfollow()
      platform.catalogIndexes.unfollow()
      platform.renderContexts.unfollow()
      platform.keptProducts.unfollow()
      await purger.stop()
      await cache?.close()
    },
  }
}
