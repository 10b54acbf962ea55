import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import type { AnyDb, Database } from '../../infra/database/database.js'
import type { EventMetadata, RecordedEvent } from '../../infra/eventstore/port.js'
import { encodePosition } from '../../infra/eventstore/postgres/events-table.js'
import type { Projection } from '../../infra/projections/projection.js'
import { createTestDatabase, type TestDatabase } from './database.js'
import { perFile } from './per-file.js'

/** Events start at this instant and are a second apart, so timestamps in rows are predictable. */
const EPOCH = Date.parse('2026-01-01T00:00:00.000Z')

export interface SpecStore {
  organizationId: string
  storeId: string
  /**
   * A recorded event of this store on `stream`, with the next revision of that stream and the next
   * log position: build events in log order. `metadata` overrides the defaults, e.g. `{ storeId: null }`
   * for an event of an organization- or platform-scoped stream.
   */
  event(stream: string, type: string, data: Record<string, unknown>, metadata?: Partial<EventMetadata>): RecordedEvent
  /**
   * The events of one entity of this store: each on `stream`, with `ids` first in its data, so a case
   * names only the type and what is its own.
   *
   * @example
   * const menu = shop.entity(menuStream(shop.storeId, menuId), { menuId })
   * menu('MenuRetitled', { title: 'Header' })
   */
  entity(stream: string, ids: Record<string, string>): EntityEvent
  /**
   * A new entity of this store: its id (a fresh one unless given) under `idField`, and `event`, its
   * events on the stream `streamOf` names for it, each with that id first in its data.
   *
   * @example
   * const menu = shop.newEntity(menuStream, 'menuId')
   * menu.event('MenuRetitled', { title: 'Header' }) // on menuStream(shop.storeId, menu.menuId)
   */
  newEntity<IdField extends string>(
    streamOf: (storeId: string, id: string) => string,
    idField: IdField,
    id?: string,
  ): Record<IdField, string> & { event: EntityEvent }
}

export type EntityEvent = (type: string, data?: Record<string, unknown>) => RecordedEvent

export type Row = Record<string, unknown>

/** Which rows to read: a store's (by `store_id`), or those whose columns equal these values, for tables without `store_id`. */
export type RowScope = string | Row

export interface ProjectionSpec {
  database: Database
  /** A store of its own (and its organization), so the cases of a file do not see each other's rows. */
  store(): SpecStore
  /** Applies `events` through the projection in one transaction, as the runner does with a batch. */
  given(events: readonly RecordedEvent[]): {
    /**
     * The rows of `table` in `scope`, with the columns the expected rows name, in `orderBy` order
     * (those columns when not given); timestamps read as ISO strings.
     */
    thenRows(table: string, scope: RowScope, expected: readonly Row[], orderBy?: readonly string[]): Promise<void>
  }
  /**
   * Applies `created`, the first event of entity `id` of `shop`, and expects it filed as the one row of
   * `table` in that store: the `createdRow` columns, then `own`.
   *
   * @example await spec.givenCreated(shop, main.menuId, main.created()).thenRow('menus', { handle: 'main' })
   */
  givenCreated(shop: SpecStore, id: string, created: RecordedEvent): { thenRow(table: string, own: Row): Promise<void> }
  /** The rows of `table` in `scope` with `columns`, as `thenRows` reads them. */
  rows(table: string, scope: RowScope, columns: readonly string[], orderBy?: readonly string[]): Promise<Row[]>
  close(): Promise<void>
}

/**
 * Given/then for a projection, on a per-file database: recorded events go through its `apply`,
 * and the test asserts the rows that came out.
 *
 * @example
 * const spec = await projectionSpec(blogsProjection)
 * const shop = spec.store()
 * await spec.given([shop.event(stream, 'BlogCreated', data)]).thenRows('blogs', shop.storeId, [{ id, title }])
 *
 * `alsoTables` creates the tables of read models that `apply` reads from (a projection that looks up
 * products, say).
 */
export async function projectionSpec(
  projection: Projection,
  options: { alsoTables?: readonly Projection[] } = {},
): Promise<ProjectionSpec> {
  const test: TestDatabase = await createTestDatabase()
  const db = test.database.db
  for (const other of [...(options.alsoTables ?? []), projection]) await other.createTables(db)
  const revisions = new Map<string, number>()
  let position = 0

  const rows: ProjectionSpec['rows'] = (table, scope, columns, orderBy) => readRows(db, table, scope, columns, orderBy)

  const spec: ProjectionSpec = {
    database: test.database,
    store() {
      const organizationId = randomUUID()
      const storeId = randomUUID()
      const store: SpecStore = {
        organizationId,
        storeId,
        event(stream, type, data, metadata = {}) {
          const revision = (revisions.get(stream) ?? -1) + 1
          revisions.set(stream, revision)
          position++
          return {
            id: randomUUID(),
            type,
            data,
            metadata: {
              organizationId,
              storeId,
              actor: { type: 'system', id: 'test' },
              correlationId: randomUUID(),
              causationId: null,
              schemaVersion: 1,
              occurredAt: new Date(EPOCH + position * 1_000).toISOString(),
              ...metadata,
            },
            streamName: stream,
            revision,
            position: encodePosition(1, position),
            recordedAt: new Date(EPOCH + position * 1_000),
          }
        },
        entity:
          (stream, ids) =>
          (type, data = {}) =>
            store.event(stream, type, { ...ids, ...data }),
        newEntity<IdField extends string>(
          streamOf: (storeId: string, id: string) => string,
          idField: IdField,
          id = randomUUID(),
        ) {
          const ids = Object.fromEntries([[idField, id]]) as Record<IdField, string>
          return { ...ids, event: store.entity(streamOf(storeId, id), ids) }
        },
      }
      return store
    },
    givenCreated(shop, id, created) {
      return {
        thenRow: (table, own) =>
          spec.given([created]).thenRows(table, shop.storeId, [{ ...createdRow(shop, id, created), ...own }]),
      }
    },
    given(events) {
      return {
        async thenRows(table, scope, expected, orderBy) {
          await db.transaction().execute(async (trx) => {
            for (const event of events) await projection.apply(event, trx)
          })
          const columns = expected.length > 0 ? Object.keys(expected[0]!) : Object.keys(scopeColumns(scope))
          expect(await rows(table, scope, columns, orderBy)).toEqual(expected)
        },
      }
    },
    rows,
    close: () => test.drop(),
  }
  return spec
}

/**
 * The columns a read model files for an entity of `shop` that `created` just made: its id, organization,
 * revision 0 and both timestamps at that event. Spread it first into the expected row.
 */
export function createdRow(shop: SpecStore, id: string, created: RecordedEvent): Row {
  const at = created.metadata.occurredAt
  return { id, organization_id: shop.organizationId, revision: 0, created_at: at, updated_at: at }
}

/**
 * The rows of `table` in `scope` with `columns`, in `orderBy` order (those columns when not given);
 * timestamps read as ISO strings. For a test on a whole app's database, what `ProjectionSpec.rows` is
 * for a spec's.
 *
 * @example await readRows(db, 'audit_log', { store_id: storeId, entity_type: 'category' }, ['type'], ['position'])
 */
export async function readRows(
  db: AnyDb,
  table: string,
  scope: RowScope,
  columns: readonly string[],
  orderBy: readonly string[] = columns,
): Promise<Row[]> {
  let query = db.selectFrom(table).select([...columns])
  for (const [column, value] of Object.entries(scopeColumns(scope))) query = query.where(column, '=', value)
  for (const column of orderBy) query = query.orderBy(column)
  return ((await query.execute()) as Row[]).map(readable)
}

function scopeColumns(scope: RowScope): Row {
  return typeof scope === 'string' ? { store_id: scope } : scope
}

function readable(row: Row): Row {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  )
}

/** The `projectionSpec` of a test file, opened before its tests and closed after them. */
export function useProjectionSpec(
  projection: Projection,
  options: Parameters<typeof projectionSpec>[1] = {},
): ProjectionSpec {
  return perFile(
    () => projectionSpec(projection, options),
    (spec) => spec.close(),
  )
}
