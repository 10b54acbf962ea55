import type { ColumnType, Kysely } from 'kysely'
import type { AttributeType } from '../../../domain/catalog/attribute/events.js'
import type { AttributeValue } from '../../../domain/catalog/attribute/values.js'
import { column, table, type DatabaseOf, type RowOf } from '../../shared/table.js'

/** One row per value a product holds: the whole value as JSON, as the API serves it. */
export const PRODUCT_ATTRIBUTES_TABLE = table(
  'product_attributes',
  {
    store_id: column.uuid(),
    product_id: column.uuid(),
    attribute_id: column.uuid(),
    code: column.text(),
    type: column.text<AttributeType>(),
    value: column.jsonb<AttributeValue>(),
    updated_at: column.timestamptz(),
  },
  {
    primaryKey: ['store_id', 'product_id', 'attribute_id'],
    indexes: { product_attributes_attribute_idx: ['store_id', 'attribute_id'] },
  },
)

/**
 * One row per ATOMIC value, for facets and filters: a multiselect of two options gives two rows
 * whose `value_text` is the option code. Exactly one value column is set, by type: text for TEXT,
 * RICH_TEXT, SELECT, MULTISELECT, COLOR and MEDIA; number; boolean; date.
 */
export const PRODUCT_ATTRIBUTE_VALUES_TABLE = table(
  'product_attribute_values',
  {
    store_id: column.uuid(),
    product_id: column.uuid(),
    attribute_id: column.uuid(),
    code: column.text(),
    value_text: column.text().nullable(),
    /** numeric: read back as a decimal string. */
    value_number: column.ofType<ColumnType<string, number, number>>('numeric').nullable(),
    value_boolean: column.boolean().nullable(),
    value_date: column.ofType<string>('date').nullable(),
  },
  {
    // Facets count values per attribute; filters find products by value.
    indexes: {
      product_attribute_values_product_idx: ['store_id', 'product_id'],
      product_attribute_values_text_idx: ['store_id', 'attribute_id', 'value_text'],
      product_attribute_values_number_idx: ['store_id', 'attribute_id', 'value_number'],
    },
  },
)

/** The attribute set each product belongs to; products in none have no row. */
export const PRODUCT_ATTRIBUTE_SETS_TABLE = table(
  'product_attribute_sets',
  { store_id: column.uuid(), product_id: column.uuid(), set_id: column.uuid() },
  { primaryKey: ['store_id', 'product_id'], indexes: { product_attribute_sets_set_idx: ['store_id', 'set_id'] } },
)

export type ProductAttributeValuesTable = RowOf<typeof PRODUCT_ATTRIBUTE_VALUES_TABLE>
export type ProductAttributeDb = Kysely<
  DatabaseOf<
    typeof PRODUCT_ATTRIBUTES_TABLE | typeof PRODUCT_ATTRIBUTE_VALUES_TABLE | typeof PRODUCT_ATTRIBUTE_SETS_TABLE
  >
>
