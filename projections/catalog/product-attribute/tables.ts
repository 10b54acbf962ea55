import { type ColumnType, type Kysely, type Selectable } from 'kysely'
import type { AttributeType } from '../../../domain/catalog/attribute/events.js'
import type { AttributeValue } from '../../../domain/catalog/attribute/values.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { createIndexes, type Timestamp } from '../../shared/entity-table.js'

/** One row per value a product holds: the whole value as JSON, as the API serves it. */
export interface ProductAttributesTable {
  store_id: string
  product_id: string
  attribute_id: string
  code: string
  type: AttributeType
  value: ColumnType<AttributeValue, string, string>
  updated_at: Timestamp
}

/**
 * One row per ATOMIC value, for facets and filters: a multiselect of two options gives two rows
 * whose `value_text` is the option code. Exactly one value column is set, by type: text for TEXT,
 * RICH_TEXT, SELECT, MULTISELECT, COLOR and MEDIA; number; boolean; date.
 */
export interface ProductAttributeValuesTable {
  store_id: string
  product_id: string
  attribute_id: string
  code: string
  value_text: string | null
  /** numeric: read back as a decimal string. */
  value_number: ColumnType<string | null, number | null, number | null>
  value_boolean: boolean | null
  value_date: ColumnType<string | null, string | null, string | null>
}

/** The attribute set each product belongs to; products in none have no row. */
export interface ProductAttributeSetsTable {
  store_id: string
  product_id: string
  set_id: string
}

export interface ProductAttributeDatabase {
  product_attributes: ProductAttributesTable
  product_attribute_values: ProductAttributeValuesTable
  product_attribute_sets: ProductAttributeSetsTable
}

export type ProductAttributeRow = Selectable<ProductAttributesTable>
export type ProductAttributeDb = Kysely<ProductAttributeDatabase>

export async function createProductAttributeTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('product_attributes')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('product_id', 'uuid', (c) => c.notNull())
    .addColumn('attribute_id', 'uuid', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_attributes_pkey', ['store_id', 'product_id', 'attribute_id'])
    .execute()
  await createIndexes(db, 'product_attributes', { product_attributes_attribute_idx: ['store_id', 'attribute_id'] })
  await db.schema
    .createTable('product_attribute_values')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('product_id', 'uuid', (c) => c.notNull())
    .addColumn('attribute_id', 'uuid', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('value_text', 'text')
    .addColumn('value_number', 'numeric')
    .addColumn('value_boolean', 'boolean')
    .addColumn('value_date', 'date')
    .execute()
  // Facets count values per attribute; filters find products by value.
  await createIndexes(db, 'product_attribute_values', {
    product_attribute_values_product_idx: ['store_id', 'product_id'],
    product_attribute_values_text_idx: ['store_id', 'attribute_id', 'value_text'],
    product_attribute_values_number_idx: ['store_id', 'attribute_id', 'value_number'],
  })
  await db.schema
    .createTable('product_attribute_sets')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('product_id', 'uuid', (c) => c.notNull())
    .addColumn('set_id', 'uuid', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_attribute_sets_pkey', ['store_id', 'product_id'])
    .execute()
  await createIndexes(db, 'product_attribute_sets', { product_attribute_sets_set_idx: ['store_id', 'set_id'] })
}
