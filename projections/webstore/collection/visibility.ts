import type { Connection, PaginateOptions } from '../../shared/pagination.js'
import {
  findCollection,
  listCollections,
  type CollectionFilter,
  type CollectionRecord,
  type ListCollectionsArgs,
} from './queries.js'
import type { CollectionDb } from './tables.js'

// What shoppers may see of collections, defined once for the storefront: PUBLISHED ones only.
// Collections have no publishAt schedule, so PUBLISHED is the whole rule.

/**
 * The store's published collection with this handle, for /collections/<handle>; null when there is
 * none or it is a DRAFT, so a draft answers exactly like a missing collection.
 *
 * @example await findPublishedCollection(db, storeId, 'summer-sale')
 */
export async function findPublishedCollection(
  db: CollectionDb,
  storeId: string,
  handle: string,
): Promise<CollectionRecord | null> {
  const collection = await findCollection(db, storeId, { handle })
  return collection?.status === 'PUBLISHED' ? collection : null
}

/** The store's published collections, for storefront listings and sitemaps: the caller's filter can never widen the rule. */
export function listPublishedCollections(
  db: CollectionDb,
  storeId: string,
  args: ListCollectionsArgs = {},
  options: PaginateOptions = {},
): Promise<Connection<CollectionRecord>> {
  const visible: CollectionFilter = { status: ['PUBLISHED'] }
  return listCollections(
    db,
    storeId,
    { ...args, filter: args.filter ? { and: [visible, args.filter] } : visible },
    options,
  )
}
