import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { expect, vi } from 'vitest'
import { allPlatformParts } from '../../app/all-parts.js'
import { Platform } from '../../app/platform.js'
import { loadConfig } from '../../infra/config.js'
import { createTestDatabase, type TestDatabase } from './database.js'
import { perFile } from './per-file.js'
import type { AnyDb, Database } from '../../infra/database/database.js'
import { migrateToLatest } from '../../infra/database/migrate.js'
import { comparePositions, type EventStore, type NewEvent, type RecordedEvent } from '../../infra/eventstore/port.js'
import { createPostgresEventStore } from '../../infra/eventstore/postgres/adapter.js'
import { encodePosition } from '../../infra/eventstore/postgres/events-table.js'
import { eventStoreMigrations } from '../../infra/eventstore/postgres/schema.js'
import { createLogger } from '../../infra/logging/logger.js'
import type { Projection } from '../../infra/projections/projection.js'
import { ProjectionRunner, requestRebuild, type RunnerOptions } from '../../infra/projections/runner.js'
import { projectionMigrations, type CheckpointRow, type RebuildRow } from '../../infra/projections/schema.js'
import { readCheckpoint } from '../../infra/projections/worker.js'

/**
 * Test support for the projection engine: a counter projection that is deliberately not
 * idempotent (a doubled event shows as a doubled count), events for it, and a runner on a
 * per-file database with a short lock interval.
 */

export const COUNTED = 'Counted'
export const logger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent')

export interface CountRow {
  store_id: string
  entity: string
  hits: number
  last_position: string
}

export interface CounterProjection extends Projection {
  /** The table: one row per (store, entity). */
  table: string
  /** When it answers true for an event, `apply` throws (a bug in the projection, say). */
  failWhen: ((event: RecordedEvent) => boolean) | null
  /** Awaited before each event is applied: lets a test hold the projection mid-stream. */
  gate: (() => Promise<void>) | null
  /** Events applied through this object, live and in rebuilds, committed or not. */
  calls: number
}

/**
 * Adds `weight` per event (of `eventTypes`, by default `Counted`) to its (store, entity) row.
 * `storeRows: false` declares no store tables, as organization-level read models do: a failing
 * event then halts it as a whole instead of parking its store.
 */
export function counterProjection(
  name = 'counter',
  options: { version?: number; weight?: number; eventTypes?: string[]; storeRows?: boolean } = {},
): CounterProjection {
  const table = `${name}_counts`
  const weight = options.weight ?? 1
  const projection: CounterProjection = {
    name,
    version: options.version ?? 1,
    eventTypes: options.eventTypes ?? [COUNTED],
    tables: [table],
    storeTables: options.storeRows === false ? [] : [table],
    table,
    failWhen: null,
    gate: null,
    calls: 0,
    async createTables(db) {
      await db.schema
        .createTable(table)
        .addColumn('store_id', 'uuid', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('last_position', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${table}_pkey`, ['store_id', 'entity'])
        .execute()
      await db.schema.createIndex(`${table}_position`).on(table).column('last_position').execute()
    },
    async apply(event, trx) {
      projection.calls++
      await projection.gate?.()
      if (projection.failWhen?.(event)) throw new Error(`cannot count ${String(event.data.entity)}`)
      await trx
        .insertInto(table)
        .values({
          store_id: event.metadata.storeId,
          entity: event.data.entity,
          hits: weight,
          last_position: event.position,
        })
        .onConflict((oc) =>
          oc.columns(['store_id', 'entity']).doUpdateSet({
            hits: sql`${sql.ref(`${table}.hits`)} + ${weight}`,
            last_position: sql.ref('excluded.last_position'),
          }),
        )
        .execute()
    },
  }
  return projection
}

export function countedEvent(storeId: string, entity: string, type = COUNTED): NewEvent {
  return {
    id: randomUUID(),
    type,
    data: { entity },
    metadata: {
      organizationId: randomUUID(),
      storeId,
      actor: { type: 'system', id: 'test' },
      correlationId: randomUUID(),
      causationId: null,
      schemaVersion: 1,
      occurredAt: new Date().toISOString(),
    },
  }
}

/**
 * Appends `count` events, one per append, spread over `entities` entities of the store; returns
 * their positions. `scope` puts them on other streams than the store's own (an organization's:
 * events that no store can be parked under).
 */
export async function appendCounted(
  store: EventStore,
  storeId: string,
  count: number,
  entities = 3,
  type = COUNTED,
  scope = storeId,
): Promise<string[]> {
  const positions = []
  for (let i = 0; i < count; i++) {
    const entity = `e${i % entities}`
    const result = await store.append(`counted-${scope}_${entity}`, [countedEvent(storeId, entity, type)], {
      expectedRevision: 'any',
    })
    positions.push(result.position)
  }
  return positions
}

/** The table as the log says it must be: each `Counted` event adds `weight` to its row. */
export async function expectedCounts(store: EventStore, weight = 1, storeId?: string): Promise<CountRow[]> {
  const rows = new Map<string, CountRow>()
  let from: string | null = null
  for (;;) {
    const events = await store.readAll({
      from,
      filter: { eventTypes: [COUNTED], ...(storeId ? { scopeId: storeId } : {}) },
      limit: 1_000,
    })
    if (events.length === 0) break
    for (const event of events) {
      const key = `${event.metadata.storeId!} ${String(event.data.entity)}`
      const row = rows.get(key) ?? {
        store_id: event.metadata.storeId!,
        entity: String(event.data.entity),
        hits: 0,
        last_position: '',
      }
      rows.set(key, { ...row, hits: row.hits + weight, last_position: event.position })
    }
    from = events[events.length - 1]!.position
  }
  return sortRows([...rows.values()])
}

/** Every row of the table (of one store), in a stable order. */
export async function dump(db: AnyDb, table: string, storeId?: string): Promise<CountRow[]> {
  let query = db.selectFrom(table).select(['store_id', 'entity', 'hits', 'last_position'])
  if (storeId) query = query.where('store_id', '=', storeId)
  return sortRows((await query.execute()) as CountRow[])
}

function sortRows(rows: CountRow[]): CountRow[] {
  return rows
    .map((r) => ({ ...r, hits: Number(r.hits) }))
    .sort((a, b) => `${a.store_id} ${a.entity}`.localeCompare(`${b.store_id} ${b.entity}`))
}

export async function checkpointOf(database: Database, name: string): Promise<CheckpointRow> {
  const row = await readCheckpoint(database.db, name)
  if (!row) throw new Error(`no checkpoint for ${name}`)
  return row
}

/**
 * Waits until the projection's checkpoint has reached the newest committed event it consumes.
 * Not `headPosition`: that stops at the horizon, which other databases' transactions on a shared
 * server hold back for a moment, so it may not show an append that already returned.
 */
export async function caughtUp(database: Database, projection: Projection, timeout = 20_000): Promise<void> {
  let query = database.db
    .selectFrom('events')
    .select([sql<string>`transaction_id::text`.as('xid'), 'global_position'])
    .orderBy('transaction_id', 'desc')
    .orderBy('global_position', 'desc')
    .limit(1)
  if (projection.eventTypes !== '*') query = query.where('event_type', 'in', [...projection.eventTypes])
  const newest = (await query.executeTakeFirst()) as { xid: string; global_position: string } | undefined
  const head = newest ? encodePosition(newest.xid, newest.global_position) : null
  await eventually(async () => {
    const checkpoint = await readCheckpoint(database.db, projection.name)
    expect(comparePositions(checkpoint?.position, head)).toBeGreaterThanOrEqual(0)
  }, timeout)
}

/** The row of a rebuild or retry request, as `requestRebuild` filed it and the runner updates it. */
export async function rebuildRow(database: Database, id: string): Promise<RebuildRow> {
  return (await database.db
    .selectFrom('projection_rebuilds')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow()) as RebuildRow
}

/** Waits until a rebuild or retry request has finished, done or failed, and returns its row. */
export async function finishedRebuild(database: Database, id: string, timeout?: number): Promise<RebuildRow> {
  await eventually(async () => expect((await rebuildRow(database, id)).status).toMatch(/done|failed/), timeout)
  return rebuildRow(database, id)
}

/** Files a rebuild (or retry) of `projection` for one store (or whole, for null) as the system would; returns its id. */
export function requestSystemRebuild(
  database: Database,
  projection: string,
  storeId: string | null,
  kind: 'rebuild' | 'retry' = 'rebuild',
): Promise<string> {
  return requestRebuild(database, { projection, storeId, requestedBy: { type: 'system', id: 'test' }, kind })
}

/** Rebuilds `projection` for one store (or whole, for null) as the system would, and expects it done. */
export async function rebuildDone(
  database: Database,
  projection: string,
  storeId: string | null,
  timeout?: number,
): Promise<void> {
  const id = await requestSystemRebuild(database, projection, storeId)
  expect(await finishedRebuild(database, id, timeout)).toMatchObject({ status: 'done' })
}

export function eventually(check: () => Promise<void> | void, timeout = 20_000): Promise<void> {
  return vi.waitFor(check, { timeout, interval: 20 })
}

/**
 * A runner of `projections` as the engine tests start it (not yet started): the test logger and a
 * short lock interval, so a lock its stopped or killed owner held is taken over quickly.
 */
export function testRunner(
  database: Database,
  eventStore: EventStore,
  projections: readonly Projection[],
  options: Partial<RunnerOptions> = {},
): ProjectionRunner {
  return new ProjectionRunner({ database, eventStore, projections, logger, lockIntervalMs: 100, ...options })
}

export interface TestEngine {
  test: TestDatabase
  database: Database
  store: EventStore
  /** Starts a runner with a short lock interval; stopped by `close()` unless stopped before. */
  runner(
    projections: readonly Projection[],
    options?: Partial<RunnerOptions>,
    database?: Database,
  ): Promise<ProjectionRunner>
  /** Starts a runner of `counter` as `runner` does, appends `count` counted events to the store and waits until it has applied them. */
  runnerAfter(
    counter: CounterProjection,
    storeId: string,
    count: number,
    options?: Partial<RunnerOptions>,
  ): Promise<ProjectionRunner>
  /** Files a rebuild (or retry) request as the system would and waits until it has finished; returns its row. */
  rebuilt(projection: string, storeId: string | null, kind?: 'rebuild' | 'retry'): Promise<RebuildRow>
  /** The counter's rows (of one store), as `dump` reads them. */
  counts(counter: CounterProjection, storeId?: string): Promise<CountRow[]>
  /** Expects the counter's rows (of one store) to be what the log says: each event applied exactly once. */
  expectCountsOfLog(counter: CounterProjection, storeId?: string): Promise<void>
  /**
   * The platform on this database with `projections`, as a process would open it (without its
   * own runner unless `runProjections`); the caller stops what it started.
   */
  openPlatform(projections: readonly Projection[], runProjections: boolean): Promise<Platform>
  close(): Promise<void>
}

/** A per-file database with the event store and the projection bookkeeping migrated. */
export async function openEngine(): Promise<TestEngine> {
  const test = await createTestDatabase()
  await migrateToLatest(test.database.db, { ...eventStoreMigrations, ...projectionMigrations })
  const store = createPostgresEventStore(test.database, { pollIntervalMs: 100 })
  const runners = new Set<ProjectionRunner>()
  const counts = (counter: CounterProjection, storeId?: string) => dump(test.database.db, counter.table, storeId)
  const runner: TestEngine['runner'] = async (projections, options = {}, database = test.database) => {
    const eventStore = database === test.database ? store : createPostgresEventStore(database, { pollIntervalMs: 100 })
    const started = testRunner(database, eventStore, projections, { batchSize: 10, ...options })
    runners.add(started)
    await started.start()
    return started
  }
  return {
    test,
    database: test.database,
    store,
    runner,
    async runnerAfter(counter, storeId, count, options) {
      const started = await runner([counter], options)
      await appendCounted(store, storeId, count)
      await caughtUp(test.database, counter)
      return started
    },
    async rebuilt(projection, storeId, kind) {
      return finishedRebuild(test.database, await requestSystemRebuild(test.database, projection, storeId, kind))
    },
    counts,
    async expectCountsOfLog(counter, storeId) {
      expect(await counts(counter, storeId)).toEqual(await expectedCounts(store, 1, storeId))
    },
    openPlatform(projections, runProjections) {
      const config = { ...loadConfig({}), databaseUrl: test.url, logLevel: 'silent' as const }
      return Platform.open(
        config,
        logger,
        { ...allPlatformParts, projections },
        { runProjections, database: test.database },
      )
    },
    async close() {
      await Promise.all([...runners].map((r) => r.stop()))
      await store.close()
      await test.drop()
    },
  }
}

/** The engine of a test file: opened before its tests and closed after them. */
export function useEngine(): TestEngine {
  return perFile(openEngine, (engine) => engine.close())
}
