import type { FastifyInstance } from 'fastify'
import { backendChecks, healthStatus, readProjectionStatuses } from '../../app/operations/health.js'
import type { Platform } from '../../app/platform.js'

/** How far behind the log a projection may be for `/ready` to say yes. */
const READY_MAX_LAG = 1_000

/**
 * `/health`: liveness, always 200 while the process answers, with each projection's state as
 * details (a halted projection shows its error here, a projection with parked stores how many);
 * its `status` is `degraded` while any projection is halted or has a parked store, or the
 * projections cannot be read. `/ready`: the database and event store answer and every projection
 * is running, has no parked store and is caught up within the bound; 503 otherwise, so a load
 * balancer holds traffic back.
 */
export async function healthRoutes(app: FastifyInstance, options: { platform: Platform }): Promise<void> {
  const { platform } = options
  const statuses = sharedSnapshot(() => readProjectionStatuses(platform))
  app.get('/health', async () => {
    const projections = await statuses()
    return {
      status: healthStatus(projections),
      // Counts only: which stores, and why, is for operators (`emporium projections status`), not this open route.
      projections: (projections ?? []).map((p) => ({
        name: p.name,
        state: p.state,
        position: p.position,
        lag: p.lag,
        lastError: p.lastError,
        parkedStores: p.parkedStores.length,
      })),
    }
  })
  app.get('/ready', async (_request, reply) => {
    const checks: Record<string, string> = await backendChecks(platform)
    const projections = checks.database === 'ok' ? await statuses() : undefined
    if (projections === null) checks.projections = 'unreadable: the projection statuses could not be read'
    if (projections) {
      const behind = projections.filter(
        (p) => p.state !== 'running' || p.lag > READY_MAX_LAG || p.parkedStores.length > 0,
      )
      const parked = (p: (typeof projections)[number]): string =>
        p.parkedStores.length ? ` parked stores ${p.parkedStores.length}` : ''
      checks.projections = behind.length
        ? `not ready: ${behind.map((p) => `${p.name} ${p.state} lag ${p.lag}${parked(p)}`).join(', ')}`
        : 'ok'
    }
    const ready = Object.values(checks).every((v) => v === 'ok')
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks })
  })
}

/**
 * `/health` and `/ready` are open and probed often: requests that arrive while the projection
 * statuses are being read (a few queries per projection) share that reading instead of starting
 * their own, so a flood of probes costs the database one reading at a time.
 */
function sharedSnapshot<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null
  return () => {
    inFlight ??= read().finally(() => {
      inFlight = null
    })
    return inFlight
  }
}
