import type { CachePurgeRequested } from '../../domain/settings/cache/events.js'
import type { EventStore, Subscription } from '../eventstore/port.js'
import type { Logger } from '../logging/logger.js'
import type { CdnAdapter, StorefrontCache } from './storefront-cache.js'

/**
 * Follows purge events from `from` on (a node's cache starts empty, so it need not see older
 * ones) and applies each to the local cache and the CDN. A CDN failure is logged, not retried
 * forever: the next purge or the CDN's own expiry covers it, and the local cache is purged anyway.
 *
 * @example const following = followPurges({ eventStore, cache, cdn: noopCdn, from: await eventStore.headPosition(), logger })
 */
export function followPurges(options: {
  eventStore: EventStore
  cache: StorefrontCache
  cdn: CdnAdapter
  from: string | null
  logger?: Logger
}): Subscription {
  return options.eventStore.subscribe({
    from: options.from,
    filter: { eventTypes: ['CachePurgeRequested'] },
    async onEvents(events) {
      for (const event of events) {
        const { storeId, paths, surrogateKeys, all } = event.data as CachePurgeRequested['data']
        const request = { storeId, paths, surrogateKeys, all }
        options.cache.purge(request)
        await options.cdn
          .purge(request)
          .catch((error: unknown) => options.logger?.warn({ err: error, storeId }, 'CDN purge failed'))
      }
    },
    onError: (error) => options.logger?.error({ err: error }, 'following cache purges failed'),
  })
}
