import { sql } from 'kysely'
import type { Actor } from '../../domain/shared/context.js'
import type { Platform } from '../platform.js'
import { requestRebuild } from '../../infra/projections/runner.js'
import type { RebuildRow } from '../../infra/projections/schema.js'

export type RebuildState = 'PENDING' | 'RUNNING' | 'DONE' | 'FAILED'

/** One store rebuild (`cacheRebuild`): a rebuild request per projection with store rows, followed as one. */
export interface StoreRebuildStatus {
  id: string
  state: RebuildState
  processed: number
  total: number
  projections: { projection: string; state: RebuildState; processed: number; total: number; error: string | null }[]
}

/**
 * Queues the store-level rebuild of every projection that holds store rows; their owners carry
 * them out. The requests carry the rebuild id, by which `storeRebuildStatus` finds them.
 */
export async function requestStoreRebuild(
  platform: Platform,
  storeId: string,
  rebuildId: string,
  actor: Actor,
): Promise<void> {
  for (const projection of platform.projections) {
    if (projection.storeTables.length === 0) continue
    await requestRebuild(platform.database, {
      projection: projection.name,
      storeId,
      requestedBy: { ...actor, rebuildId },
    })
  }
}

/** The rebuild's progress, or null when the store has no rebuild with that id. */
export async function storeRebuildStatus(
  platform: Platform,
  storeId: string,
  rebuildId: string,
): Promise<StoreRebuildStatus | null> {
  const rows = (await platform.database.db
    .selectFrom('projection_rebuilds')
    .selectAll()
    .where('store_id', '=', storeId)
    .where(sql<string>`requested_by->>'rebuildId'`, '=', rebuildId)
    .orderBy('projection')
    .execute()) as RebuildRow[]
  if (rows.length === 0) return null
  const projections = rows.map((row) => ({
    projection: row.projection ?? '',
    state: stateOf(row.status),
    processed: row.processed,
    total: row.total,
    error: row.error,
  }))
  const states = projections.map((p) => p.state)
  const state: RebuildState = states.includes('FAILED')
    ? 'FAILED'
    : states.every((s) => s === 'DONE')
      ? 'DONE'
      : states.every((s) => s === 'PENDING')
        ? 'PENDING'
        : 'RUNNING'
  const sum = (pick: (p: (typeof projections)[number]) => number) =>
    projections.reduce((total, p) => total + pick(p), 0)
  return { id: rebuildId, state, processed: sum((p) => p.processed), total: sum((p) => p.total), projections }
}

function stateOf(status: RebuildRow['status']): RebuildState {
  return status.toUpperCase() as RebuildState
}
