import type { Connection, PaginateOptions } from '../../shared/pagination.js'
import { dueRows, isVisibleToShoppers, visibleOnly } from '../../shared/publishable.js'
import { findPage, listPages, type ListPagesArgs, type PageRecord } from './queries.js'
import type { PageDb } from './tables.js'

/**
 * The store's published page with this handle, for the storefront's /pages/<handle>; null when
 * there is none or it is hidden, so a draft answers exactly like a missing page.
 *
 * @example await findPublishedPage(db, storeId, 'about-us')
 */
export async function findPublishedPage(
  db: PageDb,
  storeId: string,
  handle: string,
  now = new Date(),
): Promise<PageRecord | null> {
  const page = await findPage(db, storeId, { handle })
  return page && isVisibleToShoppers(page, now) ? page : null
}

/** The store's published pages, for storefront listings and sitemaps: the caller's filter can never widen the rule. */
export function listPublishedPages(
  db: PageDb,
  storeId: string,
  args: ListPagesArgs = {},
  options: PaginateOptions = {},
  now = new Date(),
): Promise<Connection<PageRecord>> {
  return listPages(db, storeId, { ...args, filter: visibleOnly(args.filter, now) }, options)
}

/** Pages of every store whose publishAt has come, still DRAFT: what the publish scheduler publishes. */
export function duePages(db: PageDb, now: Date, limit: number) {
  return dueRows(db, 'pages', now, limit)
}
