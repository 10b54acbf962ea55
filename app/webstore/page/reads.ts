import {
  PAGE_SORTS,
  findPage,
  listPages as listPageRecords,
  type ListPagesArgs,
} from '../../../projections/webstore/page/queries.js'
import type { Caller } from '../../caller.js'
import { mapConnection, type PaginateOptions } from '../../shared/connection.js'
import { webstoreStore } from '../shared/store.js'
import { toPageView, type PageView } from './view.js'
import { readByIdOr } from '../../shared/lookup.js'

export { PAGE_SORTS }
export type { ListPagesArgs }

export type PageLookup = { id?: string | null; handle?: string | null }

/** One page by id, or null when the caller's store has none: a write's read-back. */
export async function findPageView(caller: Caller, id: string): Promise<PageView | null> {
  const page = await findPage(caller.platform.database.db, webstoreStore(caller), { id })
  return page && toPageView(page)
}

/**
 * One page of the store by id, else by handle; NOT_FOUND when the store has none (another
 * store's page included).
 *
 * @example await readPage(caller, { handle: 'about-us' })
 */
export async function readPage(caller: Caller, lookup: PageLookup, what = 'page'): Promise<PageView> {
  const storeId = webstoreStore(caller)
  const page = await readByIdOr(lookup, { noun: 'page', key: 'handle', what }, (by) =>
    findPage(caller.platform.database.db, storeId, by),
  )
  return toPageView(page)
}

/** One page of the store's pages, filtered and sorted (API-CONVENTIONS.md "Lists"). */
export async function listPages(caller: Caller, args: ListPagesArgs, options: PaginateOptions = {}) {
  const page = await listPageRecords(caller.platform.database.db, webstoreStore(caller), args, options)
  return mapConnection(page, toPageView)
}
