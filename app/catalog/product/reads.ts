import { productFacets, type ProductFacetsArgs } from '../../../projections/catalog/product/facets.js'
import {
  findProduct,
  listProducts as listProductRecords,
  productsByIds as productRecordsByIds,
  type ListProductsArgs,
  type ProductSort,
} from '../../../projections/catalog/product/queries.js'
import { requireScope, requireStore, type Caller } from '../../caller.js'
import { toProductView } from './view.js'
import { storeReads, viewsByIds } from '../../shared/store-reads.js'

export type { ListProductsArgs, ProductFacetsArgs, ProductSort }

/** The selected store's id, once the caller may read the catalog. */
export function catalogStore(caller: Caller): string {
  requireScope(caller, 'products:read')
  return requireStore(caller).id
}

const products = storeReads({
  noun: 'product',
  key: 'handle',
  storeOf: catalogStore,
  find: findProduct,
  list: (db, storeId, args: ListProductsArgs, options) => listProductRecords(db, storeId, args, options),
  toView: toProductView,
})

/** One product by id, or null when the caller's store has none: a write's read-back. */
export const findProductView = products.find

/**
 * One product by id, else by handle; NOT_FOUND when the store has none (other tenants' ids too).
 *
 * @example await readProduct(caller, { handle: 'red-shirt' })
 */
export const readProduct = products.read

/** One page of the store's products, filtered and sorted (API-CONVENTIONS.md "Lists"). */
export const listProducts = products.list

/** Products by id in the same order, null where the store has none (a loader's batch). */
export const productsByIds = viewsByIds(catalogStore, productRecordsByIds, toProductView)

/** Counts of the store's products by facet value, under the same filter as the list. */
export function readProductFacets(caller: Caller, args: ProductFacetsArgs) {
  return productFacets(caller.platform.database.db, catalogStore(caller), args)
}
