import { prepared } from '../../../infra/database/prepared-statements.js'
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely'
import type { ProductFields } from '../../../domain/catalog/product/events.js'
import { PRODUCT_LIST } from '../../../domain/catalog/product/list.js'
import { isUuid } from '../../../domain/shared/ids.js'
import {
  sortValues,
  type FilterOf,
  type ListArgs,
  type SortOf,
  type TagsFilter,
} from '../../../domain/shared/list-spec.js'
import { combineFilter, type Eb } from '../../shared/filters.js'
import { listRunner, type ListRunner } from '../../shared/list-runner.js'
import {
  mapConnection,
  paginate,
  type Connection,
  type PaginateOptions,
  type SortSpec,
} from '../../shared/pagination.js'
import {
  attributeConditions,
  categoryCondition,
  filterScope,
  inventoryConditions,
  priceConditions,
  skuConditions,
  usesPrice,
  type FilterScope,
} from './filters.js'
import { searchCondition } from './search-language.js'
import type { ProductDb, ProductRow } from './tables.js'
import { findInStore, findManyInStore, inStore } from '../../shared/store-rows.js'
import type { EntityVersionRecord } from '../../shared/entity-table.js'

/** A product as the API serves it. */
export interface ProductRecord extends Omit<ProductFields, 'productId'>, EntityVersionRecord {
  id: string
  /** Search engine listing; empty strings when not set. */
  seo: { title: string; description: string }
  /** When the hidden product turns ACTIVE by itself; null when not scheduled. */
  publishAt: Date | null
}

/**
 * The list spec's filter, and `collectionId`: members of this collection, which the storefront
 * counts a collection page's facets with (not in the API's filter).
 */
export type ProductFilter = FilterOf<typeof PRODUCT_LIST> & { collectionId?: string | null }
export type ProductSort = SortOf<typeof PRODUCT_LIST>
export const PRODUCT_SORTS = sortValues(PRODUCT_LIST)

export interface ListProductsArgs extends ListArgs {
  filter?: ProductFilter | null
  sort?: ProductSort | null
}

export type ProductLookup = { id: string } | { handle: string }

const COLUMNS = [
  'id',
  'title',
  'handle',
  'description',
  'status',
  'vendor',
  'tags',
  'revision',
  'created_at',
  'updated_at',
  'seo_title',
  'seo_description',
  'publish_at',
] as const
type ListedRow = Pick<ProductRow, (typeof COLUMNS)[number]>
/** The columns of a list's rows: the record's, and the sort columns a cursor may carry. */
const LISTED_COLUMNS = [...COLUMNS, 'price_sort', 'inventory_total'] as const
/** A row of a product list, as `listProducts` pages them. */
export type ProductListedRow = Pick<ProductRow, (typeof LISTED_COLUMNS)[number]>

/**
 * One product of the store by id or handle, or null. Ids that are not UUIDs, and ids of other
 * stores' products, are simply not found.
 *
 * @example await findProduct(db, storeId, { handle: 'red-shirt' })
 */
export async function findProduct(
  db: ProductDb,
  storeId: string,
  lookup: ProductLookup,
): Promise<ProductRecord | null> {
  const row = await findInStore(db.selectFrom('products').select(COLUMNS).modifyFront(prepared()), storeId, lookup)
  return row ? toRecord(row) : null
}

/** The store's products for a batch of ids, in the same order, null where not found (a dataloader's batch function). */
export async function productsByIds(
  db: ProductDb,
  storeId: string,
  ids: readonly string[],
): Promise<(ProductRecord | null)[]> {
  const rows = await findManyInStore(db.selectFrom('products').select(COLUMNS), storeId, ids)
  return rows.map((row) => row && toRecord(row))
}

/** The store's product list rows for a batch of ids, in the same order, null where not found. */
export function productListedRows(
  db: ProductDb,
  storeId: string,
  ids: readonly string[],
): Promise<(ProductListedRow | null)[]> {
  return findManyInStore(db.selectFrom('products').select(LISTED_COLUMNS), storeId, ids)
}

/**
 * A part of the store's products with an order of its own, such as a collection's or a
 * category's. `members` selects one row per member: `product_id`, and `sort_key`, its place in
 * the part's own order. That order, `order` on the `sort_key` under a column name of its own
 * (so a cursor of one kind of order never passes for another's), is the list's when the caller
 * gives no sort; with a sort, the members are ordered as every product list is. (`Column` is
 * generic so that the key's alias keeps a name type the row types can carry.)
 */
export interface ProductSubset<Column extends string = string> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  members: SelectQueryBuilder<any, any, { product_id: string; sort_key: unknown }>
  order: { column: Column; direction: SortSpec['direction'] }
}

/**
 * One page of the store's products, filtered and sorted, in page or cursor mode; with a
 * `subset`, only its members, in its own order unless `args.sort` says otherwise.
 *
 * @example await listProducts(db, storeId, { first: 50, filter: { status: ['ACTIVE'], search: 'red sh' }, sort: 'TITLE_ASC' })
 */
export async function listProducts<Column extends string>(
  db: ProductDb,
  storeId: string,
  args: ListProductsArgs = {},
  options: PaginateOptions<ProductListedRow> = {},
  subset?: ProductSubset<Column>,
): Promise<Connection<ProductRecord>> {
  const products = productList(await filterScope(db, storeId, usesPrice(args.filter), options.currency))
  const sort = products.sortOf(args.sort)
  const query = db
    .selectFrom('products')
    // The cursor carries the sort column's value, so a sort on a column the record omits selects it too.
    .select(LISTED_COLUMNS)
    .where(inStore(storeId))
    .where((eb) => combineFilter(eb, args.filter, levelConditions(products)))
  let page: Connection<ProductListedRow>
  if (!subset) page = await paginate<ProductListedRow>(query, args, sort, options)
  else if (args.sort != null)
    page = await paginate<ProductListedRow>(
      query.where(sql<SqlBool>`products.id in (select m.product_id from (${subset.members}) as m)`),
      args,
      sort,
      options,
    )
  else {
    // Wrapped, so the sort key is a plain column that keyset pagination can order and compare on.
    const keyed = query
      .innerJoin(subset.members.as('m'), 'm.product_id', 'products.id')
      .select(sql`m.sort_key`.as(subset.order.column))
    page = await paginate<ProductListedRow>(db.selectFrom(keyed.as('listed')).selectAll(), args, subset.order, options)
  }
  return mapConnection(page, toRecord)
}

/**
 * The product list bound to the products table for one store: amounts are in its currency and
 * search in its language, so the catalog fields' conditions take the store's filter scope.
 */
function productList(scope: FilterScope): ListRunner<typeof PRODUCT_LIST> {
  return listRunner(PRODUCT_LIST, {
    filters: {
      tags: tagConditions,
      price: (eb, range) => priceConditions(eb, range, scope),
      inventory: inventoryConditions,
      category: (_eb, category) => categoryCondition(category, scope.storeId),
      attributes: (_eb, attributes) => attributeConditions(attributes),
      sku: (_eb, sku) => skuConditions(sku),
      search: (_eb, text) => searchCondition(text, scope.storeId) ?? [],
    },
    sorts: {
      // price_sort is price_min with products without a price first; null cannot be a keyset cursor.
      PRICE: 'price_sort',
      INVENTORY: 'inventory_total',
    },
  })
}

/** The conditions of one filter level, for `combineFilter`: the spec's fields, then `collectionId`. */
function levelConditions(products: ListRunner<typeof PRODUCT_LIST>) {
  return (eb: Eb, filter: ProductFilter): Expression<SqlBool>[] => [
    ...products.conditions(eb, filter),
    ...(filter.collectionId != null ? [memberOf(filter.collectionId)] : []),
  ]
}

/** The conditions of one filter level in the store's filter scope (facets.ts walks the levels itself). */
export function withCatalog(scope: FilterScope) {
  return levelConditions(productList(scope))
}

function memberOf(collectionId: string): Expression<SqlBool> {
  if (!isUuid(collectionId)) return sql<SqlBool>`false`
  return sql<SqlBool>`exists (select 1 from collection_products cp where cp.store_id = products.store_id and cp.product_id = products.id and cp.collection_id = ${collectionId.toLowerCase()})`
}

/** `any`: has at least one of the tags; `all`: has every one. Array operators, so the GIN index on tags serves them. */
function tagConditions(_eb: Eb, filter: TagsFilter): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = []
  if (filter.any != null) conditions.push(sql<SqlBool>`tags && ${[...filter.any]}::text[]`)
  if (filter.all != null) conditions.push(sql<SqlBool>`tags @> ${[...filter.all]}::text[]`)
  return conditions
}

function toRecord(row: ListedRow): ProductRecord {
  return {
    id: row.id,
    title: row.title,
    handle: row.handle,
    description: row.description,
    status: row.status,
    vendor: row.vendor,
    tags: row.tags,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    revision: row.revision,
    seo: { title: row.seo_title, description: row.seo_description },
    publishAt: row.publish_at,
  }
}
