import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import { badInput } from '../../../domain/shared/errors.js'
import { isUuid } from '../../../domain/shared/ids.js'
import type { ContentField, FieldValue } from '../../../domain/webstore/content/fields.js'
import {
  combineFilter,
  dateRangeConditions,
  searchWords,
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
import type { ContentDatabase, ContentDb, ContentEntryRow, ContentTypeRow } from './tables.js'

export interface ContentTypeRecord {
  id: string
  handle: string
  name: string
  fields: ContentField[]
  createdAt: Date
  updatedAt: Date
  revision: number
}

export interface ContentEntryRecord {
  id: string
  typeId: string
  handle: string
  /** Values of the type's current fields only: values of removed fields are not served. */
  fields: Record<string, FieldValue>
  createdAt: Date
  updatedAt: Date
  revision: number
}

export interface ContentEntryFilter {
  handle?: StringFilter | null
  /** Every word somewhere in the handle or the values, ignoring case. */
  search?: string | null
  updatedAt?: DateTimeRangeFilter | null
  and?: readonly ContentEntryFilter[] | null
  or?: readonly ContentEntryFilter[] | null
}

const TYPE_SORTS = sortOptions({ NAME: 'name', HANDLE: 'handle', CREATED_AT: 'created_at', UPDATED_AT: 'updated_at' })
const ENTRY_SORTS = sortOptions({ HANDLE: 'handle', CREATED_AT: 'created_at', UPDATED_AT: 'updated_at' })
export type ContentTypeSort = keyof typeof TYPE_SORTS
export type ContentEntrySort = keyof typeof ENTRY_SORTS

/** One content type by id or handle, or null (another store's id included). */
export async function findContentType(
  db: ContentDb,
  storeId: string,
  by: { id: string } | { handle: string },
): Promise<ContentTypeRecord | null> {
  if (!isUuid(storeId) || ('id' in by && !isUuid(by.id))) return null
  const query = db.selectFrom('content_types').selectAll().where('store_id', '=', storeId)
  const row = await (
    'id' in by ? query.where('id', '=', by.id.toLowerCase()) : query.where('handle', '=', by.handle)
  ).executeTakeFirst()
  return row ? toTypeRecord(row) : null
}

/** The store's content types. */
export async function listContentTypes(
  db: ContentDb,
  storeId: string,
  args: ListArgs & { sort?: ContentTypeSort | null },
  options: PaginateOptions = {},
): Promise<Connection<ContentTypeRecord>> {
  const sort = sortSpec(TYPE_SORTS, args.sort ?? 'CREATED_AT_DESC')
  const query = db
    .selectFrom('content_types')
    .selectAll()
    .where((eb) => (isUuid(storeId) ? eb('store_id', '=', storeId) : sql<SqlBool>`false`))
  const page = await paginate<ContentTypeRow>(query, args, sort, options)
  return {
    ...page,
    nodes: page.nodes.map(toTypeRecord),
    edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: toTypeRecord(edge.node) })),
  }
}

/** One entry by id, or by its type and handle; null when missing or when its type is gone. */
export async function findContentEntry(
  db: ContentDb,
  storeId: string,
  by: { id: string } | { typeId: string; handle: string },
): Promise<ContentEntryRecord | null> {
  if (!isUuid(storeId) || ('id' in by && !isUuid(by.id)) || ('typeId' in by && !isUuid(by.typeId))) return null
  const query = db.selectFrom('content_entries').selectAll().where('store_id', '=', storeId)
  const row = await (
    'id' in by
      ? query.where('id', '=', by.id.toLowerCase())
      : query.where('type_id', '=', by.typeId).where('handle', '=', by.handle)
  ).executeTakeFirst()
  if (!row) return null
  const type = await findContentType(db, storeId, { id: row.type_id })
  return type ? toEntryRecord(row, type) : null
}

/**
 * Whether the store has a live entry with this id (of a live type), optionally of a given type
 * handle: what a theme section setting referencing an entry is checked with.
 *
 * @example await contentEntryExists(db, storeId, entryId, 'testimonial')
 */
export async function contentEntryExists(
  db: ContentDb,
  storeId: string,
  entryId: string,
  typeHandle?: string,
): Promise<boolean> {
  const entry = await findContentEntry(db, storeId, { id: entryId })
  if (!entry || typeHandle === undefined) return entry !== null
  return (await findContentType(db, storeId, { id: entry.typeId }))?.handle === typeHandle
}

/** One page of the entries of one type. */
export async function listContentEntries(
  db: ContentDb,
  storeId: string,
  type: ContentTypeRecord,
  args: ListArgs & { filter?: ContentEntryFilter | null; sort?: ContentEntrySort | null },
  options: PaginateOptions = {},
): Promise<Connection<ContentEntryRecord>> {
  const sort = sortSpec(ENTRY_SORTS, args.sort ?? 'CREATED_AT_DESC')
  const query = db
    .selectFrom('content_entries')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('type_id', '=', type.id)
    .where((eb) => combineFilter(eb, args.filter, entryConditions))
  const page = await paginate<ContentEntryRow>(query, args, sort, options)
  return {
    ...page,
    nodes: page.nodes.map((row) => toEntryRecord(row, type)),
    edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: toEntryRecord(edge.node, type) })),
  }
}

function entryConditions(
  eb: ExpressionBuilder<ContentDatabase, 'content_entries'>,
  filter: ContentEntryFilter,
): Expression<SqlBool>[] {
  return [
    ...stringConditions(eb, 'handle', filter.handle),
    ...searchMatches(filter.search),
    ...dateRangeConditions(eb, 'updated_at', filter.updatedAt),
  ]
}

/** Every word in the handle or the values' JSON text, ignoring case. */
function searchMatches(search: string | null | undefined): Expression<SqlBool>[] {
  return searchWords(search).map(
    (word) => sql<SqlBool>`(handle || ' ' || fields::text) ilike ${`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
  )
}

function sortSpec<Name extends string>(sorts: Record<Name, SortSpec>, name: string): SortSpec {
  const sort = (sorts as Record<string, SortSpec>)[name]
  if (!sort) throw badInput(['sort'], `sort must be one of ${Object.keys(sorts).join(', ')}; got '${name}'`)
  return sort
}

function toTypeRecord(row: ContentTypeRow): ContentTypeRecord {
  return {
    id: row.id,
    handle: row.handle,
    name: row.name,
    fields: row.fields,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    revision: row.revision,
  }
}

function toEntryRecord(row: ContentEntryRow, type: ContentTypeRecord): ContentEntryRecord {
  const fields = Object.fromEntries(
    type.fields
      .filter((field) => row.fields[field.key] !== undefined)
      .map((field) => [field.key, row.fields[field.key]!]),
  )
  return {
    id: row.id,
    typeId: row.type_id,
    handle: row.handle,
    fields,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    revision: row.revision,
  }
}
