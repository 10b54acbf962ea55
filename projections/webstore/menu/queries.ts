import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import { badInput } from '../../../domain/shared/errors.js'
import { isUuid } from '../../../domain/shared/ids.js'
import { itemTree, type MenuItem, type MenuItemNode } from '../../../domain/webstore/menu/items.js'
import {
  combineFilter,
  dateRangeConditions,
  stringConditions,
  type DateTimeRangeFilter,
  type StringFilter,
} from '../../shared/filters.js'
import {
  paginate,
  sortOptions,
  type Connection,
  type ListArgs,
  type PaginateOptions,
  type SortSpec,
} from '../../shared/pagination.js'
import { searchCondition } from '../shared/content.js'
import type { MenuDatabase, MenuDb, MenuRow } from './tables.js'

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

export interface MenuFilter {
  title?: StringFilter | null
  handle?: StringFilter | null
  /** Every word in the title or handle, ignoring case. */
  search?: string | null
  updatedAt?: DateTimeRangeFilter | null
  and?: readonly MenuFilter[] | null
  or?: readonly MenuFilter[] | null
}

const SORTS = sortOptions({ TITLE: 'title', HANDLE: 'handle', CREATED_AT: 'created_at', UPDATED_AT: 'updated_at' })
export type MenuSort = keyof typeof SORTS
export const MENU_SORTS = Object.keys(SORTS) as MenuSort[]

export interface ListMenusArgs extends ListArgs {
  filter?: MenuFilter | null
  sort?: MenuSort | null
}

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
  const sortName = args.sort ?? 'CREATED_AT_DESC'
  const sort: SortSpec | undefined = SORTS[sortName]
  if (!sort) throw badInput(['sort'], `sort must be one of ${MENU_SORTS.join(', ')}; got '${sortName}'`)
  const query = db
    .selectFrom('menus')
    .selectAll()
    .where((eb) => (isUuid(storeId) ? eb('store_id', '=', storeId) : sql<SqlBool>`false`))
    .where((eb) => combineFilter(eb, args.filter, conditions))
  const page = await paginate<MenuRow>(query, args, sort, options)
  return {
    ...page,
    nodes: page.nodes.map(toMenuRecord),
    edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: toMenuRecord(edge.node) })),
  }
}

function conditions(eb: ExpressionBuilder<MenuDatabase, 'menus'>, filter: MenuFilter): Expression<SqlBool>[] {
  return [
    ...stringConditions(eb, 'title', filter.title),
    ...stringConditions(eb, 'handle', filter.handle),
    ...searchCondition(eb, filter.search, ['title', 'handle']),
    ...dateRangeConditions(eb, 'updated_at', filter.updatedAt),
  ]
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
