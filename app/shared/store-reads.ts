import type { Connection } from '../../projections/shared/pagination.js'
import type { Caller } from '../caller.js'
import { mapConnection, type PaginateOptions } from './connection.js'
import { readByIdOr, type Lookup } from './lookup.js'

type Db = Caller['platform']['database']['db']

/** A store resource's read model as its projection's queries serve it, and the view `app/` makes of a record. */
export interface StoreResource<Key extends string, Row, View, Args> {
  /** What NOT_FOUND calls it, e.g. `page`. */
  noun: string
  /** The field unique in the store that a lookup may name instead of the id, e.g. `handle`. */
  key: Key
  /** The selected store's id once the caller may read the resource (its read scope checked). */
  storeOf: (caller: Caller) => string
  find: (db: Db, storeId: string, by: { id: string } | Record<Key, string>) => Promise<Row | null>
  list: (db: Db, storeId: string, args: Args, options: PaginateOptions) => Promise<Connection<Row>>
  toView: (row: Row) => View
}

/**
 * The three reads every store resource offers, written once: the write's read-back by id (null
 * when the caller's store has none), the read by id or key (NOT_FOUND for another store's record,
 * exactly as for an unknown one) and one page of the list, filtered and sorted
 * (API-CONVENTIONS.md "Lists").
 *
 * @example
 * const pages = storeReads({ noun: 'page', key: 'handle', storeOf: webstoreStore, find: findPage, list: listPageRecords, toView: toPageView })
 * export const readPage = pages.read
 */
export function storeReads<Key extends string, Row, View, Args>(resource: StoreResource<Key, Row, View, Args>) {
  const { noun, key, storeOf, find, list, toView } = resource
  return {
    find: viewFinder(storeOf, (db, storeId, id) => find(db, storeId, { id }), toView),
    async read(caller: Caller, lookup: Lookup<Key>, what = noun): Promise<View> {
      const storeId = storeOf(caller)
      const row = await readByIdOr(lookup, { noun, key, what }, (by) => find(caller.platform.database.db, storeId, by))
      return toView(row)
    },
    list: viewLister(storeOf, list, toView),
  }
}

/**
 * A write's read-back by id: the view of the record of the caller's store, or null when it has none.
 *
 * @example export const findThemeView = viewFinder(webstoreStore, themeById, toThemeView)
 */
export function viewFinder<Row, View>(
  storeOf: (caller: Caller) => string,
  find: (db: Db, storeId: string, id: string) => Promise<Row | null | undefined>,
  toView: (row: Row) => View,
): (caller: Caller, id: string) => Promise<View | null> {
  return async (caller, id) => {
    const row = await find(caller.platform.database.db, storeOf(caller), id)
    return row ? toView(row) : null
  }
}

/**
 * One page of the caller's store's records as views, filtered and sorted (API-CONVENTIONS.md "Lists").
 *
 * @example export const listThemes = viewLister(webstoreStore, listThemeRows, toThemeView)
 */
export function viewLister<Row, View, Args>(
  storeOf: (caller: Caller) => string,
  list: (db: Db, storeId: string, args: Args, options: PaginateOptions) => Promise<Connection<Row>>,
  toView: (row: Row) => View,
): (caller: Caller, args: Args, options?: PaginateOptions) => Promise<Connection<View>> {
  return async (caller, args, options = {}) => {
    const page = await list(caller.platform.database.db, storeOf(caller), args, options)
    return mapConnection(page, toView)
  }
}

/**
 * A loader's batch of views by id: in the order asked, null where the caller's store has none.
 *
 * @example export const blogsByIds = viewsByIds(webstoreStore, blogRecordsByIds, toBlogView)
 */
export function viewsByIds<Row, View>(
  storeOf: (caller: Caller) => string,
  byIds: (db: Db, storeId: string, ids: readonly string[]) => Promise<(Row | null)[]>,
  toView: (row: Row) => View,
): (caller: Caller, ids: readonly string[]) => Promise<(View | null)[]> {
  return async (caller, ids) => {
    const found = await byIds(caller.platform.database.db, storeOf(caller), ids)
    return found.map((row) => row && toView(row))
  }
}
