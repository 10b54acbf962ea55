import { column, table, type Columns, type ColumnTypes, type TableKeys, type TableSpec } from './table.js'

/** The keys of an entity read model's row, its first columns. */
export const ENTITY_KEYS = {
  store_id: column.uuid(),
  organization_id: column.uuid(),
  id: column.uuid(),
}

/** The revision guard and times of an entity read model's row, after its own columns. */
export const ENTITY_VERSION = {
  /** Stream revision of the last event applied: later events only, so a replay cannot move a row back. */
  revision: column.integer(),
  created_at: column.timestamptz(),
  updated_at: column.timestamptz(),
}

/** The columns of every entity read model written through `entityRow`: keys, revision guard and times. */
export type EntityColumns = ColumnTypes<typeof ENTITY_KEYS & typeof ENTITY_VERSION>

/** The revision and times of an entity as the API serves it: the record part of `ENTITY_VERSION`. */
export interface EntityVersionRecord {
  createdAt: Date
  updatedAt: Date
  /** Stream revision of the last change: an optimistic-concurrency token and a cache key. */
  revision: number
}

/**
 * The table of an entity read model with the `EntityColumns`: store_id, organization_id and id,
 * then the table's own columns, then revision, created_at and updated_at, keyed by (store_id, id).
 *
 * @example
 *   export const blogs = entityTable('blogs', { title: column.text(), handle: column.text() }, {
 *     indexes: { blogs_store_handle_idx: ['store_id', 'handle'] },
 *     sortedBy: ['title', 'created_at'],
 *   })
 */
export function entityTable<Name extends string, Own extends Columns>(
  name: Name,
  own: Own,
  keys: Omit<TableKeys<Name, EntityTableColumns<Own>>, 'primaryKey'> = {},
): TableSpec<Name, EntityTableColumns<Own>> {
  const columns: EntityTableColumns<Own> = { ...ENTITY_KEYS, ...own, ...ENTITY_VERSION }
  return table(name, columns, { primaryKey: ['store_id', 'id'], ...keys })
}

type EntityTableColumns<Own extends Columns> = typeof ENTITY_KEYS & Own & typeof ENTITY_VERSION
