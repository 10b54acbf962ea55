import { sortValues, type ListArgsOf } from '../../../domain/shared/list-spec.js'
import type { UrlRedirectFields } from '../../../domain/webstore/url-redirect/events.js'
import { URL_REDIRECT_LIST } from '../../../domain/webstore/url-redirect/list.js'
import { listRunner } from '../../shared/list-runner.js'
import { URL_REDIRECTS_TABLE, type UrlRedirectDb, type UrlRedirectRow } from './tables.js'
import { tableRecords } from '../../shared/store-records.js'
import type { EntityVersionRecord } from '../../shared/entity-table.js'
import { idsInStore } from '../../shared/store-rows.js'

/** A URL redirect as the API serves it. */
export interface UrlRedirectRecord extends Omit<UrlRedirectFields, 'urlRedirectId'>, EntityVersionRecord {
  id: string
}

export type ListUrlRedirectsArgs = ListArgsOf<typeof URL_REDIRECT_LIST>
export const URL_REDIRECT_SORTS = sortValues(URL_REDIRECT_LIST)

const urlRedirects = tableRecords(URL_REDIRECTS_TABLE, {
  key: ['path'],
  list: listRunner(URL_REDIRECT_LIST),
  toRecord: toUrlRedirectRecord,
})

/** One redirect of the store by id or by (normalized) path, or null (another store's id included). */
export const findUrlRedirect = urlRedirects.find

/** The ids of the store's redirects whose target is exactly `target`: the ones a new redirect from `target` collapses. */
export function urlRedirectIdsTo(db: UrlRedirectDb, storeId: string, target: string): Promise<string[]> {
  return idsInStore(db, 'url_redirects', storeId, { target })
}

/**
 * One page of the store's redirects.
 *
 * @example await listUrlRedirects(db, storeId, { first: 10, filter: { path: { startsWith: '/products/' } }, sort: 'PATH_ASC' })
 */
export const listUrlRedirects = urlRedirects.list

function toUrlRedirectRecord(row: UrlRedirectRow): UrlRedirectRecord {
  return {
    id: row.id,
    path: row.path,
    target: row.target,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    revision: row.revision,
  }
}
