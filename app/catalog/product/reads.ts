import { productFacets, type ProductFacetsArgs } from '../../../projections/catalog/product/facets.js'
import {
  findProduct,
  listProducts as listProductRecords,
  productsByIds as productRecordsByIds,
  type ListProductsArgs,
  type ProductSort,
} from '../../../projections/catalog/product/queries.js'
import { requireScope, requireStore, type Caller } from '../../caller.js'
import { mapConnection, type PaginateOptions } from '../../shared/connection.js'
import { toProductView, type ProductView } from './view.js'
import { readByIdOr } from '../../shared/lookup.js'

export type { ListProductsArgs, ProductFacetsArgs, ProductSort }

export type ProductLookup = { id?: string | null; handle?: string | null }

/** The selected store's id, once the caller may read the catalog. */
export function catalogStore(caller: Caller): string {
  requireScope(caller, 'products:read')
  return requireStore(caller).id
}

/** One product by id, or null when the caller's store has none: a write's read-back. */
export async function findProductView(caller: Caller, id: string): Promise<ProductView | null> {
  const product = await findProduct(caller.platform.database.db, catalogStore(caller), { id })
  return product && toProductView(product)
}

/**
 * One product by id, else by handle; NOT_FOUND when the store has none (other tenants' ids too).
 *
 * @example await readProduct(caller, { handle: 'red-shirt' })
 */
export async function readProduct(caller: Caller, lookup: ProductLookup, tool = 'product'): Promise<ProductView> {
  const storeId = catalogStore(caller)
  const product = await readByIdOr(lookup, { noun: 'product', key: 'handle', what: tool }, (by) =>
    findProduct(caller.platform.database.db, storeId, by),
  )
  return toProductView(product)
}

/** One page of the store's products, filtered and sorted (API-CONVENTIONS.md "Lists"). */
export async function listProducts(caller: Caller, args: ListProductsArgs, options: PaginateOptions = {}) {
  const page = await listProductRecords(caller.platform.database.db, catalogStore(caller), args, options)
  return mapConnection(page, toProductView)
}

/** Products by id in the same order, null where the store has none (a loader's batch). */
export async function productsByIds(caller: Caller, ids: readonly string[]): Promise<(ProductView | null)[]> {
  const found = await productRecordsByIds(caller.platform.database.db, catalogStore(caller), ids)
  return found.map((product) => product && toProductView(product))
}

/** Counts of the store's products by facet value, under the same filter as the list. */
export function readProductFacets(caller: Caller, args: ProductFacetsArgs) {
  return productFacets(caller.platform.database.db, catalogStore(caller), args)
}
