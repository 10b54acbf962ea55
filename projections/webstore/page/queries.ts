import { sortValues, type ListArgsOf } from '../../../domain/shared/list-spec.js'
import type { PageFields } from '../../../domain/webstore/page/events.js'
import { PAGE_LIST } from '../../../domain/webstore/page/list.js'
import { listRunner } from '../../shared/list-runner.js'
import { publishableRecord, type PublishableRecord } from '../../shared/publishable.js'
import { PAGES_TABLE, type PageRow } from './tables.js'
import { tableRecords } from '../../shared/store-records.js'
import type { EntityVersionRecord } from '../../shared/entity-table.js'

/** A page as the API serves it. */
export interface PageRecord extends Omit<PageFields, 'pageId'>, PublishableRecord, EntityVersionRecord {
  id: string
}

export type ListPagesArgs = ListArgsOf<typeof PAGE_LIST>
export const PAGE_SORTS = sortValues(PAGE_LIST)

const pages = tableRecords(PAGES_TABLE, {
  key: ['handle'],
  list: listRunner(PAGE_LIST, { filters: { search: ['title', 'handle', 'body'] } }),
  toRecord: toPageRecord,
})

/** One page of the store by id or handle, or null (another store's id included). */
export const findPage = pages.find

/**
 * One page of the store's pages.
 *
 * @example await listPages(db, storeId, { first: 10, filter: { status: ['PUBLISHED'] }, sort: 'TITLE_ASC' })
 */
export const listPages = pages.list

export function toPageRecord(row: PageRow): PageRecord {
  return {
    id: row.id,
    title: row.title,
    handle: row.handle,
    body: row.body,
    templateSuffix: row.template_suffix,
    ...publishableRecord(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    revision: row.revision,
  }
}
