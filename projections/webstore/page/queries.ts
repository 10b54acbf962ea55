import { sortValues, type FilterOf, type ListArgsOf, type SortOf } from '../../../domain/shared/list-spec.js'
import type { PublicationStatus } from '../../../domain/shared/publishable/publication.js'
import { PAGE_LIST } from '../../../domain/webstore/page/list.js'
import { listRunner } from '../../shared/list-runner.js'
import { publishableRecord } from '../../shared/publishable.js'
import { mapConnection, type Connection, type PaginateOptions } from '../../shared/pagination.js'
import type { PageDb, PageRow } from './tables.js'
import { findInStore, inStore } from '../../shared/store-rows.js'

/** A page as the API serves it. */
export interface PageRecord {
  id: string
  title: string
  handle: string
  body: string
  templateSuffix: string
  status: PublicationStatus
  seo: { title: string; description: string }
  publishAt: Date | null
  publishedAt: Date | null
  createdAt: Date
  updatedAt: Date
  revision: number
}

export type PageFilter = FilterOf<typeof PAGE_LIST>
export type PageSort = SortOf<typeof PAGE_LIST>
export type ListPagesArgs = ListArgsOf<typeof PAGE_LIST>
export const PAGE_SORTS = sortValues(PAGE_LIST)

const pages = listRunner(PAGE_LIST, {
  filters: {
    title: 'title',
    handle: 'handle',
    status: 'status',
    search: ['title', 'handle', 'body'],
    updatedAt: 'updated_at',
    publishedAt: 'published_at',
  },
  sorts: { TITLE: 'title', HANDLE: 'handle', CREATED_AT: 'created_at', UPDATED_AT: 'updated_at' },
})

/** One page of the store by id or handle, or null (another store's id included). */
export async function findPage(
  db: PageDb,
  storeId: string,
  by: { id: string } | { handle: string },
): Promise<PageRecord | null> {
  const row = await findInStore(db.selectFrom('pages').selectAll(), storeId, by)
  return row ? toPageRecord(row) : null
}

/**
 * One page of the store's pages.
 *
 * @example await listPages(db, storeId, { first: 10, filter: { status: ['PUBLISHED'] }, sort: 'TITLE_ASC' })
 */
export async function listPages(
  db: PageDb,
  storeId: string,
  args: ListPagesArgs = {},
  options: PaginateOptions = {},
): Promise<Connection<PageRecord>> {
  const query = db.selectFrom('pages').selectAll().where(inStore(storeId))
  return mapConnection(await pages.run(query, args, options), toPageRecord)
}

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
