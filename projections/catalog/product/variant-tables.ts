import { sql, type ColumnType, type Selectable } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
import { createIndexes, type Timestamp } from '../../shared/entity-table.js'

/** pg reads bigint and numeric as strings, PGlite bigint as a number: readers pass them through Number(). */
type BigintColumn = ColumnType<string | number, number, number>
type NumericColumn = ColumnType<string | number, number, number>

/** The options of each live product (Size, Color …) with their values in order. */
export interface ProductOptionsTable {
  store_id: string
  product_id: string
  id: string
  name: string
  position: number
  values: string[]
}

/** The variants of each live product; money in minor units of `currency_code`. */
export interface ProductVariantsTable {
  store_id: string
  product_id: string
  id: string
  /** The option values joined in option order, e.g. "S / Red"; empty for a product without options. */
  title: string
  sku: string
  barcode: string
  price_amount: BigintColumn
  compare_at_amount: BigintColumn | null
  cost_amount: BigintColumn | null
  currency_code: string
  inventory_tracked: boolean
  inventory_quantity: number
  weight_value: NumericColumn | null
  weight_unit: string | null
  /** `[{name, value}]` in option order. */
  option_values: ColumnType<{ name: string; value: string }[], string, string>
  position: number
  media_id: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export type ProductOptionRow = Selectable<ProductOptionsTable>
export type ProductVariantRow = Selectable<ProductVariantsTable>

export async function createVariantTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('product_options')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('product_id', 'uuid', (c) => c.notNull())
    .addColumn('id', 'uuid', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('values', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addPrimaryKeyConstraint('product_options_pkey', ['store_id', 'id'])
    .execute()
  await createIndexes(db, 'product_options', { product_options_product_idx: ['store_id', 'product_id', 'position'] })

  await db.schema
    .createTable('product_variants')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('product_id', 'uuid', (c) => c.notNull())
    .addColumn('id', 'uuid', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sku', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('barcode', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_amount', 'bigint', (c) => c.notNull())
    .addColumn('compare_at_amount', 'bigint')
    .addColumn('cost_amount', 'bigint')
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('inventory_tracked', 'boolean', (c) => c.notNull())
    .addColumn('inventory_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('weight_value', 'numeric')
    .addColumn('weight_unit', 'text')
    .addColumn('option_values', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('media_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_variants_pkey', ['store_id', 'id'])
    .execute()
  // A product's variants in order; the variant list's sorts and lookups by SKU or barcode, per store.
  await createIndexes(db, 'product_variants', {
    product_variants_product_idx: ['store_id', 'product_id', 'position'],
    product_variants_sku_idx: ['store_id', 'sku'],
    product_variants_barcode_idx: ['store_id', 'barcode'],
    product_variants_created_idx: ['store_id', 'created_at', 'id'],
    product_variants_price_idx: ['store_id', 'price_amount', 'id'],
    product_variants_inventory_idx: ['store_id', 'inventory_quantity', 'id'],
  })
}
