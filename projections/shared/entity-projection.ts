import type { Kysely } from 'kysely'
import type { AnyDb } from '../../infra/database/database.js'
import type { RecordedEvent } from '../../infra/eventstore/port.js'
import type { Projection } from '../../infra/projections/projection.js'
import { entityRow, type EntityRow } from './entity-row.js'
import { createTable, type AnyTableSpec, type RowOf } from './table.js'

/**
 * The tables of a projection whose tables all hold rows of store streams: it creates each from its
 * spec, and a store rebuild clears that store's rows from each.
 *
 * @example export const postsProjection: Projection = { name: 'posts', version: 1, eventTypes, ...storeTablesOf(POSTS_TABLE), apply }
 */
export function storeTablesOf(
  ...specs: readonly AnyTableSpec[]
): Pick<Projection, 'tables' | 'storeTables' | 'createTables'> {
  const names = specs.map((spec) => spec.name)
  return {
    tables: names,
    storeTables: names,
    async createTables(db) {
      for (const spec of specs) await createTable(db, spec)
    },
  }
}

/** What an entity projection says of its own; see {@link entityProjection}. */
export interface EntityProjectionSpec<Spec extends AnyTableSpec, Event> {
  /** Its one table, made by `entityTable`; the projection is named after it. */
  table: Spec
  version: number
  eventTypes: readonly string[]
  /** The id of the row an event is about. */
  idOf(event: Event): string
  /** Writes an event to its row, guarded by revision (see `entityRow`). */
  apply(event: Event, row: EntityRow<RowOf<Spec>>): Promise<void>
}

/**
 * The projection of one entity's events to one row per entity: it is named after its table, creates
 * it, clears a store's rows on a store rebuild, and hands each event with its row to `apply`.
 *
 * @example
 *   export const blogsProjection = entityProjection({
 *     table: BLOGS_TABLE,
 *     version: 1,
 *     eventTypes: BLOG_EVENT_TYPES,
 *     idOf: (event: BlogEvent) => event.data.blogId,
 *     apply(event, blog) {
 *       switch (event.type) {
 *         case 'BlogCreated':
 *           return blog.insert({ title: event.data.title, handle: event.data.handle })
 *         …
 *       }
 *     },
 *   })
 */
export function entityProjection<Spec extends AnyTableSpec, Event extends { type: string }>(
  spec: EntityProjectionSpec<Spec, Event>,
): Projection {
  const { table, version, eventTypes, idOf, apply } = spec
  return {
    name: table.name,
    version,
    eventTypes,
    ...storeTablesOf(table),
    async apply(recorded: RecordedEvent, trx: AnyDb): Promise<void> {
      const db: Kysely<Record<Spec['name'], RowOf<Spec>>> = trx
      // The runner feeds a projection only the event types it names, each with the data its type
      // records: the one place an entity projection's event is read as its type.
      const event = { type: recorded.type, data: recorded.data } as unknown as Event
      await apply(event, entityRow(db, table.name, idOf(event), recorded))
    },
  }
}
