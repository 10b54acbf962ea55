import type { ProductStatus } from '../../../domain/catalog/product/events.js'
import type { PaginateOptions, Connection } from '../../shared/pagination.js'
import {
  findProduct,
  listProducts,
  type ListProductsArgs,
  type ProductFilter,
  type ProductListedRow,
  type ProductRecord,
} from './queries.js'
import type { ProductDb } from './tables.js'

/**
 * What "visible to shoppers" means, defined once: an ACTIVE product. DRAFT (being prepared, or
 * scheduled and not due yet) and ARCHIVED products never show on a storefront, in storefront
 * search, sitemaps or feeds. Every storefront-facing read goes through the functions below.
 */
export const SHOPPER_VISIBLE_STATUSES: readonly ProductStatus[] = ['ACTIVE']

/** Whether shoppers may see a product in this status. */
export function isVisibleToShoppers(product: { status: ProductStatus }): boolean {
  return SHOPPER_VISIBLE_STATUSES.includes(product.status)
}

/** The visibility rule as a product filter, so SQL applies the same rule as `isVisibleToShoppers`. */
export const shopperVisibleFilter: ProductFilter = { status: SHOPPER_VISIBLE_STATUSES }

/** A filter narrowed to products shoppers may see; a caller's filter can never widen it. */
function visibleOnly(filter: ProductFilter | null | undefined): ProductFilter {
  return filter ? { and: [shopperVisibleFilter, filter] } : shopperVisibleFilter
}

/**
 * The store's published product with this handle, for a storefront product page; null when there
 * is none or it is hidden (DRAFT, ARCHIVED), so a hidden product answers exactly like a missing one.
 *
 * @example await findPublishedProduct(db, storeId, 'red-shirt')
 */
export async function findPublishedProduct(
  db: ProductDb,
  storeId: string,
  handle: string,
): Promise<ProductRecord | null> {
  const product = await findProduct(db, storeId, { handle })
  return product && isVisibleToShoppers(product) ? product : null
}

/**
 * The store's published products, for storefront listings and search: `listProducts` with the
 * visibility rule always applied on top of the caller's filter.
 *
 * @example await listPublishedProducts(db, storeId, { first: 24, filter: { tags: { any: ['summer'] } }, sort: 'TITLE_ASC' })
 */
export async function listPublishedProducts(
  db: ProductDb,
  storeId: string,
  args: ListProductsArgs = {},
  options: PaginateOptions<ProductListedRow> = {},
): Promise<Connection<ProductRecord>> {
  return listProducts(db, storeId, { ...args, filter: visibleOnly(args.filter) }, options)
}
