import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import { badInput } from '../../../domain/shared/errors.js'
import { isUuid } from '../../../domain/shared/ids.js'
import type { PublicationStatus } from '../../../domain/shared/publishable/publication.js'
import {
  combineFilter,
  inList,
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
import type { PageDatabase, PageDb, PageRow } from './tables.js'

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

export interface PageFilter {
  title?: StringFilter | null
  handle?: StringFilter | null
  status?: readonly PublicationStatus[] | null
  /** Every word in the title, handle or body, ignoring case. */
  search?: string | null
  updatedAt?: DateTimeRangeFilter | null
  publishedAt?: DateTimeRangeFilter | null
  and?: readonly PageFilter[] | null
  or?: readonly PageFilter[] | null
}

const SORTS = sortOptions({ TITLE: 'title', HANDLE: 'handle', CREATED_AT: 'created_at', UPDATED_AT: 'updated_at' })
export type PageSort = keyof typeof SORTS
export const PAGE_SORTS = Object.keys(SORTS) as PageSort[]

export interface ListPagesArgs extends ListArgs {
  filter?: PageFilter | null
  sort?: PageSort | null
}

/** One page of the store by id or handle, or null (another store's id included). */
export async function findPage(
  db: PageDb,
  storeId: string,
  by: { id: string } | { handle: string },
): Promise<PageRecord | null> {
  if (!isUuid(storeId) || ('id' in by && !isUuid(by.id))) return null
  const query = db.selectFrom('pages').selectAll().where('store_id', '=', storeId)
  const row = await (
    'id' in by ? query.where('id', '=', by.id.toLowerCase()) : query.where('handle', '=', by.handle)
  ).executeTakeFirst()
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
  const sortName = args.sort ?? 'CREATED_AT_DESC'
  const sort: SortSpec | undefined = SORTS[sortName]
  if (!sort) throw badInput(['sort'], `sort must be one of ${PAGE_SORTS.join(', ')}; got '${sortName}'`)
  const query = db
    .selectFrom('pages')
    .selectAll()
    .where((eb) => (isUuid(storeId) ? eb('store_id', '=', storeId) : sql<SqlBool>`false`))
    .where((eb) => combineFilter(eb, args.filter, conditions))
  const page = await paginate<PageRow>(query as never, args, sort, options)
  return {
    ...page,
    nodes: page.nodes.map(toPageRecord),
    edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: toPageRecord(edge.node) })),
  }
}

function conditions(eb: ExpressionBuilder<PageDatabase, 'pages'>, filter: PageFilter): Expression<SqlBool>[] {
  const list = [...stringConditions(eb, 'title', filter.title), ...stringConditions(eb, 'handle', filter.handle)]
  if (filter.status != null) list.push(inList('status', filter.status))
  list.push(...searchCondition(eb, filter.search, ['title', 'handle', 'body']))
  list.push(
    ...dateRangeConditions(eb, 'updated_at', filter.updatedAt),
    ...dateRangeConditions(eb, 'published_at', filter.publishedAt),
  )
  return list
}

export function toPageRecord(row: PageRow): PageRecord {
  return {
    id: row.id,
    title: row.title,
    handle: row.handle,
    body: row.body,
    templateSuffix: row.template_suffix,
    status: row.status,
    seo: { title: row.seo_title, description: row.seo_description },
    publishAt: row.publish_at,
    publishedAt: row.published_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    revision: row.revision,
  }
}
