import type { Logger } from '../../infra/logging/logger.js'
import type { Platform } from '../platform.js'
import { projectionStatuses } from '../../infra/projections/status.js'
import { EXPOSITION_CONTENT_TYPE, MetricsRegistry, type Metric } from '../../infra/metrics/registry.js'

/** The metrics an API process exports at `/metrics` (ARCHITECTURE.md, "Operations"). */
export interface ApiMetrics {
  registry: MetricsRegistry
  /** Finished HTTP requests by method, route pattern (never the raw URL) and status. */
  httpRequests: Metric
  /** Query cost points actually consumed, by operation type (query, mutation) and transport. */
  costConsumed: Metric
  /** Requests refused because the credential's budget was spent, by transport (graphql, mcp). */
  rateLimited: Metric
  /** Rate-limit decisions taken without the bucket store (Redis unreachable: let through). */
  rateLimitStoreErrors: Metric
}

/**
 * The API's metrics: request and rate-limit counters kept in this process, and each
 * projection's lag, state and events applied read from the database at scrape time (so every
 * node reports the same numbers, whoever owns the projection).
 */
export function createApiMetrics(
  platform: Pick<Platform, 'database' | 'eventStore' | 'projections'>,
  logger: Logger,
): ApiMetrics {
  const registry = new MetricsRegistry()
  const metrics: ApiMetrics = {
    registry,
    httpRequests: registry.counter(
      'emporium_http_requests_total',
      'HTTP requests answered, by method, route and status.',
      ['method', 'route', 'status'],
    ),
    costConsumed: registry.counter(
      'emporium_query_cost_consumed_total',
      'Rate-limit cost points consumed (actual cost, after refunds).',
      ['operation', 'transport'],
    ),
    rateLimited: registry.counter('emporium_rate_limited_total', 'Requests refused with RATE_LIMITED (HTTP 429).', [
      'transport',
    ]),
    rateLimitStoreErrors: registry.counter(
      'emporium_rate_limit_store_errors_total',
      'Requests let through unlimited because the rate-limit bucket store failed.',
    ),
  }
  const lag = registry.gauge(
    'emporium_projection_lag_events',
    'Events between a projection checkpoint and the head of the log it follows.',
    ['projection'],
  )
  const applied = registry.counter(
    'emporium_projection_events_applied_total',
    'Events a projection has applied since it was last built.',
    ['projection'],
  )
  const running = registry.gauge(
    'emporium_projection_running',
    '1 while a projection is running, 0 when it is failed, rebuilding or new.',
    ['projection'],
  )
  const halted = registry.gauge(
    'emporium_projection_halted',
    '1 while a projection is halted on a failing event (no store to park it under), else 0.',
    ['projection'],
  )
  const parked = registry.gauge(
    'emporium_projection_parked_stores',
    'Stores a projection has parked on a failing event: their events wait for `emporium projections retry`.',
    ['projection'],
  )
  registry.collect(async () => {
    for (const family of [lag, applied, running, halted, parked]) family.reset()
    try {
      for (const status of await projectionStatuses(platform.database, platform.eventStore, platform.projections)) {
        lag.set({ projection: status.name }, status.lag)
        applied.set({ projection: status.name }, status.eventsApplied)
        running.set({ projection: status.name }, status.state === 'running' ? 1 : 0)
        halted.set({ projection: status.name }, status.state === 'failed' ? 1 : 0)
        parked.set({ projection: status.name }, status.parkedStores.length)
      }
    } catch (error) {
      // The request counters are still worth a scrape when the database is away; /ready reports the outage.
      logger.warn({ err: error }, 'projection metrics unavailable')
    }
  })
  return metrics
}

/** Every metric in the Prometheus text exposition format, with its content type, for `GET /metrics`. */
export async function metricsExposition(metrics: ApiMetrics): Promise<{ contentType: string; body: string }> {
  return { contentType: EXPOSITION_CONTENT_TYPE, body: await metrics.registry.render() }
}
