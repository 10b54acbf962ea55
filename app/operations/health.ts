import { sql } from 'kysely'
import { isDegraded, projectionStatuses, type ProjectionStatus } from '../../infra/projections/status.js'
import type { Platform } from '../platform.js'

// The readings behind /health and /ready, so the HTTP routes need nothing below app/.

/** Each projection's state, lag and parked stores, or null when they cannot be read. */
export function readProjectionStatuses(platform: Platform): Promise<ProjectionStatus[] | null> {
  return projectionStatuses(platform.database, platform.eventStore, platform.projections).catch(() => null)
}

/** `degraded` while any projection is halted or has a parked store, or the statuses cannot be read. */
export function healthStatus(projections: readonly ProjectionStatus[] | null): 'ok' | 'degraded' {
  return projections === null || isDegraded(projections) ? 'degraded' : 'ok'
}

/** Whether the database and the event store answer: `ok`, or why not. */
export async function backendChecks(platform: Platform): Promise<{ database: string; eventStore: string }> {
  return {
    database: await answers(() => sql`select 1`.execute(platform.database.db)),
    eventStore: await answers(() => platform.eventStore.headPosition()),
  }
}

async function answers(probe: () => Promise<unknown>): Promise<string> {
  try {
    await probe()
    return 'ok'
  } catch (error) {
    return `unreachable: ${(error as Error).message}`
  }
}
