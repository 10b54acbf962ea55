import type { Kysely } from 'kysely'
import type { AnyDb } from '../../infra/database/database.js'
import type { RecordedEvent } from '../../infra/eventstore/port.js'
import type { Projection } from '../../infra/projections/projection.js'
import { entityRow, type EntityRow } from './entity-row.js'
import { storeOf } from './store-of.js'
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

/** What a projection of store streams written by hand says of its own; see {@link storeProjection}. */
export interface StoreProjectionSpec<DB, Event extends { type: string }> {
  /** Its name when it is not named after its first table, the one it is about. */
  name?: string
  version: number
  eventTypes: readonly string[]
  /** Its tables, each holding rows of store streams: created from their specs and cleared per store. */
  tables: readonly [AnyTableSpec, ...AnyTableSpec[]]
  /** Creates the tables when they need more than their specs say (a unique index, say). */
  createTables?: Projection['createTables']
  /** Writes one event, read as its type, through the transaction typed by the projection's tables. */
  apply(event: Event, db: Kysely<DB>, from: { storeId: string; recorded: RecordedEvent }): Promise<void>
}

/**
 * A projection of store streams whose `apply` is its own: it is named after its first table unless
 * it says otherwise, its tables come from their specs (see `storeTablesOf`), and `apply` is handed
 * the event read as its type, the transaction typed by its tables and the event's store.
 *
 * @example
 *   export const translationsProjection = storeProjection({
 *     version: 1,
 *     eventTypes: TRANSLATION_EVENT_TYPES,
 *     tables: [TRANSLATIONS_TABLE],
 *     async apply(event: TranslationEvent, db: TranslationDb, { storeId, recorded }) { … },
 *   })
 */
export function storeProjection<DB, Event extends { type: string }>(spec: StoreProjectionSpec<DB, Event>): Projection {
  const { version, eventTypes, tables, createTables, apply } = spec
  const storeTables = storeTablesOf(...tables)
  return {
    name: spec.name ?? tables[0].name,
    version,
    eventTypes,
    ...storeTables,
    createTables: createTables ?? storeTables.createTables,
    async apply(recorded: RecordedEvent, trx: AnyDb): Promise<void> {
      const db: Kysely<DB> = trx
      await apply(eventOf<Event>(recorded), db, { storeId: storeOf(recorded), recorded })
    },
  }
}

/**
 * The event as its type: the runner feeds a projection only the event types it names, each with
 * the data its type records. The one place a projection's event is read as its type.
 */
function eventOf<Event>(recorded: RecordedEvent): Event {
  return { type: recorded.type, data: recorded.data } as unknown as Event
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
      const event = eventOf<Event>(recorded)
      await handleEntityEvent(on, event, entityRow(db, table.name, idOf(event), recorded))
    },
  }
}

/**
 * Hands `event` with its row to the handler of its type: for a projection that finds the row
 * itself (a post's row, beside the blog deletions it also consumes).
 */
export function handleEntityEvent<Event extends { type: string }, Row>(
  on: EntityHandlers<Event, Row>,
  event: Event,
  row: EntityRow<Row>,
): Promise<void> {
  // Looked up by the event's type, the handler is handed the event as that type.
  const handle = <Type extends Event['type']>(type: Type) => on[type](event as Extract<Event, { type: Type }>, row)
  return handle(event.type)
}
