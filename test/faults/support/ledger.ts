import { sql } from 'kysely'
import { setTimeout as sleep } from 'node:timers/promises'
import type { AnyDb } from '../../../infra/database/database.js'
import { comparePositions, type EventStore } from '../../../infra/eventstore/port.js'
import type { Projection } from '../../../infra/projections/projection.js'
import { projectionFilter } from '../../../infra/projections/worker.js'
import type { WriteOutcome } from './write-load.js'

/** What a fault did to the acknowledged writes and the projections. Every list is empty when nothing went wrong. */
export interface LedgerReport {
  acknowledged: number
  /** Acknowledged products whose ProductCreated is not in the log. */
  lostFromLog: string[]
  /** Acknowledged products missing from the `products` read model. */
  lostFromReadModel: string[]
  /** Projections that counted more (doubled) or fewer (skipped) applied events than the log holds up to their checkpoint. */
  miscounted: { projection: string; applied: number; inLog: number }[]
  /** ProductCreated events of the store vs `products` rows of the store: equal unless an effect was doubled or lost. */
  createdEvents: number
  productRows: number
}

/** Waits (bounded) until every projection's checkpoint has reached the head of the events it consumes. */
export async function waitForProjections(
  db: AnyDb,
  eventStore: EventStore,
  projections: readonly Projection[],
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const checkpoints = new Map(
      (await db.selectFrom('projection_checkpoints').select(['name', 'position']).execute()).map((row) => [
        row.name as string,
        row.position as string | null,
      ]),
    )
    const behind: string[] = []
    for (const projection of projections) {
      const head = await eventStore.headPosition(projectionFilter(projection))
      if (head && comparePositions(checkpoints.get(projection.name) ?? null, head) < 0) behind.push(projection.name)
    }
    if (behind.length === 0) return
    if (Date.now() > deadline)
      throw new Error(`projections still behind the log after ${timeoutMs} ms: ${behind.join(', ')}`)
    await sleep(100)
  }
}

/**
 * Checks the acknowledged writes against the log and the read models, and every projection's
 * applied-event count against the log up to its checkpoint (a batch applied twice counts twice).
 */
export async function auditLedger(
  db: AnyDb,
  eventStore: EventStore,
  projections: readonly Projection[],
  storeId: string,
  outcomes: readonly WriteOutcome[],
): Promise<LedgerReport> {
  const acknowledged = outcomes.filter((o): o is Extract<WriteOutcome, { ok: true }> => o.ok)
  const { rows: created } = await sql<{
    stream_name: string
  }>`select stream_name from events where event_type = 'ProductCreated' and stream_name like ${`product-${storeId}_%`}`.execute(
    db,
  )
  const inLog = new Set(created.map((row) => row.stream_name.slice(row.stream_name.indexOf('_') + 1)))
  const { rows: products } = await sql<{
    id: string
    title: string
  }>`select id::text as id, title from products where store_id = ${storeId}`.execute(db)
  const inReadModel = new Map(products.map((row) => [row.id, row.title]))
  const checkpoints = await db
    .selectFrom('projection_checkpoints')
    .select(['name', 'position', 'events_applied'])
    .execute()
  const miscounted: LedgerReport['miscounted'] = []
  for (const projection of projections) {
    const checkpoint = checkpoints.find((row) => row.name === projection.name)
    if (!checkpoint?.position) continue
    const count = await eventStore.countAll({ filter: projectionFilter(projection), to: checkpoint.position as string })
    const applied = Number(checkpoint.events_applied)
    if (applied !== count) miscounted.push({ projection: projection.name, applied, inLog: count })
  }
  return {
    acknowledged: acknowledged.length,
    lostFromLog: acknowledged.filter((o) => !inLog.has(o.id)).map((o) => o.id),
    lostFromReadModel: acknowledged.filter((o) => inReadModel.get(o.id) !== o.title).map((o) => o.id),
    miscounted,
    createdEvents: created.length,
    productRows: products.length,
  }
}
