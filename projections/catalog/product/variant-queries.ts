import { sql, type SqlBool } from 'kysely'
import type { WeightUnit } from '../../../domain/catalog/product/variant-events.js'
import { PRODUCT_VARIANT_LIST } from '../../../domain/catalog/product/variant-list.js'
import { isUuid } from '../../../domain/shared/ids.js'
import type { ListArgsOf } from '../../../domain/shared/list-spec.js'
import { listRunner } from '../../shared/list-runner.js'
import type { ProductDb } from './tables.js'
import type { ProductVariantRow } from './variant-tables.js'
import { findInStore, findManyInStore, listsOfProducts, uuids } from '../../shared/store-rows.js'

/** An amount in minor units of its currency. */
export interface MoneyValue {
  minor: number
  currencyCode: string
}

/** A variant as the API serves it. */
export interface VariantRecord {
  id: string
  productId: string
  title: string
  sku: string
  barcode: string
  price: MoneyValue
  compareAtPrice: MoneyValue | null
  cost: MoneyValue | null
  inventoryTracked: boolean
  inventoryQuantity: number
  weight: { value: number; unit: WeightUnit } | null
  optionValues: { name: string; value: string }[]
  position: number
  mediaId: string | null
  createdAt: Date
  updatedAt: Date
}

export interface OptionRecord {
  id: string
  productId: string
  name: string
  position: number
  values: string[]
}

/** What a product's variants add up to. Prices in minor units of the store currency; null without variants. */
export interface VariantSummary {
  priceMin: number | null
  priceMax: number | null
  /** The variants' currency (the store's when they were priced); null without variants. */
  currencyCode: string | null
  inventoryTotal: number
  variantCount: number
}

export interface ListVariantsArgs extends ListArgsOf<typeof PRODUCT_VARIANT_LIST> {
  /** Only this product's variants. */
  productId?: string | null
}

const variants = listRunner(PRODUCT_VARIANT_LIST, { sorts: { PRICE: 'price_amount' } })

/** One variant of the store, or null; malformed ids and other stores' variants are not found. */
export async function findVariant(db: ProductDb, storeId: string, id: string): Promise<VariantRecord | null> {
  const row = await findInStore(db.selectFrom('product_variants').selectAll(), storeId, { id })
  return row ? toVariantRecord(row) : null
}

/**
 * One page of the store's variants, or of one product's.
 *
 * @example await listVariants(db, storeId, { productId, filter: { inventoryQuantity: { max: 5 } }, sort: 'SKU_ASC', first: 50 })
 */
export const listVariants = variants.reader((db: ProductDb, storeId: string, args: ListVariantsArgs) => {
  const productId = args.productId
  const scoped = isUuid(storeId) && (productId == null || isUuid(productId))
  const query = db
    .selectFrom('product_variants')
    .selectAll()
    .where((eb) => (scoped ? eb('store_id', '=', storeId) : sql<SqlBool>`false`))
  return productId != null && scoped ? query.where('product_id', '=', productId.toLowerCase()) : query
}, toVariantRecord)

/** The store's variants for a batch of ids, in the same order, null where not found. */
export async function variantsByIds(
  db: ProductDb,
  storeId: string,
  ids: readonly string[],
): Promise<(VariantRecord | null)[]> {
  const rows = await findManyInStore(db.selectFrom('product_variants').selectAll(), storeId, ids)
  return rows.map((row) => row && toVariantRecord(row))
}

/** Each product's variants in order (a dataloader's batch function for `Product.variants`). */
export const variantsOfProducts = listsOfProducts(
  (db: ProductDb) => db.selectFrom('product_variants').selectAll().orderBy('product_id').orderBy('position'),
  toVariantRecord,
)

/** Each product's options in order (a dataloader's batch function for `Product.options`). */
export const optionsOfProducts = listsOfProducts(
  (db: ProductDb) =>
    db
      .selectFrom('product_options')
      .select(['id', 'product_id', 'name', 'position', 'values'])
      .orderBy('product_id')
      .orderBy('position'),
  (row): OptionRecord => ({
    id: row.id,
    productId: row.product_id,
    name: row.name,
    position: row.position,
    values: row.values,
  }),
)

/** Each product's price range and stock, from its summary columns; null where the product is not found. */
export async function variantSummaries(
  db: ProductDb,
  storeId: string,
  productIds: readonly string[],
): Promise<(VariantSummary | null)[]> {
  const wanted = uuids(productIds)
  if (!isUuid(storeId) || wanted.length === 0) return productIds.map(() => null)
  const rows = await db
    .selectFrom('products as p')
    .select(['p.id', 'p.price_min', 'p.price_max', 'p.inventory_total', 'p.variant_count'])
    .select((eb) =>
      eb
        .selectFrom('product_variants as v')
        .select('v.currency_code')
        .whereRef('v.store_id', '=', 'p.store_id')
        .whereRef('v.product_id', '=', 'p.id')
        .limit(1)
        .as('currency_code'),
    )
    .where('p.store_id', '=', storeId)
    .where('p.id', 'in', wanted)
    .execute()
  const byId = new Map(
    rows.map((row) => [
      row.id,
      {
        priceMin: row.price_min === null ? null : Number(row.price_min),
        priceMax: row.price_max === null ? null : Number(row.price_max),
        currencyCode: row.currency_code,
        inventoryTotal: row.inventory_total,
        variantCount: row.variant_count,
      },
    ]),
  )
  return productIds.map((id) => byId.get(id.toLowerCase()) ?? null)
}

export function toVariantRecord(row: ProductVariantRow): VariantRecord {
  const money = (minor: string | number | null): MoneyValue | null =>
    minor === null ? null : { minor: Number(minor), currencyCode: row.currency_code }
  return {
    id: row.id,
    productId: row.product_id,
    title: row.title,
    sku: row.sku,
    barcode: row.barcode,
    price: money(row.price_amount)!,
    compareAtPrice: money(row.compare_at_amount),
    cost: money(row.cost_amount),
    inventoryTracked: row.inventory_tracked,
    inventoryQuantity: row.inventory_quantity,
    weight:
      row.weight_value === null || row.weight_unit === null
        ? null
        : { value: Number(row.weight_value), unit: row.weight_unit as WeightUnit },
    optionValues: row.option_values,
    position: row.position,
    mediaId: row.media_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}
