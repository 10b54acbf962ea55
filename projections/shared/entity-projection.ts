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

/** How each event type of an entity changes its row: one handler per type, so none is forgotten. */
export type EntityHandlers<Event extends { type: string }, Row> = {
  [Type in Event['type']]: (event: Extract<Event, { type: Type }>, row: EntityRow<Row>) => Promise<void>
}

/** What an entity projection says of its own; see {@link entityProjection}. */
export interface EntityProjectionSpec<Spec extends AnyTableSpec, Event extends { type: string }> {
  version: number
  eventTypes: readonly Event['type'][]
  /** The id of the row an event is about. */
  idOf(event: Event): string
  /** Writes each type of event to its row, guarded by revision (see `entityRow`). */
  on: EntityHandlers<Event, RowOf<Spec>>
}

/**
 * The projection of one entity's events to one row per entity of `table` (made by `entityTable`): it
 * is named after the table, creates it, clears a store's rows on a store rebuild, and hands each
 * event with its row to the handler of its type.
 *
 * @example
 *   export const blogsProjection = entityProjection(BLOGS_TABLE, {
 *     version: 1,
 *     eventTypes: BLOG_EVENT_TYPES,
 *     idOf: (event: BlogEvent) => event.data.blogId,
 *     on: {
 *       BlogCreated: (event, blog) => blog.insert({ title: event.data.title, handle: event.data.handle }),
 *       BlogRetitled: (event, blog) => blog.change({ title: event.data.title }),
 *       …
 *       BlogDeleted: (_event, blog) => blog.delete(),
 *     },
 *   })
 */
export function entityProjection<Spec extends AnyTableSpec, Event extends { type: string }>(
  table: Spec,
  spec: EntityProjectionSpec<Spec, Event>,
): Projection {
  const { version, eventTypes, idOf, on } = spec
  return {
    name: table.name,
    version,
    eventTypes,
    ...storeTablesOf(table),
    async apply(recorded: RecordedEvent, trx: AnyDb): Promise<void> {
      const db: Kysely<Record<Spec['name'], RowOf<Spec>>> = trx
      // The runner feeds a projection only the event types it names, each with the data its type
      // records: the one place an entity projection's event is read as its type.
      const handle = async <Type extends Event['type']>(type: Type) => {
        const event = { type, data: recorded.data } as unknown as Extract<Event, { type: Type }>
        await on[type](event, entityRow(db, table.name, idOf(event), recorded))
      }
      await handle(recorded.type as Event['type'])
    },
  }
}
