import { sortValues, type ListArgsOf } from '../../../domain/shared/list-spec.js'
import { itemTree, type MenuItem, type MenuItemNode } from '../../../domain/webstore/menu/items.js'
import { MENU_LIST } from '../../../domain/webstore/menu/list.js'
import { listRunner } from '../../shared/list-runner.js'
import { MENUS_TABLE, type MenuRow } from './tables.js'
import { tableRecords } from '../../shared/store-records.js'
import type { EntityVersionRecord } from '../../shared/entity-table.js'

/** A menu as the API serves it: the nested tree, and the flat list for link checks. */
export interface MenuRecord extends EntityVersionRecord {
  id: string
  handle: string
  title: string
  items: MenuItemNode[]
  flatItems: MenuItem[]
  itemCount: number
}

export type ListMenusArgs = ListArgsOf<typeof MENU_LIST>
export const MENU_SORTS = sortValues(MENU_LIST)

const menus = tableRecords(MENUS_TABLE, {
  key: ['handle'],
  list: listRunner(MENU_LIST, { filters: { search: ['title', 'handle'] } }),
  toRecord: toMenuRecord,
})

/** One menu of the store by id or handle, or null (another store's id included). */
export const findMenu = menus.find

/**
 * One page of the store's menus.
 *
 * @example await listMenus(db, storeId, { first: 10, filter: { handle: { startsWith: 'footer' } }, sort: 'TITLE_ASC' })
 */
export const listMenus = menus.list

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
