import { sql, type RawBuilder } from 'kysely'
import { isUuid } from '../../../domain/shared/ids.js'
import { sortValues, type FilterOf, type ListArgsOf } from '../../../domain/shared/list-spec.js'
import { COLLECTION_LIST } from '../../../domain/webstore/collection/list.js'
import type { CollectionFields, CollectionSortOrder } from '../../../domain/webstore/collection/events.js'
import type { CollectionRule } from '../../../domain/webstore/collection/rules.js'
import type { PublicationStatus } from '../../../domain/shared/publishable/publication.js'
import type { AnyDb } from '../../../infra/database/database.js'
import {
  listProducts,
  type ListProductsArgs,
  type ProductListedRow,
  type ProductRecord,
} from '../../catalog/product/queries.js'
import { listRunner } from '../../shared/list-runner.js'
import { type Connection, type PaginateOptions, type SortSpec } from '../../shared/pagination.js'
import type { CollectionDb, CollectionRow } from './tables.js'
import { storeRecords } from '../../shared/store-records.js'
import { listsOfProducts } from '../../shared/store-rows.js'
import type { EntityVersionRecord } from '../../shared/entity-table.js'

/** A collection as the API serves it. */
export interface CollectionRecord extends Omit<CollectionFields, 'collectionId'>, EntityVersionRecord {
  id: string
  seo: { title: string; description: string }
  status: PublicationStatus
  publishedAt: Date | null
}

export type CollectionFilter = FilterOf<typeof COLLECTION_LIST>
export type ListCollectionsArgs = ListArgsOf<typeof COLLECTION_LIST>
export const COLLECTION_SORTS = sortValues(COLLECTION_LIST)

const collections = storeRecords({
  rows: (db: CollectionDb) => db.selectFrom('collections').selectAll(),
  key: ['handle'],
  list: listRunner(COLLECTION_LIST, { filters: { search: ['title', 'handle', 'description'] } }),
  toRecord: toCollectionRecord,
})

/** One collection of the store by id or handle, or null (another store's id included). */
export const findCollection = collections.find

/**
 * One page of the store's collections.
 *
 * @example await listCollections(db, storeId, { first: 10, filter: { type: ['SMART'] }, sort: 'TITLE_ASC' })
 */
export const listCollections = collections.list

/**
 * Each sort order as a key per member over `cp` (membership) and `f` (the facts this projection
 * keeps), under a column name per kind of key; PRICE orders put products without variants first (-1).
 */
const MEMBER_ORDERS: Record<CollectionSortOrder, { key: RawBuilder<unknown>; order: SortSpec }> = {
  MANUAL: { key: sql`cp.position`, order: { column: 'collection_position', direction: 'asc' } },
  TITLE_ASC: { key: sql`lower(f.title)`, order: { column: 'collection_title', direction: 'asc' } },
  TITLE_DESC: { key: sql`lower(f.title)`, order: { column: 'collection_title', direction: 'desc' } },
  PRICE_ASC: { key: sql`coalesce(f.price_min, -1)`, order: { column: 'collection_price', direction: 'asc' } },
  PRICE_DESC: { key: sql`coalesce(f.price_min, -1)`, order: { column: 'collection_price', direction: 'desc' } },
  CREATED_ASC: { key: sql`f.created_at`, order: { column: 'collection_created_at', direction: 'asc' } },
  CREATED_DESC: { key: sql`f.created_at`, order: { column: 'collection_created_at', direction: 'desc' } },
}

/**
 * One page of a collection's products, filtered like every product list; in the collection's
 * own sort order (its manual positions, or the smart order), unless `args.sort` gives another.
 * Every status is listed unless the filter says otherwise: this is the admin's view.
 *
 * @example await collectionProducts(db, storeId, collection, { first: 20, filter: { status: ['ACTIVE'] } })
 */
export function collectionProducts(
  db: AnyDb,
  storeId: string,
  collection: Pick<CollectionRecord, 'id' | 'sortOrder'>,
  args: ListProductsArgs,
  options: PaginateOptions<ProductListedRow> = {},
): Promise<Connection<ProductRecord>> {
  const { key, order } = MEMBER_ORDERS[collection.sortOrder]
  const members = db
    .selectFrom('collection_products as cp')
    .innerJoin('collection_product_facts as f', (join) =>
      join.onRef('f.store_id', '=', 'cp.store_id').onRef('f.product_id', '=', 'cp.product_id'),
    )
    .select(['cp.product_id as product_id', key.as('sort_key')])
    .where('cp.store_id', '=', storeId)
    .where('cp.collection_id', '=', collection.id)
  return listProducts(db, storeId, args, options, { members, order })
}

/** How many products each collection holds (a dataloader's batch function). */
export async function productCountsOfCollections(
  db: CollectionDb,
  storeId: string,
  collectionIds: readonly string[],
): Promise<number[]> {
  const wanted = [...new Set(collectionIds.filter(isUuid))]
  if (!isUuid(storeId) || wanted.length === 0) return collectionIds.map(() => 0)
  const rows = await db
    .selectFrom('collection_products as cp')
    .innerJoin('collection_product_facts as f', (join) =>
      join.onRef('f.store_id', '=', 'cp.store_id').onRef('f.product_id', '=', 'cp.product_id'),
    )
    .select(['cp.collection_id', sql<string>`count(*)`.as('count')])
    .where('cp.store_id', '=', storeId)
    .where('cp.collection_id', 'in', wanted)
    .groupBy('cp.collection_id')
    .execute()
  const counts = new Map(rows.map((row) => [row.collection_id, Number(row.count)]))
  return collectionIds.map((id) => counts.get(id) ?? 0)
}

/** The collections each product belongs to, by title (a dataloader's batch function). */
export const collectionsOfProducts = listsOfProducts(
  (db: CollectionDb) =>
    db
      .selectFrom('collection_products as cp')
      .innerJoin('collections as c', (join) =>
        join.onRef('c.store_id', '=', 'cp.store_id').onRef('c.id', '=', 'cp.collection_id'),
      )
      .selectAll('c')
      .select('cp.product_id')
      .orderBy('c.title')
      .orderBy('c.id'),
  toCollectionRecord,
  'cp',
)

export function toCollectionRecord(row: CollectionRow): CollectionRecord {
  return {
    id: row.id,
    title: row.title,
    handle: row.handle,
    description: row.description,
    imageId: row.image_id,
    seo: { title: row.seo_title, description: row.seo_description },
    status: row.status,
    publishedAt: row.published_at,
    type: row.type,
    sortOrder: row.sort_order,
    rules: typeof row.rules === 'string' ? (JSON.parse(row.rules) as CollectionRule[]) : row.rules,
    disjunctive: row.disjunctive,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    revision: row.revision,
  }
}
