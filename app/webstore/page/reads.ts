import { badInput, DomainError, notFound } from '../../../domain/shared/errors.js'
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
  const by = lookup.id ? { id: lookup.id } : lookup.handle ? { handle: lookup.handle } : null
  if (!by) throw badInput(['id'], `${what} needs an id or a handle`)
  const page = await findPage(caller.platform.database.db, storeId, by)
  if (!page)
    throw lookup.id
      ? notFound('page', lookup.id)
      : new DomainError('NOT_FOUND', `no page with handle '${lookup.handle}' in this store`)
  return toPageView(page)
}

/** One page of the store's pages, filtered and sorted (API-CONVENTIONS.md "Lists"). */
export async function listPages(caller: Caller, args: ListPagesArgs, options: PaginateOptions = {}) {
  const page = await listPageRecords(caller.platform.database.db, webstoreStore(caller), args, options)
  return mapConnection(page, toPageView)
}
