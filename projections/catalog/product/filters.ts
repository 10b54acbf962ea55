import { sql, type Expression, type SqlBool } from 'kysely'
import { toMinorUnits } from '../../../domain/catalog/product/money.js'
import { dateTimeProblem } from '../../../domain/shared/boundary.js'
import { badInput } from '../../../domain/shared/errors.js'
import { INT4_MAX, INT4_MIN } from '../../../domain/shared/input-types.js'
import { isUuid } from '../../../domain/shared/ids.js'
import type { AnyDb } from '../../../infra/database/database.js'
import type { IntRangeFilter, MoneyRangeFilter, StringFilter } from '../../../domain/shared/list-spec.js'
import type { AttributeFilter, AttributeRange, CategoryFilter } from '../../../domain/catalog/product/list.js'
import type { Eb } from '../../shared/filters.js'
import { createIndexes } from '../../shared/table.js'

/** What the conditions need to know about the store: its id (for its search language) and its currency, in which amounts are given. */
export interface FilterScope {
  storeId: string
  currency: string
}

const DECIMAL = /^-?\d+(\.\d+)?$/
/** A currency with the usual two decimals, for stores the tenancy read model does not show yet. */
const DEFAULT_CURRENCY = 'USD'
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
/** Attribute conditions on one filter level. */
export const ATTRIBUTE_CONDITIONS_MAX = 20
/** Characters of a range bound: any double's digits fit, Postgres' numeric limit is far off. */
const RANGE_MAX_LENGTH = 400

// The conditions of the product list's catalog fields (domain/catalog/product/list.ts), over the
// variant, category and attribute read models. Each is written so an index serves it: a range on
// `price_min`/`price_max`/`inventory_total`, array operators on `skus`, and `exists` over
// `category_products` and `product_attribute_values` keyed by (store, product).

/** Total stock of the tracked variants, both ends inclusive. */
export function inventoryConditions(eb: Eb, range: IntRangeFilter): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = []
  if (range.min != null) conditions.push(eb('inventory_total', '>=', integerBound(range.min, 'min')))
  if (range.max != null) conditions.push(eb('inventory_total', '<=', integerBound(range.max, 'max')))
  return conditions
}

/** Every attribute condition of one level; each is a subquery with its own parameters, so they are bounded. */
export function attributeConditions(attributes: readonly AttributeFilter[]): Expression<SqlBool>[] {
  // A filter's 500 branches must still fit one statement.
  if (attributes.length > ATTRIBUTE_CONDITIONS_MAX) {
    throw badInput(
      ['filter', 'attributes'],
      `a filter may name at most ${ATTRIBUTE_CONDITIONS_MAX} attribute conditions on one level; got ${attributes.length}`,
    )
  }
  return attributes.map(attributeCondition)
}

/** A bound compared with the integer column: GraphQL's Int fits, a tool's number may not. */
function integerBound(value: number, end: 'min' | 'max'): number {
  if (!Number.isInteger(value) || value < INT4_MIN || value > INT4_MAX) {
    throw badInput(
      ['filter', 'inventory', end],
      `inventory.${end} must be a whole number between ${INT4_MIN} and ${INT4_MAX}; got ${value}`,
    )
  }
  return value
}

/**
 * A product's prices span `price_min`…`price_max` (its cheapest and dearest variant); it matches
 * when that span overlaps the range, i.e. some variant may cost an amount within it. Products
 * without variants have no price and never match a price filter.
 */
export function priceConditions(eb: Eb, range: MoneyRangeFilter, scope: FilterScope): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = []
  if (range.min != null)
    conditions.push(eb('price_max', '>=', toMinorUnits(range.min, scope.currency, ['filter', 'price', 'min'])))
  if (range.max != null)
    conditions.push(eb('price_min', '<=', toMinorUnits(range.max, scope.currency, ['filter', 'price', 'max'])))
  return conditions
}

/** Products in the category, or in it and the categories below it. */
export function categoryCondition(filter: CategoryFilter, storeId: string): Expression<SqlBool> {
  if (!isUuid(filter.id) || !isUuid(storeId)) return sql<SqlBool>`false`
  const id = filter.id.toLowerCase()
  if (filter.includeDescendants === false) {
    return sql<SqlBool>`exists (select 1 from category_products cp where cp.store_id = products.store_id and cp.product_id = products.id and cp.category_id = ${id})`
  }
  // The subtree is the category and every category that has it among its ancestors; keyed on the
  // store itself, not the row, so Postgres finds it once and hashes it instead of asking per product.
  return sql<SqlBool>`products.id in (select cp.product_id from category_products cp where cp.store_id = ${storeId} and cp.category_id in (
    select c.id from categories c where c.store_id = ${storeId} and (c.id = ${id} or ${id}::uuid = any(c.ancestor_ids))))`
}

function attributeCondition(filter: AttributeFilter, index: number): Expression<SqlBool> {
  const field = ['filter', 'attributes', index]
  const parts = [sql`v.code = ${filter.code}`]
  if (filter.in != null) parts.push(filter.in.length ? sql`v.value_text = any(${[...filter.in]}::text[])` : sql`false`)
  if (filter.eq != null) parts.push(sql`v.value_boolean = ${filter.eq}`)
  if (filter.range) parts.push(...attributeRange(filter.range, [...field, 'range']))
  if (parts.length === 1) throw badInput(field, `attribute '${filter.code}' needs a condition: give in, range or eq`)
  return sql<SqlBool>`exists (select 1 from product_attribute_values v where v.store_id = products.store_id and v.product_id = products.id and ${sql.join(parts, sql` and `)})`
}

function attributeRange(range: AttributeRange, field: (string | number)[]) {
  const bound = (value: string, end: 'min' | 'max') => {
    const op = sql.raw(end === 'min' ? '>=' : '<=')
    if (value.length <= RANGE_MAX_LENGTH && DECIMAL.test(value)) return sql`v.value_number ${op} ${value}::numeric`
    // Year 0 parses in JavaScript but is no Postgres date.
    if (ISO_DATE.test(value) && dateTimeProblem(new Date(value)) === undefined)
      return sql`v.value_date ${op} ${value}::date`
    throw badInput(
      [...field, end],
      `range.${end} must be a number like "10.5" (at most ${RANGE_MAX_LENGTH} characters) or a date like "2026-01-31"; got '${value.slice(0, 40)}'`,
    )
  }
  return [
    ...(range.min != null ? [bound(range.min, 'min')] : []),
    ...(range.max != null ? [bound(range.max, 'max')] : []),
  ]
}

/** `eq`/`in` compare whole SKUs (array operators, so the GIN index on `skus` serves them); `contains`/`startsWith` ignore case. */
export function skuConditions(filter: StringFilter): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = []
  const like = (pattern: string) =>
    sql<SqlBool>`exists (select 1 from unnest(products.skus) s where s ilike ${pattern})`
  if (filter.eq != null) conditions.push(sql<SqlBool>`products.skus @> array[${filter.eq}]::text[]`)
  if (filter.in != null)
    conditions.push(filter.in.length ? sql<SqlBool>`products.skus && ${[...filter.in]}::text[]` : sql<SqlBool>`false`)
  if (filter.contains != null) conditions.push(like(`%${escapeLike(filter.contains)}%`))
  if (filter.startsWith != null) conditions.push(like(`${escapeLike(filter.startsWith)}%`))
  return conditions
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

type PriceUse = { price?: unknown; and?: readonly PriceUse[] | null; or?: readonly PriceUse[] | null }

/** Whether a filter, at any depth, filters on price: only then is the store's currency needed. */
export function usesPrice(filter: PriceUse | null | undefined): boolean {
  // Without recursion: it runs before combineFilter has checked the filter's bounds.
  const pending = filter ? [filter] : []
  while (pending.length) {
    const current = pending.pop()!
    if (current.price != null) return true
    for (const branch of [current.and ?? [], current.or ?? []]) for (const item of branch) pending.push(item)
  }
  return false
}

/**
 * The store facts a filter needs; reads the store's currency from the tenancy read model only
 * when asked for (`needCurrency`) and the caller does not know it (`known`), so most lists cost
 * no extra query. Amounts are in the store's currency, as variant prices are.
 */
export async function filterScope(
  db: AnyDb,
  storeId: string,
  needCurrency: boolean,
  known?: string,
): Promise<FilterScope> {
  if (known !== undefined) return { storeId, currency: known }
  if (!needCurrency || !isUuid(storeId)) return { storeId, currency: DEFAULT_CURRENCY }
  const row = await sql<{ currency: string }>`select currency from stores where id = ${storeId}`.execute(db)
  return { storeId, currency: row.rows[0]?.currency ?? DEFAULT_CURRENCY }
}

/**
 * Indexes for the PRICE and INVENTORY sorts (keyset order within a store), the price and
 * inventory ranges, and SKU lookups. Created with the products table.
 */
export async function createFilterIndexes(db: AnyDb): Promise<void> {
  await createIndexes(db, 'products', {
    products_store_price_sort_idx: ['store_id', 'price_sort', 'id'],
    products_store_inventory_idx: ['store_id', 'inventory_total', 'id'],
    products_store_price_max_idx: ['store_id', 'price_max'],
  })
  await db.schema.createIndex('products_skus_idx').ifNotExists().on('products').using('gin').column('skus').execute()
}
