import {
  comparePositions,
  type EventStore,
  type RecordedEvent,
  type Subscription,
} from '../../../infra/eventstore/port.js'
import type { CdnAdapter, PurgeRequest } from '../../../infra/cache/storefront-cache.js'
import type { Logger } from '../../../infra/logging/logger.js'
import type { WriteFollower } from '../../platform.js'
import { parseStreamName } from '../../../domain/shared/streams.js'
import { PURGING_CATEGORIES, purgeOf } from './purge-of.js'

/** Something this node keeps that a purge makes stale. */
export interface PurgeTarget {
  purge(request: PurgeRequest): Promise<void>
}

/** The read models' side of read-your-writes: resolves once the projections of `events` show them. */
export interface ReadModelsWaiter {
  waitFor(events: readonly { type: string; position: string }[], timeoutMs: number): Promise<boolean>
}

interface Waiting {
  position: string
  resolve: (done: boolean) => void
}

/**
 * Keeps a storefront cache fresh: follows the events that change what shoppers see and, once the
 * read models show a batch (a purge before that would let a render of the old rows back in),
 * purges what the batch touched from the cache, then sends it to the CDN. A cache purge that fails
 * (Redis away) fails the batch, which the subscription retries from the same place: no purge is
 * skipped. The CDN's purge runs beside (its adapter retries, then logs and counts a failure).
 *
 * Each node that serves the storefront runs one from the log's head at start (its memory cache
 * starts empty; a shared Redis cache is purged by every node's purger, which is idempotent; so is
 * the CDN, so the last node's CDN purge comes after every node dropped its copy), and a write
 * waits for its node's purger as part of read-your-writes.
 */
export class CachePurger implements WriteFollower {
  private position: string | null = null
  private readonly waiting = new Set<Waiting>()
  private subscription: Subscription | null = null
  private readonly edgePurges = new Set<Promise<void>>()

  constructor(
    private readonly options: {
      eventStore: EventStore
      readModels: ReadModelsWaiter
      /** What this node keeps of rendered storefronts: its catalog facet indexes, render contexts, page cache; in that order. */
      targets: readonly PurgeTarget[]
      cdn: CdnAdapter
      /** How long a batch waits for the read models before it purges anyway. */
      readWaitMs: number
      logger: Logger
    },
  ) {}

  async start(): Promise<void> {
    const filter = { categories: PURGING_CATEGORIES }
    this.position = await this.options.eventStore.headPosition(filter)
    this.subscription = this.options.eventStore.subscribe({
      from: this.position,
      filter,
      onEvents: (events) => this.purge(events),
      onError: (error) => this.options.logger.warn({ err: error }, 'purging the storefront cache failed; retrying'),
    })
  }

  async stop(): Promise<void> {
    await this.subscription?.close()
    await Promise.allSettled([...this.edgePurges])
    for (const waiting of this.waiting) waiting.resolve(false)
    this.waiting.clear()
  }

  /**
   * Resolves true once every purge a command's events call for is done, false after `timeoutMs`: the part of
   * read-your-writes that makes the next storefront request, from any host, render the write.
   */
  waitFor(result: { stream: string; events: readonly { position: string }[] }, timeoutMs: number): Promise<boolean> {
    const last = PURGING_CATEGORIES.includes(parseStreamName(result.stream).category) ? result.events.at(-1) : undefined
    if (!last || comparePositions(this.position, last.position) >= 0) return Promise.resolve(true)
    return new Promise((resolve) => {
      const waiting: Waiting = {
        position: last.position,
        resolve: (done) => {
          clearTimeout(timer)
          this.waiting.delete(waiting)
          resolve(done)
        },
      }
      const timer = setTimeout(() => waiting.resolve(false), timeoutMs)
      this.waiting.add(waiting)
    })
  }

  private async purge(events: RecordedEvent[]): Promise<void> {
    const shown = await this.options.readModels.waitFor(events, this.options.readWaitMs)
    if (!shown)
      this.options.logger.warn({ position: events.at(-1)?.position }, 'purging before the read models caught up')
    for (const request of mergeByStore(events.map(purgeOf))) {
      for (const target of this.options.targets) await target.purge(request)
      this.purgeEdge(request)
    }
    this.position = events.at(-1)!.position
    for (const waiting of this.waiting)
      if (comparePositions(this.position, waiting.position) >= 0) waiting.resolve(true)
  }

  /**
   * Tells the CDN once this node's cache is purged (else the CDN could fetch the old page from it
   * again), without holding the batch: a CDN API that is slow or down (retried with backoff for
   * seconds) must not hold every write's answer, which waits for this purger.
   */
  private purgeEdge(request: PurgeRequest): void {
    const purge = this.options.cdn
      .purge(request)
      .catch((error: unknown) => this.options.logger.warn({ err: error, storeId: request.storeId }, 'CDN purge failed'))
      .finally(() => this.edgePurges.delete(purge))
    this.edgePurges.add(purge)
  }
}

/** One purge per store for a batch: the union of what its events touched. */
function mergeByStore(requests: readonly (PurgeRequest | null)[]): PurgeRequest[] {
  const merged = new Map<string, { paths: Set<string>; surrogateKeys: Set<string>; all: boolean }>()
  for (const request of requests) {
    if (!request) continue
    const into = merged.get(request.storeId) ?? { paths: new Set(), surrogateKeys: new Set(), all: false }
    for (const path of request.paths) into.paths.add(path)
    for (const tag of request.surrogateKeys) into.surrogateKeys.add(tag)
    into.all ||= request.all
    merged.set(request.storeId, into)
  }
  return [...merged].map(([storeId, { paths, surrogateKeys, all }]) => ({
    storeId,
    paths: [...paths],
    surrogateKeys: [...surrogateKeys],
    all,
  }))
}
