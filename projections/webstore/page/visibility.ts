import { dueRows, publishedList, visibleOrNull } from '../../shared/publishable.js'
import { findPage, listPages, type PageRecord } from './queries.js'
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
  return visibleOrNull(await findPage(db, storeId, { handle }), now)
}

/** The store's published pages, for storefront listings and sitemaps: the caller's filter can never widen the rule. */
export const listPublishedPages = publishedList(listPages)

/** Pages of every store whose publishAt has come, still DRAFT: what the publish scheduler publishes. */
export function duePages(db: PageDb, now: Date, limit: number) {
  return dueRows(db, 'pages', now, limit)
}
