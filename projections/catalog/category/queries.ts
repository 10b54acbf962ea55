import { sql } from 'kysely'
import { CATEGORY_LIST } from '../../../domain/catalog/category/list.js'
import { badInput } from '../../../domain/shared/errors.js'
import { isUuid } from '../../../domain/shared/ids.js'
import type { ListArgsOf } from '../../../domain/shared/list-spec.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { listRunner } from '../../shared/list-runner.js'
import type { Connection, PaginateOptions } from '../../shared/pagination.js'
import {
  listProducts,
  type ListProductsArgs,
  type ProductFilter,
  type ProductListedRow,
  type ProductRecord,
  type ProductSort,
} from '../product/queries.js'
import type { CategoryDb, CategoryRow } from './tables.js'
import { findInStore, findManyInStore, inStore, listsOfProducts } from '../../shared/store-rows.js'
import type { EntityVersionRecord } from '../../shared/entity-table.js'

/** A category as the API serves it. */
export interface CategoryRecord extends EntityVersionRecord {
  id: string
  parentId: string | null
  title: string
  handle: string
  path: string
  depth: number
  position: number
  description: string
  imageId: string | null
  seo: { title: string; description: string }
  /** Root first. */
  ancestorIds: string[]
  /** Set on categories read as they were at an earlier time: their ancestors as they were then. */
  breadcrumbs?: CategoryCrumb[]
}

/** One step of a breadcrumb trail. */
export interface CategoryCrumb {
  id: string
  title: string
  handle: string
  path: string
}

export interface ListCategoriesArgs extends ListArgsOf<typeof CATEGORY_LIST> {
  /** Undefined: every category of the store; null: the roots; an id: that category's children. */
  parentId?: string | null
}

const categories = listRunner(CATEGORY_LIST, { filters: { search: ['title', 'handle', 'description'] } })

export type CategoryLookup = { id: string } | { path: string }

const COLUMNS = [
  'id',
  'parent_id',
  'title',
  'handle',
  'path',
  'depth',
  'position',
  'description',
  'image_media_id',
  'seo_title',
  'seo_description',
  'revision',
  'created_at',
  'updated_at',
] as const
type ListedRow = Pick<CategoryRow, (typeof COLUMNS)[number]> & { ancestor_ids: string[] }

// uuid[] is read as text[]: both drivers parse text arrays, not every one parses uuid arrays.
const ANCESTORS = sql<string[]>`ancestor_ids::text[]`.as('ancestor_ids')

/**
 * One category of the store by id or by handle path (`men/shirts`), or null. Malformed ids and
 * other stores' categories are simply not found.
 */
export async function findCategory(
  db: CategoryDb,
  storeId: string,
  lookup: CategoryLookup,
): Promise<CategoryRecord | null> {
  const key = 'id' in lookup ? lookup : { path: lookup.path.replace(/^\/+|\/+$/g, '') }
  const row = await findInStore(db.selectFrom('categories').select([...COLUMNS, ANCESTORS]), storeId, key)
  return row ? toRecord(row) : null
}

/** The store's categories for a batch of ids, in the same order, null where not found (a dataloader's batch function). */
export async function categoriesByIds(
  db: CategoryDb,
  storeId: string,
  ids: readonly string[],
): Promise<(CategoryRecord | null)[]> {
  const rows = await findManyInStore(db.selectFrom('categories').select([...COLUMNS, ANCESTORS]), storeId, ids)
  return rows.map((row) => row && toRecord(row))
}

/**
 * One page of the store's categories: all of them, the roots (`parentId: null`) or one
 * category's children, filtered and sorted (by position among siblings unless told otherwise).
 *
 * @example await listCategories(db, storeId, { parentId: menId, sort: 'TITLE_ASC', first: 50 })
 */
export const listCategories = categories.reader((db: CategoryDb, storeId: string, args: ListCategoriesArgs) => {
  if (args.parentId != null && !isUuid(args.parentId))
    throw badInput(['parentId'], `parentId must be a category id (a UUID); got '${args.parentId}'`)
  const query = db
    .selectFrom('categories')
    .select([...COLUMNS, ANCESTORS])
    .where(inStore(storeId))
  if (args.parentId === undefined) return query
  return query.where('parent_id', 'is not distinct from', args.parentId?.toLowerCase() ?? null)
}, toRecord)

/** For each category, how many distinct products it and its descendants hold (a dataloader's batch function). */
export async function productCountsOfCategories(
  db: AnyDb,
  storeId: string,
  categoryIds: readonly string[],
): Promise<number[]> {
  const wanted = [...new Set(categoryIds.filter(isUuid).map((id) => id.toLowerCase()))]
  if (!isUuid(storeId) || wanted.length === 0) return categoryIds.map(() => 0)
  // Each asked-for category with every category of its subtree, then the distinct products of those.
  const rows: { root: string; count: string | number }[] = (
    await sql<{ root: string; count: string | number }>`
      select roots.id::text as root, count(distinct cp.product_id) as count
      from unnest(${wanted}::uuid[]) as roots(id)
      join categories c on c.store_id = ${storeId} and (c.id = roots.id or roots.id = any(c.ancestor_ids))
      join category_products cp on cp.store_id = ${storeId} and cp.category_id = c.id
      group by roots.id`.execute(db)
  ).rows
  const byId = new Map(rows.map((row) => [row.root, Number(row.count)]))
  return categoryIds.map((id) => byId.get(id.toLowerCase()) ?? 0)
}

/** The order of a category's products, with those of the categories under it, when the caller gives none. */
export const CATEGORY_PRODUCTS_SORT: ProductSort = 'TITLE_ASC'

export interface CategoryProductsArgs extends ListProductsArgs {
  includeDescendants?: boolean | null
}

/**
 * One page of a category's products, filtered like every product list: its own products by
 * position, or with `includeDescendants` those of its whole subtree, each once, by title
 * (positions are per category, so they cannot order a list spanning several), unless
 * `args.sort` gives another order. Every status is listed unless the filter says otherwise:
 * this is the admin's view.
 *
 * @example await categoryProducts(db, storeId, categoryId, { first: 20, filter: { status: ['DRAFT'] }, sort: 'PRICE_ASC' })
 */
export function categoryProducts(
  db: AnyDb,
  storeId: string,
  categoryId: string,
  args: CategoryProductsArgs,
  options: PaginateOptions<ProductListedRow> = {},
): Promise<Connection<ProductRecord>> {
  const { includeDescendants, ...list } = args
  if (includeDescendants) {
    const inSubtree: ProductFilter = { category: { id: categoryId, includeDescendants: true } }
    return listProducts(
      db,
      storeId,
      {
        ...list,
        filter: list.filter ? { and: [inSubtree, list.filter] } : inSubtree,
        sort: list.sort ?? CATEGORY_PRODUCTS_SORT,
      },
      options,
    )
  }
  const members = db
    .selectFrom('category_products')
    .select(['product_id', 'position as sort_key'])
    .where('store_id', '=', storeId)
    .where('category_id', '=', categoryId)
  return listProducts(db, storeId, list, options, { members, order: { column: 'category_position', direction: 'asc' } })
}

/** The categories each product is assigned to, by path (a dataloader's batch function). */
export const categoriesOfProducts = listsOfProducts(
  (db: CategoryDb) =>
    db
      .selectFrom('category_products as cp')
      .innerJoin('categories', (join) =>
        join.onRef('categories.store_id', '=', 'cp.store_id').onRef('categories.id', '=', 'cp.category_id'),
      )
      .select([
        ...COLUMNS.map((column) => `categories.${column}` as const),
        sql<string[]>`categories.ancestor_ids::text[]`.as('ancestor_ids'),
        'cp.product_id',
      ])
      .orderBy('categories.path'),
  toRecord,
  'cp',
)

function toRecord(row: ListedRow): CategoryRecord {
  return {
    id: row.id,
    parentId: row.parent_id,
    title: row.title,
    handle: row.handle,
    path: row.path,
    depth: row.depth,
    position: row.position,
    description: row.description,
    imageId: row.image_media_id,
    seo: { title: row.seo_title, description: row.seo_description },
    ancestorIds: row.ancestor_ids,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    revision: row.revision,
  }
}
