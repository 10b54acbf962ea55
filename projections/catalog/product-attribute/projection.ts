import type { AttributeDeleted } from '../../../domain/catalog/attribute/events.js'
import type { StoredValue } from '../../../domain/catalog/attribute/values.js'
import {
  PRODUCT_ATTRIBUTE_EVENT_TYPES,
  type ProductAttributeEvent,
} from '../../../domain/catalog/product/attribute-events.js'
import type { ProductDeleted } from '../../../domain/catalog/product/events.js'
import {
  PRODUCT_ATTRIBUTES_TABLE,
  PRODUCT_ATTRIBUTE_SETS_TABLE,
  PRODUCT_ATTRIBUTE_VALUES_TABLE,
  type ProductAttributeDb,
  type ProductAttributeValuesTable,
} from './tables.js'
import { deleteInStore } from '../../shared/store-rows.js'
import { storeProjection } from '../../shared/entity-projection.js'

type Handled = ProductAttributeEvent | ProductDeleted | AttributeDeleted
const TABLES = [PRODUCT_ATTRIBUTES_TABLE, PRODUCT_ATTRIBUTE_VALUES_TABLE, PRODUCT_ATTRIBUTE_SETS_TABLE] as const

/**
 * The attribute values and set of every product. Each write replaces the rows of the attributes
 * it names, so applying an event twice leaves the same rows. A forced attribute delete and a
 * product delete drop their rows.
 */
export const productAttributesProjection = storeProjection({
  version: 1,
  eventTypes: [...PRODUCT_ATTRIBUTE_EVENT_TYPES, 'ProductDeleted', 'AttributeDeleted'],
  tables: TABLES,
  async apply(event: Handled, db: ProductAttributeDb, { storeId, recorded }) {
    switch (event.type) {
      case 'ProductAttributeValuesSet': {
        const { productId, values } = event.data
        await remove(
          db,
          storeId,
          productId,
          values.map((v) => v.attributeId),
        )
        await db
          .insertInto('product_attributes')
          .values(
            values.map((v) => ({
              store_id: storeId,
              product_id: productId,
              attribute_id: v.attributeId,
              code: v.code,
              type: v.type,
              value: JSON.stringify(v.value),
              updated_at: recorded.metadata.occurredAt,
            })),
          )
          .execute()
        const atoms = values.flatMap((v) => atomsOf(storeId, productId, v))
        if (atoms.length) await db.insertInto('product_attribute_values').values(atoms).execute()
        return
      }
      case 'ProductAttributeValuesRemoved':
        return remove(
          db,
          storeId,
          event.data.productId,
          event.data.values.map((v) => v.attributeId),
        )
      case 'ProductAttributeSetChanged': {
        const { productId, to, dropped } = event.data
        await remove(
          db,
          storeId,
          productId,
          dropped.map((d) => d.attributeId),
        )
        await deleteInStore(db, 'product_attribute_sets', storeId, { product_id: productId })
        if (to !== null)
          await db
            .insertInto('product_attribute_sets')
            .values({ store_id: storeId, product_id: productId, set_id: to })
            .execute()
        return
      }
      case 'ProductDeleted':
        for (const { name } of TABLES) await deleteInStore(db, name, storeId, { product_id: event.data.productId })
        return
      case 'AttributeDeleted':
        await deleteInStore(db, 'product_attributes', storeId, { attribute_id: event.data.attributeId })
        await deleteInStore(db, 'product_attribute_values', storeId, { attribute_id: event.data.attributeId })
        return
      default: {
        const _exhaustive: never = event
        return _exhaustive
      }
    }
  },
})

async function remove(
  db: ProductAttributeDb,
  storeId: string,
  productId: string,
  attributeIds: readonly string[],
): Promise<void> {
  if (attributeIds.length === 0) return
  for (const table of ['product_attributes', 'product_attribute_values'] as const) {
    await db
      .deleteFrom(table)
      .where('store_id', '=', storeId)
      .where('product_id', '=', productId)
      .where('attribute_id', 'in', attributeIds)
      .execute()
  }
}

/** The atomic rows of one value: one per option of a multiselect, else one in the column of its type. */
function atomsOf(storeId: string, productId: string, stored: StoredValue) {
  const base = {
    store_id: storeId,
    product_id: productId,
    attribute_id: stored.attributeId,
    code: stored.code,
    value_text: null,
    value_number: null,
    value_boolean: null,
    value_date: null,
  }
  const row = (column: Partial<Record<keyof ProductAttributeValuesTable, unknown>>) =>
    ({ ...base, ...column }) as typeof base & Record<string, unknown>
  const { value } = stored
  switch (stored.type) {
    case 'MULTISELECT':
      return (value as string[]).map((code) => row({ value_text: code }))
    case 'NUMBER':
      return [row({ value_number: value })]
    case 'BOOLEAN':
      return [row({ value_boolean: value })]
    case 'DATE':
      return [row({ value_date: value })]
    default:
      return [row({ value_text: value })]
  }
}
