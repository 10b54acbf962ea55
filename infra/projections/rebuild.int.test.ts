import { randomUUID } from 'node:crypto'
import { setImmediate } from 'node:timers/promises'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { ALL_SCOPES } from '../../domain/shared/scopes.js'
import { allProjections } from '../../projections/all.js'
import type { CommandContext } from '../../app/commands/context.js'
import type { EventStore } from '../eventstore/port.js'
import { insertWrites } from '../eventstore/postgres/append.js'
import { createTenant } from '../../app/operations/tenants.js'
import type { Projection } from './projection.js'
import type { RebuildRow } from './schema.js'
import {
  COUNTED,
  appendCounted,
  caughtUp,
  checkpointOf,
  countedEvent,
  counterProjection,
  dump,
  eventually,
  expectedCounts,
  finishedRebuild,
  rebuildRow,
  requestSystemRebuild,
  useEngine,
} from '../../test/support/projections.js'
import { productCreate, productUpdate } from '../../domain/catalog/product/definitions.js'

const engine = useEngine()

async function schemaExists(name: string): Promise<boolean> {
  const { rows } = await sql<{
    n: number
  }>`select count(*)::int as n from information_schema.schemata where schema_name = ${name}`.execute(engine.database.db)
  return rows[0]!.n > 0
}

/** The store with `readAll` held between `hold()` and `release()`: only rebuilds read through it (live workers subscribe). */
function holdingReads(store: EventStore) {
  let gate: Promise<void> | undefined
  let open = () => {}
  const control = {
    reads: 0,
    hold() {
      gate = new Promise<void>((resolve) => (open = resolve))
    },
    release() {
      gate = undefined
      open()
    },
  }
  const wrapped: EventStore = {
    ...store,
    async readAll(options) {
      control.reads++
      await gate
      return store.readAll(options)
    },
  }
  return { control, wrapped }
}

describe('rebuilding one store', () => {
  it('replays that store while events for the others keep flowing, leaving it as it was and the others untouched', async () => {
    const counter = counterProjection('per_store')
    const [storeA, storeB, storeC] = [randomUUID(), randomUUID(), randomUUID()]
    const runner = await engine.runner([counter])
    for (const storeId of [storeA, storeB, storeC]) await appendCounted(engine.store, storeId, 12, 4)
    await caughtUp(engine.database, counter)
    const before = await engine.counts(counter, storeA)

    // Damage A's rows the way a projection bug would; the rebuild must put them back.
    await engine.database.db.updateTable(counter.table).set({ hits: 99 }).where('store_id', '=', storeA).execute()
    await engine.database.db
      .deleteFrom(counter.table)
      .where('store_id', '=', storeA)
      .where('entity', '=', 'e0')
      .execute()

    let flowing = true
    const flow = (async () => {
      while (flowing) {
        for (const storeId of [storeB, storeC]) await appendCounted(engine.store, storeId, 2, 4)
        // PGlite answers without I/O: without a turn of the event loop, timers would starve.
        await setImmediate()
      }
    })()
    const row = await engine.rebuilt(counter.name, storeA)
    flowing = false
    await flow
    await caughtUp(engine.database, counter)

    expect(row).toMatchObject({ status: 'done', processed: 12, total: 12, store_id: storeA, error: null })
    expect(row.finished_at).not.toBeNull()
    expect(await engine.counts(counter, storeA)).toEqual(before)
    // The whole table, other stores with their new events included, is what the log says.
    await engine.expectCountsOfLog(counter)
    await runner.stop()
  })

  it('leaves the real read models of the store identical, and the other store untouched', async () => {
    const platform = await engine.openPlatform(allProjections, true)
    const tenants = [
      await createTenant(platform, { organizationName: 'A', storeSlug: 'rebuild-a' }),
      await createTenant(platform, { organizationName: 'B', storeSlug: 'rebuild-b' }),
    ]
    for (const tenant of tenants) {
      const ctx: CommandContext = {
        organizationId: tenant.organizationId,
        storeId: tenant.storeId,
        actor: { type: 'system', id: 'test' },
        scopes: ALL_SCOPES,
        correlationId: randomUUID(),
        causationId: null,
        now: new Date('2026-11-21T10:00:00Z'),
      }
      for (const title of ['Shirt', 'Shirt', 'Hat']) {
        const { entityId } = await platform.executeAndWait(productCreate, { title, tags: ['a', title] }, ctx)
        await platform.executeAndWait(productUpdate, { id: entityId, vendor: 'Acme' }, ctx)
      }
    }
    const tables = async () => ({
      products: await engine.database.db.selectFrom('products').selectAll().orderBy('store_id').orderBy('id').execute(),
      audit: await engine.database.db
        .selectFrom('audit_log')
        .selectAll()
        .orderBy('store_id')
        .orderBy('position')
        .execute(),
    })
    const before = await tables()
    expect(before.products).toHaveLength(6)

    await engine.database.db.deleteFrom('products').where('store_id', '=', tenants[0]!.storeId).execute()
    const rebuilt = allProjections.filter((p: Projection) => p.storeTables.length > 0)
    const rows = await Promise.all(rebuilt.map(async (p) => engine.rebuilt(p.name, tenants[0]!.storeId)))
    expect(rows.map((r) => r.status)).toEqual(rebuilt.map(() => 'done'))
    expect(await tables()).toEqual(before)
    await platform.runner?.stop()
    await platform.waiter.stop()
  })
})

describe('a long rebuild', () => {
  // PGlite answers in microtasks: without a turn of the event loop between batches, a rebuild
  // would freeze the process (HTTP, timers) from its first event to its last.
  it('lets the event loop turn between batches, whole or per store', async () => {
    const counter = counterProjection('responsive')
    const storeId = randomUUID()
    await engine.database.db.transaction().execute(async (trx) => {
      const events = Array.from({ length: 1_500 }, (_, i) => countedEvent(storeId, `e${i % 10}`))
      await insertWrites(trx, [{ stream: `counted-${storeId}_bulk`, events, expectedRevision: 'any' }])
    })
    const runner = await engine.runner([counter], { batchSize: 75 })
    await caughtUp(engine.database, counter, 60_000)
    for (const target of [null, storeId]) {
      let last = Date.now()
      let longest = 0
      const ticker = setInterval(() => {
        longest = Math.max(longest, Date.now() - last)
        last = Date.now()
      }, 5)
      const started = Date.now()
      expect(await engine.rebuilt(counter.name, target)).toMatchObject({ status: 'done' })
      clearInterval(ticker)
      // Twenty batches and more: no turn of the event loop may have waited for most of them.
      expect(longest).toBeLessThan((Date.now() - started) / 3)
    }
    await runner.stop()
  })
})

describe('rebuilding a whole projection beside the live tables', () => {
  it('keeps serving and following from the live tables during the build, then swaps in an identical result', async () => {
    const counter = counterProjection('beside')
    const storeId = randomUUID()
    const { control, wrapped } = holdingReads(engine.store)
    const runner = await engine.runner([counter], { eventStore: wrapped })
    await appendCounted(engine.store, storeId, 25, 5)
    await caughtUp(engine.database, counter)

    control.hold()
    const id = await requestSystemRebuild(engine.database, counter.name, null)
    await eventually(async () => expect(control.reads).toBeGreaterThan(0))
    expect(await schemaExists('rebuild_beside')).toBe(true)
    expect((await rebuildRow(engine.database, id)).status).toBe('running')
    // Meanwhile the live tables serve reads and keep following the log.
    await appendCounted(engine.store, storeId, 5, 5)
    await caughtUp(engine.database, counter)
    await engine.expectCountsOfLog(counter)

    control.release()
    const row = await finishedRebuild(engine.database, id)
    // Every Counted event of the log, the other tests' in this file included.
    const total = await engine.store.countAll({ filter: { eventTypes: ['Counted'] } })
    expect(row).toMatchObject({ status: 'done', processed: total, total })
    await engine.expectCountsOfLog(counter)
    expect(await schemaExists('rebuild_beside')).toBe(false)
    expect(await checkpointOf(engine.database, counter.name)).toMatchObject({
      version: 1,
      status: 'running',
      events_applied: expect.anything(),
    })
    expect(Number((await checkpointOf(engine.database, counter.name)).events_applied)).toBe(total)
    // It goes on following after the swap.
    await appendCounted(engine.store, storeId, 3, 5)
    await caughtUp(engine.database, counter)
    await engine.expectCountsOfLog(counter)
    await runner.stop()
  })

  it('rebuilds a projection whose version went up when it starts, once', async () => {
    const v1 = counterProjection('versioned')
    const storeId = randomUUID()
    const first = await engine.runnerAfter(v1, storeId, 10)
    await first.stop()

    // Version 2 counts each event twice: its rows differ, so only a rebuild gets them right.
    const v2 = counterProjection('versioned', { version: 2, weight: 2 })
    const second = await engine.runner([v2])
    const requests = () =>
      engine.database.db
        .selectFrom('projection_rebuilds')
        .selectAll()
        .where('projection', '=', v2.name)
        .execute() as Promise<RebuildRow[]>
    await eventually(async () => expect(await requests()).toMatchObject([{ status: 'done' }]))
    expect(await requests()).toMatchObject([
      { store_id: null, processed: await engine.store.countAll({ filter: { eventTypes: ['Counted'] } }) },
    ])
    expect(await checkpointOf(engine.database, v2.name)).toMatchObject({ version: 2, status: 'running' })
    await appendCounted(engine.store, storeId, 4)
    await caughtUp(engine.database, v2)
    expect(await dump(engine.database.db, v2.table)).toEqual(await expectedCounts(engine.store, 2))
    expect(await schemaExists('rebuild_versioned')).toBe(false)
    await second.stop()

    const third = await engine.runner([counterProjection('versioned', { version: 2, weight: 2 })])
    expect(
      await engine.database.db
        .selectFrom('projection_rebuilds')
        .select('id')
        .where('projection', '=', v2.name)
        .execute(),
    ).toHaveLength(1)
    await third.stop()
  })

  it('swaps tables whose index names moved from one table to another between versions', async () => {
    const storeId = randomUUID()
    const twoTables = (version: number, indexedTable: 'moved_a' | 'moved_b'): Projection => ({
      ...counterProjection('moved', { version }),
      tables: ['moved_a', 'moved_b'],
      storeTables: ['moved_a', 'moved_b'],
      async createTables(db) {
        for (const table of ['moved_a', 'moved_b'])
          await db.schema
            .createTable(table)
            .addColumn('store_id', 'uuid', (c) => c.notNull())
            .addColumn('n', 'integer')
            .execute()
        await db.schema.createIndex('moved_by_store').on(indexedTable).column('store_id').execute()
      },
      async apply(event, trx) {
        await trx.insertInto('moved_a').values({ store_id: event.metadata.storeId, n: 1 }).execute()
      },
    })
    const first = await engine.runner([twoTables(1, 'moved_b')])
    await appendCounted(engine.store, storeId, 3)
    await first.stop()
    const second = await engine.runner([twoTables(2, 'moved_a')])
    await eventually(async () =>
      expect(
        await engine.database.db
          .selectFrom('projection_rebuilds')
          .select(['status', 'error'])
          .where('projection', '=', 'moved')
          .executeTakeFirst(),
      ).toMatchObject({ status: 'done' }),
    )
    const { rows } = await sql<{
      tablename: string
    }>`select tablename from pg_indexes where indexname = 'moved_by_store' and schemaname = 'public'`.execute(
      engine.database.db,
    )
    expect(rows).toEqual([{ tablename: 'moved_a' }])
    await second.stop()
  })

  it('drops its half-built copy and leaves the live tables serving when the build fails', async () => {
    const counter = counterProjection('unbuildable')
    const storeId = randomUUID()
    // An organization's stream: its failing event has no store to park, so the build fails.
    const organization = randomUUID()
    const runner = await engine.runner([counter])
    await appendCounted(engine.store, storeId, 5)
    await appendCounted(engine.store, storeId, 1, 1, COUNTED, organization)
    await caughtUp(engine.database, counter)
    const live = await engine.counts(counter)

    counter.failWhen = (event) => event.streamName.startsWith(`counted-${organization}_`)
    const row = await engine.rebuilt(counter.name, null)
    expect(row).toMatchObject({ status: 'failed', error: 'cannot count e0' })
    expect(await schemaExists('rebuild_unbuildable')).toBe(false)
    expect(await engine.counts(counter)).toEqual(live)
    await runner.stop()
  })

  it('starts over a rebuild whose owner died while carrying it out', async () => {
    const counter = counterProjection('orphaned')
    const storeId = randomUUID()
    await appendCounted(engine.store, storeId, 5)
    const id = randomUUID()
    await engine.database.db
      .insertInto('projection_rebuilds')
      .values({ id, projection: counter.name, store_id: null, status: 'running', processed: 2, started_at: sql`now()` })
      .execute()
    const runner = await engine.runner([counter])
    expect(await finishedRebuild(engine.database, id)).toMatchObject({
      status: 'done',
      processed: await engine.store.countAll({ filter: { eventTypes: ['Counted'] } }),
    })
    await runner.stop()
  })
})
