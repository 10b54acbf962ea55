import type { Database } from '../database/database.js'
import { readParked } from './parked.js'
import type { Projection } from './projection.js'
import { requestRebuild } from './runner.js'
import type { CheckpointRow, RebuildRow } from './schema.js'
import { readCheckpoint } from './worker.js'

export interface RetryOutcome {
  projection: string
  /** The parked store retried; null for a halted projection. */
  storeId: string | null
  /** resumed: the store (projection) follows the log again. parked / halted: the event failed again. */
  result: 'resumed' | 'parked' | 'halted'
  /** The failure it is still stopped on. */
  error: string | null
}

export interface RetryOptions {
  projection?: string
  storeId?: string
  /** How often to look at the requests while they run (default 200 ms). */
  pollMs?: number
  /** How long a restarted halted projection gets to pass or fail its event again (default 30 s). */
  haltedTimeoutMs?: number
}

/**
 * `emporium projections retry`: retries what a failing event stopped, after a fix, never skipping
 * it. Each parked store (of `projection`, or `storeId`'s, or all) is replayed by a store rebuild
 * and unparked if its events now apply; each halted projection (unless a store is named) restarts
 * from its checkpoint. The requests go to each projection's owner, as rebuilds do; this waits
 * for them and answers what is still stopped.
 */
export async function retryProjections(
  database: Database,
  projections: readonly Projection[],
  options: RetryOptions = {},
): Promise<RetryOutcome[]> {
  const { db } = database
  if (options.projection !== undefined && !projections.some((p) => p.name === options.projection)) {
    throw new Error(`no projection named '${options.projection}'; see 'emporium projections status'`)
  }
  const names = new Set(
    projections.map((p) => p.name).filter((name) => options.projection === undefined || name === options.projection),
  )
  const parked = (await readParked(db, { projection: options.projection, storeId: options.storeId })).filter((row) =>
    names.has(row.projection),
  )
  const halted =
    options.storeId !== undefined
      ? []
      : (
          (await db
            .selectFrom('projection_checkpoints')
            .selectAll()
            .where('status', '=', 'failed')
            .execute()) as CheckpointRow[]
        ).filter((row) => names.has(row.name))
  const requestedBy = { type: 'system', id: 'projections-retry' }
  const requests: { id: string; projection: string; storeId: string | null }[] = []
  for (const row of parked)
    requests.push({
      id: await requestRebuild(database, {
        projection: row.projection,
        storeId: row.store_id,
        requestedBy,
        kind: 'retry',
      }),
      projection: row.projection,
      storeId: row.store_id,
    })
  for (const row of halted)
    requests.push({
      id: await requestRebuild(database, { projection: row.name, storeId: null, requestedBy, kind: 'retry' }),
      projection: row.name,
      storeId: null,
    })
  if (requests.length === 0) return []

  const pollMs = options.pollMs ?? 200
  const finished = await waitForRequests(
    database,
    requests.map((r) => r.id),
    pollMs,
  )
  const outcomes: RetryOutcome[] = []
  for (const request of requests) {
    if (request.storeId !== null) {
      const [still] = await readParked(db, { projection: request.projection, storeId: request.storeId })
      outcomes.push({
        projection: request.projection,
        storeId: request.storeId,
        result: still ? 'parked' : 'resumed',
        error: still?.error ?? null,
      })
      continue
    }
    const startedAt = finished.get(request.id)?.started_at ?? new Date()
    const checkpoint = await haltedOutcome(
      database,
      request.projection,
      startedAt,
      pollMs,
      options.haltedTimeoutMs ?? 30_000,
    )
    outcomes.push({
      projection: request.projection,
      storeId: null,
      result: checkpoint?.status === 'failed' ? 'halted' : 'resumed',
      error: checkpoint?.status === 'failed' ? checkpoint.last_error : null,
    })
  }
  return outcomes
}

async function waitForRequests(database: Database, ids: string[], pollMs: number): Promise<Map<string, RebuildRow>> {
  for (;;) {
    const rows = (await database.db
      .selectFrom('projection_rebuilds')
      .selectAll()
      .where('id', 'in', ids)
      .execute()) as RebuildRow[]
    if (rows.every((row) => row.status === 'done' || row.status === 'failed'))
      return new Map(rows.map((row) => [row.id, row]))
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
}

/**
 * A restarted projection either gets past its failing event (the checkpoint moves and turns
 * `running`) or records the failure again (a newer `updated_at`); a bounded wait for either.
 */
async function haltedOutcome(
  database: Database,
  name: string,
  since: Date,
  pollMs: number,
  timeoutMs: number,
): Promise<CheckpointRow | undefined> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const checkpoint = await readCheckpoint(database.db, name)
    if (!checkpoint || checkpoint.status !== 'failed' || checkpoint.updated_at >= since || Date.now() > deadline)
      return checkpoint
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
}
