import { sql, type Expression, type SqlBool } from 'kysely'
import type { ListArgsOf } from '../../../domain/shared/list-spec.js'
import type { ContentField, FieldValue } from '../../../domain/webstore/content/fields.js'
import { CONTENT_ENTRY_LIST, CONTENT_TYPE_LIST } from '../../../domain/webstore/content/list.js'
import { searchWords } from '../../shared/filters.js'
import { listRunner } from '../../shared/list-runner.js'
import { mapConnection, type Connection, type PaginateOptions } from '../../shared/pagination.js'
import type { ContentDb, ContentEntryRow, ContentTypeRow } from './tables.js'
import { findInStore } from '../../shared/store-rows.js'
import { storeRecords } from '../../shared/store-records.js'
import type { EntityVersionRecord } from '../../shared/entity-table.js'

export interface ContentTypeRecord extends EntityVersionRecord {
  id: string
  handle: string
  name: string
  fields: ContentField[]
}

export interface ContentEntryRecord extends EntityVersionRecord {
  id: string
  typeId: string
  handle: string
  /** Values of the type's current fields only: values of removed fields are not served. */
  fields: Record<string, FieldValue>
}

export type ListContentTypesArgs = ListArgsOf<typeof CONTENT_TYPE_LIST>
export type ListContentEntriesArgs = ListArgsOf<typeof CONTENT_ENTRY_LIST>

const contentTypes = storeRecords({
  rows: (db: ContentDb) => db.selectFrom('content_types').selectAll(),
  key: ['handle'],
  list: listRunner(CONTENT_TYPE_LIST),
  toRecord: toTypeRecord,
})

const contentEntries = listRunner(CONTENT_ENTRY_LIST, { filters: { search: (_eb, search) => searchMatches(search) } })

/** One content type by id or handle, or null (another store's id included). */
export const findContentType = contentTypes.find

/** The store's content types. */
export const listContentTypes = contentTypes.list

/** One entry by id, or by its type and handle; null when missing or when its type is gone. */
export async function findContentEntry(
  db: ContentDb,
  storeId: string,
  by: { id: string } | { typeId: string; handle: string },
): Promise<ContentEntryRecord | null> {
  const key = 'id' in by ? by : { type_id: by.typeId, handle: by.handle }
  const row = await findInStore(db.selectFrom('content_entries').selectAll(), storeId, key)
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
  args: ListContentEntriesArgs,
  options: PaginateOptions = {},
): Promise<Connection<ContentEntryRecord>> {
  const query = db
    .selectFrom('content_entries')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('type_id', '=', type.id)
  return mapConnection(await contentEntries.run(query, args, options), (row) => toEntryRecord(row, type))
}

/** Every word in the handle or the values' JSON text, ignoring case. */
function searchMatches(search: string): Expression<SqlBool>[] {
  return searchWords(search).map(
    (word) => sql<SqlBool>`(handle || ' ' || fields::text) ilike ${`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
  )
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
