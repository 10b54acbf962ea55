import { sql, type ColumnType, type Selectable } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
import { column, createTable, table, type RowOf } from '../../shared/table.js'

/** pg reads bigint and numeric as strings, PGlite bigint as a number: readers pass them through Number(). */
export const bigint = () => column.ofType<ColumnType<string | number, number, number>>('bigint')
const numeric = () => column.ofType<ColumnType<string | number, number, number>>('numeric')

/** The options of each live product (Size, Color …) with their values in order. */
export const PRODUCT_OPTIONS_TABLE = table(
  'product_options',
  {
    store_id: column.uuid(),
    product_id: column.uuid(),
    id: column.uuid(),
    name: column.text(),
    position: column.integer(),
    values: column.textArray().default(sql`'{}'::text[]`),
  },
  { primaryKey: ['store_id', 'id'], indexes: { product_options_product_idx: ['store_id', 'product_id', 'position'] } },
)

/** The variants of each live product; money in minor units of `currency_code`. */
export const PRODUCT_VARIANTS_TABLE = table(
  'product_variants',
  {
    store_id: column.uuid(),
    product_id: column.uuid(),
    id: column.uuid(),
    /** The option values joined in option order, e.g. "S / Red"; empty for a product without options. */
    title: column.text().default(''),
    sku: column.text().default(''),
    barcode: column.text().default(''),
    price_amount: bigint(),
    compare_at_amount: bigint().nullable(),
    cost_amount: bigint().nullable(),
    currency_code: column.text(),
    inventory_tracked: column.boolean(),
    inventory_quantity: column.integer().default(0),
    weight_value: numeric().nullable(),
    weight_unit: column.text().nullable(),
    /** `[{name, value}]` in option order. */
    option_values: column.jsonb<{ name: string; value: string }[]>().default(sql`'[]'::jsonb`),
    position: column.integer(),
    media_id: column.uuid().nullable(),
    created_at: column.timestamptz(),
    updated_at: column.timestamptz(),
  },
  {
    primaryKey: ['store_id', 'id'],
    // A product's variants in order; the variant list's sorts and lookups by SKU or barcode, per store.
    indexes: {
      product_variants_product_idx: ['store_id', 'product_id', 'position'],
      product_variants_sku_idx: ['store_id', 'sku'],
      product_variants_barcode_idx: ['store_id', 'barcode'],
      product_variants_created_idx: ['store_id', 'created_at', 'id'],
      product_variants_price_idx: ['store_id', 'price_amount', 'id'],
      product_variants_inventory_idx: ['store_id', 'inventory_quantity', 'id'],
    },
  },
)

export type ProductVariantRow = Selectable<RowOf<typeof PRODUCT_VARIANTS_TABLE>>

export async function createVariantTables(db: AnyDb): Promise<void> {
  await createTable(db, PRODUCT_OPTIONS_TABLE)
  await createTable(db, PRODUCT_VARIANTS_TABLE)
}
