import { brokenLinks } from '../../../projections/webstore/menu/links.js'
import {
  MENU_SORTS,
  findMenu,
  listMenus as listMenuRecords,
  type ListMenusArgs,
  type MenuRecord,
} from '../../../projections/webstore/menu/queries.js'
import type { Caller } from '../../caller.js'
import type { PaginateOptions } from '../../shared/connection.js'
import { webstoreStore } from '../shared/store.js'
import { toMenuView, type MenuView } from './view.js'
import { readByIdOr } from '../../shared/lookup.js'

export { MENU_SORTS }
export type { ListMenusArgs }

async function viewOf(caller: Caller, storeId: string, menu: MenuRecord): Promise<MenuView> {
  return toMenuView(menu, await brokenLinks(caller.platform.database.db, storeId, menu.flatItems))
}

/** One menu by id, or null when the caller's store has none: a write's read-back. */
export async function findMenuView(caller: Caller, id: string): Promise<MenuView | null> {
  const storeId = webstoreStore(caller)
  const menu = await findMenu(caller.platform.database.db, storeId, { id })
  return menu && viewOf(caller, storeId, menu)
}

/** One menu by id, else by handle; NOT_FOUND when the store has none. */
export async function readMenu(
  caller: Caller,
  lookup: { id?: string | null; handle?: string | null },
  what = 'menu',
): Promise<MenuView> {
  const storeId = webstoreStore(caller)
  const menu = await readByIdOr(lookup, { noun: 'menu', key: 'handle', what }, (by) =>
    findMenu(caller.platform.database.db, storeId, by),
  )
  return viewOf(caller, storeId, menu)
}

/** One page of the store's menus, each with its broken links. */
export async function listMenus(caller: Caller, args: ListMenusArgs, options: PaginateOptions = {}) {
  const storeId = webstoreStore(caller)
  const page = await listMenuRecords(caller.platform.database.db, storeId, args, options)
  const nodes = await Promise.all(page.nodes.map((menu) => viewOf(caller, storeId, menu)))
  const byId = new Map(nodes.map((node) => [node.id, node]))
  return { ...page, nodes, edges: page.edges.map(({ cursor, node }) => ({ cursor, node: byId.get(node.id)! })) }
}
