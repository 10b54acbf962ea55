import { sql, type SqlBool } from 'kysely'
import { isUuid } from '../../../domain/shared/ids.js'
import { sortValues, type ListArgsOf } from '../../../domain/shared/list-spec.js'
import { itemTree, type MenuItem, type MenuItemNode } from '../../../domain/webstore/menu/items.js'
import { MENU_LIST } from '../../../domain/webstore/menu/list.js'
import { listRunner } from '../../shared/list-runner.js'
import type { Connection, PaginateOptions } from '../../shared/pagination.js'
import type { MenuDb, MenuRow } from './tables.js'

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
  if (!isUuid(storeId) || ('id' in by && !isUuid(by.id))) return null
  const query = db.selectFrom('menus').selectAll().where('store_id', '=', storeId)
  const row = await (
    'id' in by ? query.where('id', '=', by.id.toLowerCase()) : query.where('handle', '=', by.handle)
  ).executeTakeFirst()
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
  const query = db
    .selectFrom('menus')
    .selectAll()
    .where((eb) => (isUuid(storeId) ? eb('store_id', '=', storeId) : sql<SqlBool>`false`))
  const page = await menus.run(query, args, options)
  return {
    ...page,
    nodes: page.nodes.map(toMenuRecord),
    edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: toMenuRecord(edge.node) })),
  }
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
