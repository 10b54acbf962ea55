import type { Kysely, Selectable } from 'kysely'
import type { MenuItem } from '../../../domain/webstore/menu/items.js'
import { entityTable } from '../../shared/entity-table.js'
import { column, type DatabaseOf, type RowOf } from '../../shared/table.js'

/** One row per live menu; deleted menus are removed. */
export const MENUS_TABLE = entityTable(
  'menus',
  {
    handle: column.text(),
    title: column.text(),
    /** The flat item list, siblings in order; the API nests it. */
    items: column.jsonb<MenuItem[]>(),
    item_count: column.integer(),
  },
  {
    sortedBy: ['handle', 'title', 'created_at', 'updated_at'],
  },
)

export type MenuRow = Selectable<RowOf<typeof MENUS_TABLE>>
export type MenuDb = Kysely<DatabaseOf<typeof MENUS_TABLE>>
