import {
  COLLECTION_SORTS,
  collectionProducts as collectionProductRecords,
  collectionsOfProducts as collectionRecordsOfProducts,
  findCollection,
  listCollections as listCollectionRecords,
  productCountsOfCollections,
  type ListCollectionsArgs,
} from '../../../projections/webstore/collection/queries.js'
import type { ListProductsArgs } from '../../../projections/catalog/product/queries.js'
import type { Caller } from '../../caller.js'
import { toProductView } from '../../catalog/product/view.js'
import { mapConnection, type PaginateOptions } from '../../shared/connection.js'
import { webstoreStore } from '../shared/store.js'
import { toCollectionView, type CollectionView, type CountedCollectionView } from './view.js'
import { readByIdOr } from '../../shared/lookup.js'

export { COLLECTION_SORTS }
export type { ListCollectionsArgs }

export type CollectionLookup = { id?: string | null; handle?: string | null }

/** One collection by id, or null when the caller's store has none: a write's read-back. */
export async function findCollectionView(caller: Caller, id: string): Promise<CollectionView | null> {
  const collection = await findCollection(caller.platform.database.db, webstoreStore(caller), { id })
  return collection && toCollectionView(collection)
}

/**
 * One collection of the store by id, else by handle; NOT_FOUND when the store has none (another
 * store's collection included).
 *
 * @example await readCollection(caller, { handle: 'summer' })
 */
export async function readCollection(
  caller: Caller,
  lookup: CollectionLookup,
  what = 'collection',
): Promise<CollectionView> {
  const storeId = webstoreStore(caller)
  const collection = await readByIdOr(lookup, { noun: 'collection', key: 'handle', what }, (by) =>
    findCollection(caller.platform.database.db, storeId, by),
  )
  return toCollectionView(collection)
}

/** One page of the store's collections, filtered and sorted (API-CONVENTIONS.md "Lists"). */
export async function listCollections(caller: Caller, args: ListCollectionsArgs, options: PaginateOptions = {}) {
  const page = await listCollectionRecords(caller.platform.database.db, webstoreStore(caller), args, options)
  return mapConnection(page, toCollectionView)
}

/** How many products each collection holds, in the same order (a loader's batch). */
export function collectionProductCounts(caller: Caller, collectionIds: readonly string[]): Promise<number[]> {
  return productCountsOfCollections(caller.platform.database.db, webstoreStore(caller), collectionIds)
}

/** The views with their product counts, counted in one query for the whole list (the MCP answer). */
export async function countedCollections(
  caller: Caller,
  collections: readonly CollectionView[],
): Promise<CountedCollectionView[]> {
  const counts = await collectionProductCounts(
    caller,
    collections.map((collection) => collection.id),
  )
  return collections.map((collection, index) => ({ ...collection, productsCount: counts[index]! }))
}

/** One collection with its product count, or null: the MCP write tools' read-back. */
export async function findCountedCollection(caller: Caller, id: string): Promise<CountedCollectionView | null> {
  const collection = await findCollectionView(caller, id)
  return collection && (await countedCollections(caller, [collection]))[0]!
}

/** One page of a collection's products in the collection's sort order, as product views. */
export async function collectionProducts(
  caller: Caller,
  collection: Pick<CollectionView, 'id' | 'sortOrder'>,
  args: ListProductsArgs,
  options: PaginateOptions = {},
) {
  const page = await collectionProductRecords(
    caller.platform.database.db,
    webstoreStore(caller),
    collection,
    args,
    options,
  )
  return mapConnection(page, toProductView)
}

/** The collections each product belongs to, by title (a loader's batch). */
export async function collectionsOfProducts(
  caller: Caller,
  productIds: readonly string[],
): Promise<CollectionView[][]> {
  const found = await collectionRecordsOfProducts(caller.platform.database.db, webstoreStore(caller), productIds)
  return found.map((collections) => collections.map(toCollectionView))
}
