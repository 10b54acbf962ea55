import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ProductEvent } from '../../domain/catalog/product/events.js'
import { productStream } from '../../domain/catalog/product/streams.js'
import { allProjections } from '../../projections/all.js'
import { productsProjection } from '../../projections/catalog/product/projection.js'
import { themesProjection } from '../../projections/webstore/theme/projection.js'
import { themeStream } from '../../domain/webstore/theme/streams.js'
import { createTestDatabase, type TestDatabase } from '../../test/support/database.js'
import type { CommandContext } from '../commands/context.js'
import type { CommandResult } from '../commands/execute.js'
import { ConfigError, loadConfig } from '../../infra/config.js'
import type { AnyDb } from '../../infra/database/database.js'
import { createLogger } from '../../infra/logging/logger.js'
import { PublishScheduler, SCHEDULER_ACTOR } from './publish-scheduler.js'

// The scheduler around its command: what it polls, who it acts as, and how it fails and stops.
// That the command turns a product ACTIVE end to end: product-publish-scheduler.e2e.test.ts.

const ORG = randomUUID()
const STORE = randomUUID()
let test: TestDatabase
let db: AnyDb
let position = 0

async function scheduled(publishAt: string, status: 'DRAFT' | 'ACTIVE' = 'DRAFT'): Promise<string> {
  const productId = randomUUID()
  const events: ProductEvent[] = [
    {
      type: 'ProductCreated',
      data: { productId, title: 'P', handle: productId, description: '', status, vendor: '', tags: [] },
    },
    { type: 'ProductPublishScheduled', data: { productId, publishAt } },
  ]
  for (const [revision, event] of events.entries()) {
    const occurredAt = '2026-03-01T00:00:00.000Z'
    await productsProjection.apply(
      {
        id: randomUUID(),
        type: event.type,
        data: event.data,
        metadata: {
          organizationId: ORG,
          storeId: STORE,
          actor: { type: 'system', id: 'test' },
          correlationId: 'c',
          causationId: null,
          schemaVersion: 1,
          occurredAt,
        },
        streamName: productStream(STORE, productId),
        revision,
        position: String(++position).padStart(20, '0'),
        recordedAt: new Date(occurredAt),
      },
      db,
    )
  }
  return productId
}

/** A theme creation whose files were staged at `occurredAt` and which never completed (a crash). */
async function stagedTheme(occurredAt: string): Promise<string> {
  const themeId = randomUUID()
  await themesProjection.apply(
    {
      id: randomUUID(),
      type: 'ThemeFilesAdded',
      data: { themeId, files: [{ path: 'snippets/a.liquid', content: 'a', checksum: 'c', size: 1 }] },
      metadata: {
        organizationId: ORG,
        storeId: STORE,
        actor: { type: 'api_key', id: 'k' },
        correlationId: 'c',
        causationId: null,
        schemaVersion: 1,
        occurredAt,
      },
      streamName: themeStream(STORE, themeId),
      revision: 0,
      position: String(++position).padStart(20, '0'),
      recordedAt: new Date(occurredAt),
    },
    db,
  )
  return themeId
}

beforeAll(async () => {
  test = await createTestDatabase()
  db = test.database.db
  // The scheduler polls every kind of scheduled entity, each in its own read model.
  for (const projection of allProjections) await projection.createTables(db)
})
afterAll(async () => {
  await test?.drop()
})

describe('PublishScheduler', () => {
  it('runs productPublishDue as the system scheduler for each due hidden product, and goes on past a failure', async () => {
    const failing = await scheduled('2026-03-01T08:00:00.000Z')
    const due = await scheduled('2026-03-01T09:00:00.000Z')
    await scheduled('2026-03-01T11:00:00.000Z')
    await scheduled('2026-03-01T09:00:00.000Z', 'ACTIVE')
    const calls: { name: string; input: unknown; ctx: CommandContext }[] = []
    const warnings: unknown[] = []
    const logger = createLogger('silent')
    logger.warn = ((...args: unknown[]) => void warnings.push(args)) as typeof logger.warn
    const scheduler = new PublishScheduler({
      db,
      intervalMs: 60_000,
      logger,
      async execute(name, input, ctx): Promise<CommandResult> {
        calls.push({ name, input, ctx })
        if ((input as { id: string }).id === failing) throw new Error('event store unavailable')
        return { entityId: due, stream: '', position: '00000000000000000001-00000000000000000001', events: [] }
      },
    })

    expect(await scheduler.tick(new Date('2026-03-01T10:00:00.000Z'))).toBe(1)
    expect(calls.map((c) => [c.name, c.input])).toEqual([
      ['productPublishDue', { id: failing }],
      ['productPublishDue', { id: due }],
    ])
    expect(calls[0]!.ctx).toMatchObject({
      organizationId: ORG,
      storeId: STORE,
      actor: SCHEDULER_ACTOR,
      scopes: ['products:write'],
    })
    expect(calls[0]!.ctx.correlationId).not.toBe(calls[1]!.ctx.correlationId)
    expect(warnings).toHaveLength(1)
  })

  it('abandons theme creations whose staged files waited past the bound, and only those', async () => {
    const crashed = await stagedTheme('2026-03-01T09:40:00.000Z')
    await stagedTheme('2026-03-01T09:50:00.000Z')
    const calls: { name: string; input: unknown; ctx: CommandContext }[] = []
    const scheduler = new PublishScheduler({
      db,
      intervalMs: 60_000,
      logger: createLogger('silent'),
      async execute(name, input, ctx): Promise<CommandResult> {
        calls.push({ name, input, ctx })
        return { entityId: '', stream: '', position: null, events: [] }
      },
    })
    await scheduler.tick(new Date('2026-03-01T10:00:00.000Z'))
    const abandons = calls.filter((call) => call.name === 'themeImportAbandon')
    expect(abandons.map((call) => call.input)).toEqual([{ id: crashed }])
    expect(abandons[0]!.ctx).toMatchObject({ storeId: STORE, actor: SCHEDULER_ACTOR, scopes: ['webstore:write'] })
  })

  // The products of the first test are due at today's time, so every poll has work.
  it('polls on its interval once started, and stop waits for the poll in progress', async () => {
    let release: () => void = () => {}
    const ticks: number[] = []
    const scheduler = new PublishScheduler({
      db,
      intervalMs: 50,
      logger: createLogger('silent'),
      execute: () => {
        ticks.push(Date.now())
        return new Promise<CommandResult>(
          (resolve) => (release = () => resolve({ entityId: '', stream: '', position: null, events: [] })),
        )
      },
    })
    scheduler.start()
    await vi.waitFor(() => expect(ticks.length).toBeGreaterThan(0), { timeout: 10_000, interval: 20 })
    let stopped = false
    const stopping = scheduler.stop().then(() => (stopped = true))
    // Deliberate: that stop has not finished can only be seen over a window (two intervals).
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(stopped).toBe(false)
    release()
    await stopping
    const after = ticks.length
    // Deliberate: that no poll follows a stop can only be seen over a window (four intervals).
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(ticks.length).toBe(after)
  })
})

describe('PUBLISH_SCHEDULER_INTERVAL_MS', () => {
  it('defaults to 5 s and refuses values below 50 ms naming the variable', () => {
    expect(loadConfig({}).publishSchedulerIntervalMs).toBe(5_000)
    expect(loadConfig({ PUBLISH_SCHEDULER_INTERVAL_MS: '250' }).publishSchedulerIntervalMs).toBe(250)
    expect(() => loadConfig({ PUBLISH_SCHEDULER_INTERVAL_MS: '10' })).toThrow(ConfigError)
    expect(() => loadConfig({ PUBLISH_SCHEDULER_INTERVAL_MS: '10' })).toThrow(/PUBLISH_SCHEDULER_INTERVAL_MS/)
  })
})
