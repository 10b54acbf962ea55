import {
  COLLECTION_SORTS,
  collectionProducts as collectionProductRecords,
  collectionsOfProducts as collectionRecordsOfProducts,
  findCollection,
  listCollections as listCollectionRecords,
  productCountsOfCollections,
} from '../../../projections/webstore/collection/queries.js'
import type { ListProductsArgs } from '../../../projections/catalog/product/queries.js'
import type { Caller } from '../../caller.js'
import { toProductView } from '../../catalog/product/view.js'
import { mapConnection, type PaginateOptions } from '../../shared/connection.js'
import { webstoreReads, webstoreStore } from '../shared/store.js'
import { toCollectionView, type CollectionView, type CountedCollectionView } from './view.js'

export { COLLECTION_SORTS }

const collections = webstoreReads({
  noun: 'collection',
  find: findCollection,
  list: listCollectionRecords,
  toView: toCollectionView,
})

/** One collection by id, or null when the caller's store has none: a write's read-back. */
export const findCollectionView = collections.find

/**
 * One collection of the store by id, else by handle; NOT_FOUND when the store has none (another
 * store's collection included).
 *
 * @example await readCollection(caller, { handle: 'summer' })
 */
export const readCollection = collections.read

/** One page of the store's collections, filtered and sorted (API-CONVENTIONS.md "Lists"). */
export const listCollections = collections.list

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
