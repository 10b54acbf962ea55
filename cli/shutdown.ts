import type { Logger } from '../infra/logging/logger.js'

/** What a long-running process does on SIGTERM/SIGINT, in this order. */
export interface ShutdownSteps {
  /** Stops accepting connections and resolves once the requests in flight are answered (the API only). */
  drain?: () => Promise<void>
  /** Ends the connections of requests still running when their share of the bound is up. */
  abandon?: () => void
  /** Stops the projections at a checkpoint and closes the database. */
  stop: () => Promise<void>
}

export interface ShutdownOutcome {
  /** Every request in flight was answered before its share of the bound ran out. */
  requestsDrained: boolean
  /** The projections stopped (at a checkpoint) and the database closed within the bound. */
  stopped: boolean
  elapsedMs: number
}

/** Share of the bound the requests in flight may take; the rest is for stopping the projections. */
const DRAIN_SHARE = 0.7
/** After abandoning requests, how long their connections may take to close. */
const ABANDON_GRACE_MS = 500

/**
 * A shutdown that ends within `timeoutMs` whatever hangs: requests drain for most of it (new
 * connections are refused from the start), requests still running are then cut off, and the
 * projections stop at a checkpoint in what remains. A projection batch cut short by the process
 * exiting is rolled back with its checkpoint, so even then nothing is lost or applied twice.
 */
export async function gracefulShutdown(
  steps: ShutdownSteps,
  options: { timeoutMs: number; logger: Logger },
): Promise<ShutdownOutcome> {
  const { timeoutMs, logger } = options
  const started = Date.now()
  const remaining = () => Math.max(0, timeoutMs - (Date.now() - started))
  let requestsDrained = true
  if (steps.drain) {
    const drained = steps
      .drain()
      .catch((error: unknown) => logger.error({ err: error }, 'closing the HTTP server failed'))
    requestsDrained = await within(drained, Math.floor(timeoutMs * DRAIN_SHARE))
    if (!requestsDrained) {
      logger.warn(
        { afterMs: Date.now() - started },
        'requests still running at their shutdown deadline; closing their connections',
      )
      steps.abandon?.()
      await within(drained, Math.min(ABANDON_GRACE_MS, remaining()))
    }
  }
  const stopping = steps
    .stop()
    .catch((error: unknown) => logger.error({ err: error }, 'stopping the projections or closing the database failed'))
  const stopped = await within(stopping, remaining())
  if (!stopped)
    logger.error(
      { timeoutMs },
      'projections did not stop within the shutdown bound; exiting anyway (a batch cut short is rolled back with its checkpoint)',
    )
  return { requestsDrained, stopped, elapsedMs: Date.now() - started }
}

/**
 * Runs `gracefulShutdown` on the first SIGTERM or SIGINT and exits 0 when it ends (within the
 * bound). A second signal exits at once with 1: someone at a terminal wants out now.
 */
export function exitOnSignals(steps: ShutdownSteps, options: { timeoutMs: number; logger: Logger }): void {
  let shuttingDown = false
  const onSignal = (signal: NodeJS.Signals): void => {
    if (shuttingDown) {
      options.logger.warn({ signal }, 'second signal: exiting now, without waiting for the shutdown')
      process.exit(1)
    }
    shuttingDown = true
    options.logger.info(
      { signal, timeoutMs: options.timeoutMs },
      'shutting down: refusing new connections, draining requests, stopping projections at a checkpoint',
    )
    void gracefulShutdown(steps, options).then((outcome) => {
      options.logger.info(outcome, 'shut down')
      process.exit(0)
    })
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
}

/** Whether `promise` settles within `ms`. */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms)
  })
  try {
    return await Promise.race([promise.then(() => true), timedOut])
  } finally {
    clearTimeout(timer)
  }
}
