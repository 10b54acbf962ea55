import { sql } from 'kysely'
import type { AnyDb } from '../../../../infra/database/database.js'
import { SHOPPER_VISIBLE_STATUSES } from '../visibility.js'
import { Bitset } from './bitset.js'

/** One value of a filterable attribute: the products that have it, and those whose value is text (what `in` matches). */
export interface IndexedValue {
  products: Bitset
  text: Bitset
}

/**
 * The facet inputs of one store's shopper-visible products, as sets over product ordinals: what
 * `productFacets` reads from four tables per request, read once. Built from the read models in
 * one snapshot, never changed: a store's change replaces it (app/storefront/catalog-index.ts).
 */
export interface FacetIndex {
  storeId: string
  currency: string
  /** How many products (ordinals run 0…size-1). */
  size: number
  /** Every product: the start of every filter. */
  all: Bitset
  tags: Map<string, Bitset>
  /** Each tag's place in the database's own text order, as SQL breaks ties between equal counts. */
  tagRank: Map<string, number>
  vendors: Map<string, Bitset>
  /** Minor units; NaN for a product without variants (no price, matches no price filter). */
  priceMin: Float64Array
  priceMax: Float64Array
  /** The codes of the store's filterable attributes, with values or not. */
  filterable: Set<string>
  /** Filterable attributes by code, then by value as the facet prints it. */
  attributes: Map<string, Map<string, IndexedValue>>
  /** Products assigned to each category directly. */
  categories: Map<string, Bitset>
  /** Each category's ancestors, nearest last, to build a subtree. */
  ancestors: Map<string, string[]>
  collections: Map<string, Bitset>
  /** Each product's id, by ordinal. */
  ids: string[]
  /**
   * Ordinals in the ascending order of each sort the index holds, ties broken by id as
   * `listProducts` breaks them (descending is this order reversed): a page of a shopper's list
   * is chosen here, and SQL reads only its rows (page.ts).
   */
  orders: Record<IndexedSort, Int32Array>
}

/** The product sorts whose order the index holds, by the list spec's names (TITLE_ASC, TITLE_DESC, …). */
export const INDEXED_SORTS = ['TITLE', 'CREATED_AT', 'PRICE'] as const
export type IndexedSort = (typeof INDEXED_SORTS)[number]

/**
 * Reads a store's facet index from the read models in one repeatable-read transaction, so every
 * set describes the same moment.
 *
 * @example const index = await loadFacetIndex(db, storeId)
 */
export function loadFacetIndex(db: AnyDb, storeId: string): Promise<FacetIndex> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const visible = [...SHOPPER_VISIBLE_STATUSES]
      const store = await sql<{ currency: string }>`select currency from stores where id = ${storeId}`.execute(trx)
      const products = await sql<{
        id: string
        tags: string[]
        vendor: string
        price_min: string | number | null
        price_max: string | number | null
        title_rank: number
        created_rank: number
        price_rank: number
      }>`select id, tags, vendor, price_min, price_max,
          (row_number() over (order by title, id))::int - 1 as title_rank,
          (row_number() over (order by created_at, id))::int - 1 as created_rank,
          (row_number() over (order by price_sort, id))::int - 1 as price_rank
        from products
        where store_id = ${storeId} and status = any(${visible}::text[]) order by id`.execute(trx)
      const tagOrder = await sql<{
        tag: string
      }>`select distinct t.tag from products p cross join unnest(p.tags) as t(tag)
        where p.store_id = ${storeId} and p.status = any(${visible}::text[]) order by t.tag`.execute(trx)
      const values = await sql<{ product_id: string; code: string; value: string | null; text: boolean }>`
        select v.product_id, v.code,
          coalesce(v.value_text, v.value_number::text, v.value_boolean::text, v.value_date::text) as value,
          v.value_text is not null as text
        from product_attribute_values v
        join attributes a on a.store_id = v.store_id and a.id = v.attribute_id and a.filterable
        where v.store_id = ${storeId}`.execute(trx)
      const filterable = await sql<{ code: string }>`
        select code from attributes where store_id = ${storeId} and filterable`.execute(trx)
      const categoryLinks = await sql<{ category_id: string; product_id: string }>`
        select category_id, product_id from category_products where store_id = ${storeId}`.execute(trx)
      const categories = await sql<{ id: string; ancestor_ids: string[] }>`
        select id, ancestor_ids from categories where store_id = ${storeId}`.execute(trx)
      const collectionLinks = await sql<{ collection_id: string; product_id: string }>`
        select collection_id, product_id from collection_products where store_id = ${storeId}`.execute(trx)

      const size = products.rows.length
      const ordinal = new Map(products.rows.map((row, i) => [row.id, i]))
      const index: FacetIndex = {
        storeId,
        currency: store.rows[0]?.currency ?? 'USD',
        size,
        all: Bitset.full(size),
        tags: new Map(),
        tagRank: new Map(tagOrder.rows.map((row, i) => [row.tag, i])),
        vendors: new Map(),
        priceMin: new Float64Array(size),
        priceMax: new Float64Array(size),
        filterable: new Set(filterable.rows.map((row) => row.code)),
        attributes: new Map(),
        categories: new Map(),
        ancestors: new Map(categories.rows.map((row) => [row.id, row.ancestor_ids])),
        collections: new Map(),
        ids: products.rows.map((row) => row.id),
        orders: { TITLE: new Int32Array(size), CREATED_AT: new Int32Array(size), PRICE: new Int32Array(size) },
      }
      const setOf = (map: Map<string, Bitset>, key: string) => {
        let set = map.get(key)
        if (!set) map.set(key, (set = new Bitset(size)))
        return set
      }
      for (const [i, row] of products.rows.entries()) {
        for (const tag of row.tags) setOf(index.tags, tag).add(i)
        setOf(index.vendors, row.vendor).add(i)
        index.priceMin[i] = row.price_min === null ? NaN : Number(row.price_min)
        index.priceMax[i] = row.price_max === null ? NaN : Number(row.price_max)
        index.orders.TITLE[row.title_rank] = i
        index.orders.CREATED_AT[row.created_rank] = i
        index.orders.PRICE[row.price_rank] = i
      }
      for (const row of values.rows) {
        const i = ordinal.get(row.product_id)
        if (i === undefined || row.value === null) continue
        let byValue = index.attributes.get(row.code)
        if (!byValue) index.attributes.set(row.code, (byValue = new Map()))
        let entry = byValue.get(row.value)
        if (!entry) byValue.set(row.value, (entry = { products: new Bitset(size), text: new Bitset(size) }))
        entry.products.add(i)
        if (row.text) entry.text.add(i)
      }
      for (const row of categoryLinks.rows) {
        const i = ordinal.get(row.product_id)
        if (i !== undefined) setOf(index.categories, row.category_id).add(i)
      }
      for (const row of collectionLinks.rows) {
        const i = ordinal.get(row.product_id)
        if (i !== undefined) setOf(index.collections, row.collection_id).add(i)
      }
      return index
    })
}
