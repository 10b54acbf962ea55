import type { Database } from '../database/database.js'
import { comparePositions, type EventStore } from '../eventstore/port.js'
import { readParked } from './parked.js'
import type { Projection } from './projection.js'
import type { CheckpointRow, RebuildRow } from './schema.js'
import { projectionFilter } from './worker.js'

export interface ProjectionStatus {
  name: string
  version: number
  storedVersion: number | null
  state: 'running' | 'failed' | 'rebuilding' | 'new'
  position: string | null
  headPosition: string | null
  /** Events between the checkpoint and the head of the log. */
  lag: number
  eventsApplied: number
  lastError: string | null
  errorPosition: string | null
  updatedAt: Date | null
  /** Stores whose events this projection leaves unapplied until `emporium projections retry`. */
  parkedStores: ParkedStore[]
}

export interface ParkedStore {
  storeId: string
  /** `<event type> <event id>: <message>` of the latest failure. */
  error: string
  eventId: string
  position: string
  parkedAt: Date
}

/** What `emporium projections status` and `/health` show. */
export async function projectionStatuses(
  database: Database,
  eventStore: EventStore,
  projections: readonly Projection[],
): Promise<ProjectionStatus[]> {
  const rows = (await database.db.selectFrom('projection_checkpoints').selectAll().execute()) as CheckpointRow[]
  const running = (await database.db
    .selectFrom('projection_rebuilds')
    .select('projection')
    .where('status', '=', 'running')
    .where('kind', '=', 'rebuild')
    .execute()) as Pick<RebuildRow, 'projection'>[]
  const parked = await readParked(database.db)
  return Promise.all(
    projections.map(async (projection) => {
      const row = rows.find((r) => r.name === projection.name)
      const filter = projectionFilter(projection)
      const head = await eventStore.headPosition(filter)
      const position = row?.position ?? null
      const lag =
        head === null || comparePositions(position, head) >= 0
          ? 0
          : await eventStore.countAll({ filter, from: position, to: head })
      const rebuilding = running.some((r) => r.projection === projection.name)
      return {
        name: projection.name,
        version: projection.version,
        storedVersion: row?.version ?? null,
        state: !row ? 'new' : rebuilding ? 'rebuilding' : row.status,
        position,
        headPosition: head,
        lag,
        eventsApplied: Number(row?.events_applied ?? 0),
        lastError: row?.last_error ?? null,
        errorPosition: row?.error_position ?? null,
        updatedAt: row?.updated_at ?? null,
        parkedStores: parked
          .filter((p) => p.projection === projection.name)
          .map((p) => ({
            storeId: p.store_id,
            error: p.error,
            eventId: p.event_id,
            position: p.position,
            parkedAt: p.parked_at,
          })),
      }
    }),
  )
}

/** Degraded while any projection is halted or has a parked store: some read models are not following the log. */
export function isDegraded(statuses: readonly ProjectionStatus[]): boolean {
  return statuses.some((s) => s.state === 'failed' || s.parkedStores.length > 0)
}
