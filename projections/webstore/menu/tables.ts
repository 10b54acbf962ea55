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
    // Keyset pagination orders by (column, id) within a store: one index per sort column.
    indexes: {
      menus_store_handle_idx: ['store_id', 'handle', 'id'],
      menus_store_title_idx: ['store_id', 'title', 'id'],
      menus_store_created_idx: ['store_id', 'created_at', 'id'],
      menus_store_updated_idx: ['store_id', 'updated_at', 'id'],
    },
  },
)

export type MenusTable = RowOf<typeof MENUS_TABLE>
export type MenuDatabase = DatabaseOf<typeof MENUS_TABLE>
export type MenuRow = Selectable<MenusTable>
export type MenuDb = Kysely<MenuDatabase>
