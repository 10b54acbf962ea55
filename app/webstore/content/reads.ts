import { badInput, DomainError } from '../../../domain/shared/errors.js'
import {
  findContentEntry,
  findContentType,
  listContentEntries as listEntryRecords,
  listContentTypes as listTypeRecords,
  type ListContentEntriesArgs as ListEntryArgs,
  type ListContentTypesArgs,
} from '../../../projections/webstore/content/queries.js'
import type { Caller } from '../../caller.js'
import { mapConnection, type PaginateOptions } from '../../shared/connection.js'
import { webstoreStore } from '../shared/store.js'
import { toContentEntryView, toContentTypeView, type ContentEntryView, type ContentTypeView } from './view.js'
import { orNotFound, readByIdOr } from '../../shared/lookup.js'
import { viewLister } from '../../shared/store-reads.js'

export type { ListContentTypesArgs }
/** The entries of the content type with this handle, filtered, sorted and paged. */
export type ListContentEntriesArgs = ListEntryArgs & { type: string }

/** One content type by id, else by handle; NOT_FOUND when the store has none. */
export async function readContentType(
  caller: Caller,
  lookup: { id?: string | null; handle?: string | null },
): Promise<ContentTypeView> {
  const storeId = webstoreStore(caller)
  const type = await readByIdOr(lookup, { noun: 'content type', key: 'handle', what: 'contentType' }, (by) =>
    findContentType(caller.platform.database.db, storeId, by),
  )
  return toContentTypeView(type)
}

/** One entry by id, or by its type's handle and its own; NOT_FOUND otherwise. */
export async function readContentEntry(
  caller: Caller,
  lookup: { id?: string | null; typeHandle?: string | null; handle?: string | null },
): Promise<ContentEntryView> {
  const storeId = webstoreStore(caller)
  const db = caller.platform.database.db
  if (lookup.id) {
    const entry = await orNotFound(findContentEntry(db, storeId, { id: lookup.id }), 'content entry', lookup.id)
    return toContentEntryView(entry)
  }
  if (lookup.typeHandle && lookup.handle) {
    const type = await readContentType(caller, { handle: lookup.typeHandle })
    const entry = await findContentEntry(db, storeId, { typeId: type.id, handle: lookup.handle })
    if (!entry)
      throw new DomainError('NOT_FOUND', `no ${lookup.typeHandle} entry with handle '${lookup.handle}' in this store`)
    return toContentEntryView(entry)
  }
  throw badInput(['id'], 'contentEntry needs an id, or a typeHandle and a handle')
}

/** One page of the store's content types, filtered and sorted (API-CONVENTIONS.md "Lists"). */
export const listContentTypes = viewLister(webstoreStore, listTypeRecords, toContentTypeView)

/**
 * One page of the entries of a content type named by handle (NOT_FOUND for an unknown one, on
 * `field` when given), with the type they belong to.
 */
export async function listContentEntries(
  caller: Caller,
  args: ListContentEntriesArgs,
  options: PaginateOptions & { field?: string } = {},
) {
  const { field, ...paging } = options
  const storeId = webstoreStore(caller)
  const db = caller.platform.database.db
  const type = await findContentType(db, storeId, { handle: args.type })
  if (!type)
    throw new DomainError(
      'NOT_FOUND',
      `no content type with handle '${args.type}' in this store`,
      field ? { field: [field] } : {},
    )
  const page = await listEntryRecords(db, storeId, type, args, paging)
  return { ...mapConnection(page, toContentEntryView), type: toContentTypeView(type) }
}

/** One content type by id, or null when the caller's store has none: a write's read-back, a field's lookup. */
export async function findContentTypeView(caller: Caller, id: string): Promise<ContentTypeView | null> {
  const type = await findContentType(caller.platform.database.db, webstoreStore(caller), { id })
  return type && toContentTypeView(type)
}

/** One content entry by id, or null when the caller's store has none: a write's read-back. */
export async function findContentEntryView(caller: Caller, id: string): Promise<ContentEntryView | null> {
  const entry = await findContentEntry(caller.platform.database.db, webstoreStore(caller), { id })
  return entry && toContentEntryView(entry)
}
