import type { DomainEvent } from '../../shared/event.js'

/** What to drop from every cache of the store's storefront: nodes and the CDN follow these events. */
export type CachePurgeRequested = DomainEvent<
  'CachePurgeRequested',
  { storeId: string; purgeId: string; paths: string[]; surrogateKeys: string[]; all: boolean }
>
/** The store's read models are being rebuilt from its events; progress lives with the rebuild requests. */
export type CacheRebuildRequested = DomainEvent<'CacheRebuildRequested', { storeId: string; rebuildId: string }>

export type CacheEvent = CachePurgeRequested | CacheRebuildRequested
