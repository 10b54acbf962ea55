import type { ColumnType, Kysely, Selectable } from 'kysely'
import type { MenuItem } from '../../../domain/webstore/menu/items.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { createIndexes, createEntityTable, type EntityColumns } from '../../shared/entity-table.js'

/** One row per live menu; deleted menus are removed. */
export interface MenusTable extends EntityColumns {
  handle: string
  title: string
  /** The flat item list (jsonb), siblings in order; the API nests it. */
  items: ColumnType<MenuItem[], string, string>
  item_count: number
}

export interface MenuDatabase {
  menus: MenusTable
}

export type MenuRow = Selectable<MenusTable>
export type MenuDb = Kysely<MenuDatabase>

export async function createMenuTables(db: AnyDb): Promise<void> {
  await createEntityTable(db, 'menus', (table) =>
    table
      .addColumn('handle', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('items', 'jsonb', (c) => c.notNull())
      .addColumn('item_count', 'integer', (c) => c.notNull()),
  )
  // Keyset pagination orders by (column, id) within a store: one index per sort column.
  await createIndexes(db, 'menus', {
    menus_store_handle_idx: ['store_id', 'handle', 'id'],
    menus_store_title_idx: ['store_id', 'title', 'id'],
    menus_store_created_idx: ['store_id', 'created_at', 'id'],
    menus_store_updated_idx: ['store_id', 'updated_at', 'id'],
  })
}
