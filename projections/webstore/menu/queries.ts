import { sortValues, type ListArgsOf } from '../../../domain/shared/list-spec.js'
import { itemTree, type MenuItem, type MenuItemNode } from '../../../domain/webstore/menu/items.js'
import { MENU_LIST } from '../../../domain/webstore/menu/list.js'
import { listRunner } from '../../shared/list-runner.js'
import { mapConnection, type Connection, type PaginateOptions } from '../../shared/pagination.js'
import type { MenuDb, MenuRow } from './tables.js'
import { findInStore, inStore } from '../../shared/store-rows.js'

/** A menu as the API serves it: the nested tree, and the flat list for link checks. */
export interface MenuRecord {
  id: string
  handle: string
  title: string
  items: MenuItemNode[]
  flatItems: MenuItem[]
  itemCount: number
  createdAt: Date
  updatedAt: Date
  revision: number
}

export type ListMenusArgs = ListArgsOf<typeof MENU_LIST>
export const MENU_SORTS = sortValues(MENU_LIST)

const menus = listRunner(MENU_LIST, {
  filters: { title: 'title', handle: 'handle', search: ['title', 'handle'], updatedAt: 'updated_at' },
  sorts: { TITLE: 'title', HANDLE: 'handle', CREATED_AT: 'created_at', UPDATED_AT: 'updated_at' },
})

/** One menu of the store by id or handle, or null (another store's id included). */
export async function findMenu(
  db: MenuDb,
  storeId: string,
  by: { id: string } | { handle: string },
): Promise<MenuRecord | null> {
  const row = await findInStore(db.selectFrom('menus').selectAll(), storeId, by)
  return row ? toMenuRecord(row) : null
}

/**
 * One page of the store's menus.
 *
 * @example await listMenus(db, storeId, { first: 10, filter: { handle: { startsWith: 'footer' } }, sort: 'TITLE_ASC' })
 */
export async function listMenus(
  db: MenuDb,
  storeId: string,
  args: ListMenusArgs = {},
  options: PaginateOptions = {},
): Promise<Connection<MenuRecord>> {
  const query = db.selectFrom('menus').selectAll().where(inStore(storeId))
  return mapConnection(await menus.run(query, args, options), toMenuRecord)
}

export function toMenuRecord(row: MenuRow): MenuRecord {
  return {
    id: row.id,
    handle: row.handle,
    title: row.title,
    items: itemTree(row.items),
    flatItems: row.items,
    itemCount: row.item_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    revision: row.revision,
  }
}
