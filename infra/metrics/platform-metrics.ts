import { collectDefaultMetrics, Histogram, Registry } from 'prom-client'
import { DomainError } from '../../domain/shared/errors.js'

/**
 * Histogram buckets in seconds: prom-client's defaults plus 1 and 2.5 ms, where most reads and
 * projection batches land.
 */
export const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/**
 * The metrics of one platform, whichever process it runs in. Each platform has its own registry,
 * never prom-client's global one: tests open many platforms in one process, and the names would clash.
 */
export interface PlatformMetrics {
  registry: Registry
  /** Seconds each registry command took, by command name and outcome (`ok` or the error's code). */
  commandDuration: Histogram<'command' | 'outcome'>
  /** Seconds a projection took to apply one committed batch of events, checkpoint included. */
  projectionBatchDuration: Histogram<'projection'>
  /** Runs a command and records its duration and outcome. */
  timeCommand<T>(command: string, run: () => Promise<T>): Promise<T>
}

export function createPlatformMetrics(): PlatformMetrics {
  const registry = new Registry()
  // Event-loop lag, heap, GC pauses, file descriptors, CPU: the process's health beside ours.
  collectDefaultMetrics({ register: registry })
  const commandDuration = new Histogram({
    name: 'emporium_command_duration_seconds',
    help: 'Seconds a registry command took (GraphQL, MCP, CLI, scheduler and reactions), by command and outcome.',
    labelNames: ['command', 'outcome'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  })
  const projectionBatchDuration = new Histogram({
    name: 'emporium_projection_batch_duration_seconds',
    help: 'Seconds a projection took to apply one committed batch of events with its checkpoint.',
    labelNames: ['projection'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  })
  return {
    registry,
    commandDuration,
    projectionBatchDuration,
    async timeCommand(command, run) {
      const stop = commandDuration.startTimer({ command })
      try {
        const result = await run()
        stop({ outcome: 'ok' })
        return result
      } catch (error) {
        stop({ outcome: commandOutcome(error) })
        throw error
      }
    },
  }
}

/** A bounded outcome label: the domain error's code, else `INTERNAL_SERVER_ERROR` as the API would answer. */
function commandOutcome(error: unknown): string {
  return error instanceof DomainError ? error.code : 'INTERNAL_SERVER_ERROR'
}
