import { randomUUID } from 'node:crypto'
import { expect, vi } from 'vitest'
import type { Database } from '../../infra/database/database.js'
import { migrateToLatest } from '../../infra/database/migrate.js'
import { createKurrentDbEventStore } from '../../infra/eventstore/kurrentdb/adapter.js'
import {
  comparePositions,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type LogFilter,
  type NewEvent,
  type RecordedEvent,
} from '../../infra/eventstore/port.js'
import { createPostgresEventStore } from '../../infra/eventstore/postgres/adapter.js'
import { eventStoreMigrations } from '../../infra/eventstore/postgres/schema.js'
import { createTestDatabase, openTestPglite, type TestDatabase } from './database.js'
import { perFile } from './per-file.js'

/** What the event-store suites share: every adapter, opened fresh, and helpers over the port. */
export interface Opened {
  store: EventStore
  database?: Database
  close(): Promise<void>
}

/** A long poll interval: live delivery within the test timeouts proves LISTEN/NOTIFY wakes subscribers. */
export async function openPostgres(database: Database, drop: () => Promise<void>): Promise<Opened> {
  await migrateToLatest(database.db, eventStoreMigrations)
  const store = createPostgresEventStore(database, { pollIntervalMs: 60_000 })
  return { store: settling(store), database, close: () => store.close().then(drop) }
}

/**
 * Postgres readers see a commit once every older transaction in the cluster has ended (the
 * horizon that defeats the ordering trap), and other test runs share the server: appends here
 * return once readers can see them, as the app's read-your-writes wait does.
 */
export function settling(store: EventStore): EventStore {
  const settle = async (result: AppendResult) => {
    await waitFor(async () => comparePositions(await store.headPosition(), result.position) >= 0)
    return result
  }
  return {
    ...store,
    append: (...args) => store.append(...args).then(settle),
    appendMany: (writes) => store.appendMany(writes).then(settle),
  }
}

/**
 * The Postgres event store of a test file, on a migrated database of its own, opened before its
 * tests and closed after them: as the app opens it, without the settling wait of the contract suite.
 */
export function usePostgresEventStore(): { store: EventStore; test: TestDatabase } {
  return perFile(
    async () => {
      const test = await createTestDatabase()
      await migrateToLatest(test.database.db, eventStoreMigrations)
      return { test, store: createPostgresEventStore(test.database) }
    },
    async ({ test, store }) => {
      await store.close()
      await test.drop()
    },
  )
}

export async function openKurrentDb(): Promise<Opened> {
  const store = createKurrentDbEventStore(process.env.EVENTSTORE_URL ?? '')
  return { store, close: () => store.close() }
}

export const ADAPTERS: { name: string; postgres: boolean; skip: boolean; open: () => Promise<Opened> }[] = [
  {
    name: 'Postgres on pg',
    postgres: true,
    skip: !process.env.DATABASE_URL,
    open: () => createTestDatabase().then((test) => openPostgres(test.database, test.drop)),
  },
  {
    name: 'Postgres on PGlite',
    postgres: true,
    skip: false,
    open: () => openTestPglite().then((database) => openPostgres(database, () => database.close())),
  },
  { name: 'KurrentDB', postgres: false, skip: !process.env.EVENTSTORE_URL, open: openKurrentDb },
]

/** Unique per call: the KurrentDB server is shared, so every test writes to its own scope and categories. */
export const unique = (prefix = 'c') => `${prefix}${randomUUID().replaceAll('-', '').slice(0, 16)}`
export const streamIn = (scope: string, category = 'thing') => `${category}-${scope}_${randomUUID()}`
export const ids = (events: { id: string }[]) => events.map((event) => event.id)

export function newEvent(type = 'ThingHappened', data: Record<string, unknown> = {}): NewEvent {
  const metadata = { organizationId: 'org', storeId: 'store', actor: { type: 'system' as const, id: 'test' } }
  return {
    id: randomUUID(),
    type,
    data,
    metadata: {
      ...metadata,
      correlationId: randomUUID(),
      causationId: null,
      schemaVersion: 1,
      occurredAt: new Date().toISOString(),
    },
  }
}

export const waitFor = (check: () => boolean | Promise<boolean>) =>
  vi.waitFor(async () => expect(await check()).toBe(true), { timeout: 20_000, interval: 10 })

export async function readEverything(store: EventStore, filter: LogFilter, limit = 4): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = []
  for (;;) {
    const page = await store.readAll({ from: all.at(-1)?.position ?? null, filter, limit })
    all.push(...page)
    if (page.length < limit) return all
  }
}

/** An append's position is past every earlier event and not past its own last event: what read-your-writes waits for. */
export function expectAppendPosition(position: string, log: RecordedEvent[], lastIndex: number): void {
  expect(comparePositions(position, log[lastIndex]?.position)).toBeLessThanOrEqual(0)
  if (lastIndex > 0) expect(comparePositions(position, log[lastIndex - 1]?.position)).toBe(1)
}

export function expectStrictlyIncreasing(events: RecordedEvent[]): void {
  for (let i = 1; i < events.length; i++)
    expect(comparePositions(events[i - 1]?.position, events[i]?.position)).toBe(-1)
}

export async function expectWrong(append: Promise<unknown>, actual: number | 'no_stream'): Promise<void> {
  const error: unknown = await append.then(
    () => 'appended',
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(WrongExpectedRevisionError)
  expect((error as WrongExpectedRevisionError).actual).toBe(actual)
}
