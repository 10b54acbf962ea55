import { DomainError, badInput } from '../../../domain/shared/errors.js'
import { findCategoryAsOf } from '../../../projections/catalog/category/as-of.js'
import {
  categoriesByIds as categoryRecordsByIds,
  categoriesOfProducts as categoryRecordsOfProducts,
  categoryProducts,
  findCategory,
  listCategories as listCategoryRecords,
  productCountsOfCategories,
  type CategoryProductsArgs,
  type ListCategoriesArgs,
} from '../../../projections/catalog/category/queries.js'
import type { Caller } from '../../caller.js'
import { mapConnection, type PaginateOptions } from '../../shared/connection.js'
import { catalogStore } from '../product/reads.js'
import { toProductView } from '../product/view.js'
import { viewsByIds } from '../../shared/store-reads.js'
import { toCategoryView, toCrumbView, type CategoryCrumbView, type CategoryView } from './view.js'
import { viewLister } from '../../shared/store-reads.js'

export type { CategoryProductsArgs, ListCategoriesArgs }

export interface CategoryLookup {
  id?: string | null
  handlePath?: string | null
  /** Read the category as it was then (from its events), else as it is now. */
  asOf?: Date | null
}

/** One category by id, or null when the caller's store has none: a write's read-back. */
export async function findCategoryView(caller: Caller, id: string): Promise<CategoryView | null> {
  const category = await findCategory(caller.platform.database.db, catalogStore(caller), { id })
  return category && toCategoryView(category)
}

/**
 * One category by id, else by handle path, now or at `asOf`; NOT_FOUND when the store has none.
 *
 * @example await readCategory(caller, { handlePath: 'men/shirts' })
 */
export async function readCategory(caller: Caller, args: CategoryLookup, tool = 'category'): Promise<CategoryView> {
  const storeId = catalogStore(caller)
  const lookup = args.id ? { id: args.id } : args.handlePath ? { path: args.handlePath } : null
  if (!lookup) throw badInput(['id'], `${tool} needs an id or a handlePath (e.g. men/shirts)`)
  const category = args.asOf
    ? await findCategoryAsOf(caller.platform.eventStore, storeId, lookup, args.asOf)
    : await findCategory(caller.platform.database.db, storeId, lookup)
  if (category) return toCategoryView(category)
  const what = 'id' in lookup ? `category '${lookup.id}'` : `no category with handle path '${lookup.path}'`
  const when = args.asOf ? ` at ${args.asOf.toISOString()}` : ''
  throw new DomainError(
    'NOT_FOUND',
    'id' in lookup ? `${what} does not exist in this store${when}` : `${what} in this store${when}`,
  )
}

/** One page of the store's categories (all, the roots, or one's children), filtered and sorted. */
export const listCategories = viewLister(catalogStore, listCategoryRecords, toCategoryView)

/** Categories by id in the same order, null where the store has none (a loader's batch). */
export const categoriesByIds = viewsByIds(catalogStore, categoryRecordsByIds, toCategoryView)

/** The ancestors, root first: as recorded with a past category, else as the store has them now. */
export async function categoryAncestors(caller: Caller, category: CategoryView): Promise<CategoryCrumbView[]> {
  if (category.pastAncestors) return [...category.pastAncestors]
  const found = await categoriesByIds(caller, category.ancestorIds)
  return found.filter((each): each is CategoryView => each !== null).map(toCrumbView)
}

/** Distinct products in each category and every category below it, in the same order. */
export function productCounts(caller: Caller, categoryIds: readonly string[]): Promise<number[]> {
  return productCountsOfCategories(caller.platform.database.db, catalogStore(caller), categoryIds)
}

/** One page of a category's products (with its descendants' when asked), as product views. */
export async function listCategoryProducts(
  caller: Caller,
  categoryId: string,
  args: CategoryProductsArgs,
  options: PaginateOptions = {},
) {
  const page = await categoryProducts(caller.platform.database.db, catalogStore(caller), categoryId, args, options)
  return mapConnection(page, toProductView)
}

/** The categories each product is assigned to directly, in one query for the whole batch. */
export async function categoriesOfProducts(caller: Caller, productIds: readonly string[]): Promise<CategoryView[][]> {
  const found = await categoryRecordsOfProducts(caller.platform.database.db, catalogStore(caller), productIds)
  return found.map((categories) => categories.map(toCategoryView))
}
