import { randomUUID } from 'node:crypto'
import type { ProductEvent, ProductFields } from '../../domain/catalog/product/events.js'
import { productStream } from '../../domain/catalog/product/streams.js'
import type { AnyDb } from '../../infra/database/database.js'
import type { RecordedEvent } from '../../infra/eventstore/port.js'
import { productsProjection } from '../../projections/catalog/product/projection.js'
import { createTestDatabase, type TestDatabase } from './database.js'

const T0 = Date.parse('2026-03-01T10:00:00.000Z')
/** A time `minutes` after the story's start, as an event's `occurredAt`. */
export const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString()

/**
 * The products projection on a database of the test file's own, fed events the way the event
 * store would record them (next revision of their stream, next position). `db` is there once
 * `open()` has run (in `beforeAll`).
 */
export function productProjectionFixture() {
  const organizationId = randomUUID()
  let test: TestDatabase | undefined
  let position = 0
  const revisions = new Map<string, number>()

  const fixture = {
    /** The organization every recorded event names. */
    organizationId,
    db: undefined as unknown as AnyDb,
    async open() {
      test = await createTestDatabase()
      fixture.db = test.database.db
      await productsProjection.createTables(fixture.db)
    },
    close: () => test?.drop(),
    replay: (recorded: RecordedEvent) =>
      fixture.db.transaction().execute((trx) => productsProjection.apply(recorded, trx)),
    /** Records an event the way the event store would and projects it. */
    async project(storeId: string, event: ProductEvent, occurredAt: string): Promise<RecordedEvent> {
      const stream = productStream(storeId, event.data.productId)
      const revision = (revisions.get(stream) ?? -1) + 1
      revisions.set(stream, revision)
      const recorded: RecordedEvent = {
        id: randomUUID(),
        type: event.type,
        data: event.data,
        metadata: {
          organizationId,
          storeId,
          actor: { type: 'system', id: 'test' },
          correlationId: 'c',
          causationId: null,
          schemaVersion: 1,
          occurredAt,
        },
        streamName: stream,
        revision,
        position: String(++position).padStart(20, '0'),
        recordedAt: new Date(occurredAt),
      }
      await fixture.replay(recorded)
      return recorded
    },
    /** A product created at `occurredAt` with `fields` over ACTIVE defaults and random id and handle. */
    async createProduct(
      storeId: string,
      fields: Partial<ProductFields> & { title: string },
      occurredAt = at(0),
    ): Promise<ProductFields> {
      const data: ProductFields = {
        productId: randomUUID(),
        handle: randomUUID(),
        description: '',
        status: 'ACTIVE',
        vendor: '',
        tags: [],
        ...fields,
      }
      await fixture.project(storeId, { type: 'ProductCreated', data }, occurredAt)
      return data
    },
  }
  return fixture
}
