import { Counter, Gauge, Histogram } from 'prom-client'
import type { Logger } from '../../infra/logging/logger.js'
import type { Platform } from '../platform.js'
import { projectionStatuses } from '../../infra/projections/status.js'
import { DURATION_BUCKETS, type PlatformMetrics } from '../../infra/metrics/platform-metrics.js'

/** Distinct GraphQL operation names given their own series; later ones are counted as `other`. */
export const MAX_OPERATION_NAMES = 100

/** The metrics an API process exports at `/metrics` (ARCHITECTURE.md, "Operations"), beside the platform's. */
export interface ApiMetrics {
  /** The content type of `render()`'s text. */
  contentType: string
  /** The text exposition of every family of the platform's registry, projection figures read afresh. */
  render(): Promise<string>
  /** Finished HTTP requests by method, route pattern (never the raw URL) and status. */
  httpRequests: Counter<'method' | 'route' | 'status'>
  /** Query cost points actually consumed, by operation type (query, mutation) and transport. */
  costConsumed: Counter<'operation' | 'transport'>
  /** Requests refused because the credential's budget was spent, by transport (graphql, mcp). */
  rateLimited: Counter<'transport'>
  /** Rate-limit decisions taken without the bucket store (Redis unreachable: let through). */
  rateLimitStoreErrors: Counter
  /** Seconds from parsing to resolution of each GraphQL operation that ran, by operation name and transport. */
  graphqlDuration: Histogram<'operation' | 'transport'>
  /** The `operation` label of a GraphQL operation name: bounded whatever clients send. */
  operationLabel(name: string | null | undefined): string
}

/** One set per platform registry: a test may build several apps over one platform. */
const byRegistry = new WeakMap<PlatformMetrics, ApiMetrics>()

/**
 * The API's metrics, registered on the platform's registry: request and rate-limit counters kept
 * in this process, and each projection's lag, state and events applied read from the database at
 * scrape time (so every node reports the same numbers, whoever owns the projection).
 */
export function createApiMetrics(
  platform: Pick<Platform, 'database' | 'eventStore' | 'projections' | 'metrics'>,
  logger: Logger,
): ApiMetrics {
  const known = byRegistry.get(platform.metrics)
  if (known) return known
  const { registry } = platform.metrics
  const registers = [registry]
  const lag = new Gauge({
    name: 'emporium_projection_lag_events',
    help: 'Events between a projection checkpoint and the head of the log it follows.',
    labelNames: ['projection'],
    registers,
  })
  const applied = new Counter({
    name: 'emporium_projection_events_applied_total',
    help: 'Events a projection has applied since it was last built.',
    labelNames: ['projection'],
    registers,
  })
  const running = new Gauge({
    name: 'emporium_projection_running',
    help: '1 while a projection is running, 0 when it is failed, rebuilding or new.',
    labelNames: ['projection'],
    registers,
  })
  const halted = new Gauge({
    name: 'emporium_projection_halted',
    help: '1 while a projection is halted on a failing event (no store to park it under), else 0.',
    labelNames: ['projection'],
    registers,
  })
  const parked = new Gauge({
    name: 'emporium_projection_parked_stores',
    help: 'Stores a projection has parked on a failing event: their events wait for `emporium projections retry`.',
    labelNames: ['projection'],
    registers,
  })

  /** Every scrape starts the projection families afresh, so projections that went away disappear. */
  async function readProjections(): Promise<void> {
    for (const family of [lag, applied, running, halted, parked]) family.reset()
    try {
      for (const status of await projectionStatuses(platform.database, platform.eventStore, platform.projections)) {
        const labels = { projection: status.name }
        lag.set(labels, status.lag)
        applied.inc(labels, status.eventsApplied)
        running.set(labels, status.state === 'running' ? 1 : 0)
        halted.set(labels, status.state === 'failed' ? 1 : 0)
        parked.set(labels, status.parkedStores.length)
      }
    } catch (error) {
      // The request counters are still worth a scrape when the database is away; /ready reports the outage.
      logger.warn({ err: error }, 'projection metrics unavailable')
    }
  }

  const metrics: ApiMetrics = {
    contentType: registry.contentType,
    render: async () => {
      await readProjections()
      return registry.metrics()
    },
    httpRequests: new Counter({
      name: 'emporium_http_requests_total',
      help: 'HTTP requests answered, by method, route and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    costConsumed: new Counter({
      name: 'emporium_query_cost_consumed_total',
      help: 'Rate-limit cost points consumed (actual cost, after refunds).',
      labelNames: ['operation', 'transport'],
      registers,
    }),
    rateLimited: new Counter({
      name: 'emporium_rate_limited_total',
      help: 'Requests refused with RATE_LIMITED (HTTP 429).',
      labelNames: ['transport'],
      registers,
    }),
    rateLimitStoreErrors: new Counter({
      name: 'emporium_rate_limit_store_errors_total',
      help: 'Requests let through unlimited because the rate-limit bucket store failed.',
      registers,
    }),
    graphqlDuration: new Histogram({
      name: 'emporium_graphql_request_duration_seconds',
      help: `Seconds from parsing to resolution of a GraphQL operation that ran, by operation name (unnamed: anonymous; past ${MAX_OPERATION_NAMES} names: other) and transport.`,
      labelNames: ['operation', 'transport'],
      buckets: DURATION_BUCKETS,
      registers,
    }),
    operationLabel: operationLabeler(MAX_OPERATION_NAMES),
  }
  byRegistry.set(platform.metrics, metrics)
  return metrics
}

/**
 * The `operation` label of GraphQL operation names: unnamed ones are `anonymous`, the first `max`
 * distinct names (of at most 64 characters) keep theirs, and any other is `other`, so clients
 * inventing names cannot grow the number of series without bound.
 */
export function operationLabeler(max: number): (name: string | null | undefined) => string {
  const names = new Set<string>()
  return (name) => {
    if (!name) return 'anonymous'
    if (names.has(name)) return name
    if (names.size >= max || name.length > 64) return 'other'
    names.add(name)
    return name
  }
}
