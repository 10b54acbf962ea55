import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DomainError } from '../../domain/shared/errors.js'
import type { Reaction } from '../../domain/shared/reaction.js'
import { defaultThemeId } from '../../domain/webstore/theme/definitions.js'
import { themeStream } from '../../domain/webstore/theme/streams.js'
import { startTestApp, type Tenant, type TestApp } from '../../test/support/app.js'
import { untilMainTheme } from '../../test/support/themes.js'
import { createLogger } from '../../infra/logging/logger.js'
import { allReactions } from './all.js'
import { Reactor, readCheckpoint } from './reactor.js'

let t: TestApp
let shop: Tenant
const logger = createLogger('silent')

beforeAll(async () => {
  t = await startTestApp()
  shop = await t.tenant('reactions')
  await untilMainTheme(t, shop.apiKey)
})

afterAll(async () => {
  await t?.close()
})

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`timed out waiting for ${what}`)
    },
    { timeout: 10_000, interval: 25 },
  )
}

const head = async (eventTypes: readonly string[]) => t.platform.eventStore.headPosition({ eventTypes })

describe('the default-theme reaction', () => {
  it('runs again from the start of the log (a crash before its checkpoint) and installs nothing twice', async () => {
    const stream = themeStream(shop.storeId, defaultThemeId(shop.storeId))
    const before = await t.platform.eventStore.readStream(stream)
    expect(before.map((e) => e.type)).toEqual(['ThemeCreated'])

    const replay: Reaction = { ...allReactions[0]!, name: 'install-default-theme-replay' }
    const reactor = new Reactor({
      db: t.platform.database.db,
      eventStore: t.platform.eventStore,
      reactions: [replay],
      logger,
      execute: (n, i, c) => t.platform.execute(t.platform.registry.get(n), i, c),
      settle: async () => undefined,
    })
    await reactor.start()
    const target = await head(replay.eventTypes)
    await until(
      async () => (await readCheckpoint(t.platform.database.db, replay.name)) === target,
      'the replay to catch up',
    )
    await reactor.stop()

    expect((await t.platform.eventStore.readStream(stream)).length).toBe(1)
    const mains = await t.gql<{ themes: { totalCount: number } }>(
      shop.apiKey,
      '{ themes(filter: {role: [MAIN]}) { totalCount } }',
    )
    expect(mains.data!.themes.totalCount).toBe(1)
  })
})

describe('a reactor', () => {
  const ping: Reaction = {
    name: 'test-ping',
    eventTypes: ['StoreCreated'],
    scopes: [],
    react: (e) => [{ command: 'ping', input: e.data.storeId, organizationId: e.organizationId, storeId: null }],
  }

  it('retries a failing command from its checkpoint, and passes events the domain refuses', async () => {
    const calls: unknown[] = []
    let failures = 1
    const reactor = new Reactor({
      db: t.platform.database.db,
      eventStore: t.platform.eventStore,
      reactions: [{ ...ping, name: 'test-retry' }],
      logger,
      execute: async (_name, input) => {
        calls.push(input)
        if (failures-- > 0) throw new Error('database went away')
        throw new DomainError('NOT_FOUND', 'store is gone')
      },
      settle: async () => undefined,
    })
    await reactor.start()
    const target = await head(ping.eventTypes)
    await until(
      async () => (await readCheckpoint(t.platform.database.db, 'test-retry')) === target,
      'the retry to catch up',
    )
    await reactor.stop()
    const stores = (await sql<{ n: string }>`select count(*) as n from stores`.execute(t.platform.database.db)).rows[0]!
      .n
    // Every store once, and the one that failed first once more.
    expect(calls.length).toBe(Number(stores) + 1)
  })

  it('holds a write that a reaction is part of until the reaction has run on it and its commands show', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let started!: () => void
    const executing = new Promise<void>((resolve) => (started = resolve))
    const settled: string[] = []
    const reactor = new Reactor({
      db: t.platform.database.db,
      eventStore: t.platform.eventStore,
      reactions: [{ ...ping, name: 'test-part-of-the-write', partOfTheWrite: true }],
      logger,
      execute: async (_name, input) => {
        started()
        await gate
        return { entityId: String(input), stream: `store-${String(input)}`, position: null, events: [] }
      },
      settle: async (result) => settled.push(result.entityId),
    })
    await reactor.start()
    const position = (await head(ping.eventTypes))!
    const write = { entityId: shop.storeId, stream: 'store', position, events: [{ type: 'StoreCreated', position }] }
    const waiting = reactor.waitFor(write, 10_000)
    await executing
    // Its command has not returned: the write is not shown yet, and a short wait says so.
    expect(await reactor.waitFor(write, 50)).toBe(false)
    // A write none of its reactions reacts to goes on at once.
    expect(await reactor.waitFor({ ...write, events: [{ type: 'ProductCreated', position }] }, 10_000)).toBe(true)
    release()
    expect(await waiting).toBe(true)
    await reactor.stop()
    expect(settled).toContain(shop.storeId)
  })
})
