import { PAGE_SORTS, findPage, listPages as listPageRecords } from '../../../projections/webstore/page/queries.js'
import { webstoreReads } from '../shared/store.js'
import { toPageView } from './view.js'

export { PAGE_SORTS }

const pages = webstoreReads({ noun: 'page', find: findPage, list: listPageRecords, toView: toPageView })

/** One page by id, or null when the caller's store has none: a write's read-back. */
export const findPageView = pages.find

/**
 * One page of the store by id, else by handle; NOT_FOUND when the store has none (another
 * store's page included).
 *
 * @example await readPage(caller, { handle: 'about-us' })
 */
export const readPage = pages.read

/** One page of the store's pages, filtered and sorted (API-CONVENTIONS.md "Lists"). */
export const listPages = pages.list
