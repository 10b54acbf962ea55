import { sql } from 'kysely'
import type { AttributeType } from '../../../domain/catalog/attribute/events.js'
import type { AttributeValue } from '../../../domain/catalog/attribute/values.js'
import { isUuid } from '../../../domain/shared/ids.js'
import type { ProductAttributeDb } from './tables.js'
import { listsOfProducts } from '../../shared/store-rows.js'

/** A value a product holds, as the API serves it. */
export interface ProductAttributeRecord {
  productId: string
  attributeId: string
  code: string
  type: AttributeType
  value: AttributeValue
}

/** The values of a batch of products, per product id, in code order (a dataloader's batch function). */
export const attributeValuesOfProducts = listsOfProducts(
  (db: ProductAttributeDb) =>
    db.selectFrom('product_attributes').select(['product_id', 'attribute_id', 'code', 'type', 'value']).orderBy('code'),
  (row): ProductAttributeRecord => ({
    productId: row.product_id,
    attributeId: row.attribute_id,
    code: row.code,
    type: row.type,
    value: row.value,
  }),
)

/** The attribute set of each product, null where none, in the same order. */
export async function attributeSetIdsOfProducts(
  db: ProductAttributeDb,
  storeId: string,
  productIds: readonly string[],
): Promise<(string | null)[]> {
  const wanted = [...new Set(productIds.filter(isUuid).map((id) => id.toLowerCase()))]
  if (!isUuid(storeId) || wanted.length === 0) return productIds.map(() => null)
  const rows = await db
    .selectFrom('product_attribute_sets')
    .select(['product_id', 'set_id'])
    .where('store_id', '=', storeId)
    .where('product_id', 'in', wanted)
    .execute()
  const byProduct = new Map(rows.map((r) => [r.product_id, r.set_id]))
  return productIds.map((id) => byProduct.get(id.toLowerCase()) ?? null)
}

/** How many products hold a value of the attribute, in all and per option code (the usage fact of attribute commands). */
export async function attributeUsage(
  db: ProductAttributeDb,
  storeId: string,
  attributeId: string,
): Promise<{ values: number; byOption: Record<string, number> }> {
  if (!isUuid(storeId) || !isUuid(attributeId)) return { values: 0, byOption: {} }
  const total = await db
    .selectFrom('product_attributes')
    .select(sql<string>`count(*)`.as('count'))
    .where('store_id', '=', storeId)
    .where('attribute_id', '=', attributeId)
    .executeTakeFirst()
  const options = await db
    .selectFrom('product_attribute_values')
    .select(['value_text', sql<string>`count(distinct product_id)`.as('count')])
    .where('store_id', '=', storeId)
    .where('attribute_id', '=', attributeId)
    .where('value_text', 'is not', null)
    .groupBy('value_text')
    .execute()
  return {
    values: Number(total?.count ?? 0),
    byOption: Object.fromEntries(options.map((o) => [o.value_text!, Number(o.count)])),
  }
}

/** How many products belong to the attribute set. */
export async function productsInAttributeSet(
  db: ProductAttributeDb,
  storeId: string,
  attributeSetId: string,
): Promise<number> {
  if (!isUuid(storeId) || !isUuid(attributeSetId)) return 0
  const row = await db
    .selectFrom('product_attribute_sets')
    .select(sql<string>`count(*)`.as('count'))
    .where('store_id', '=', storeId)
    .where('set_id', '=', attributeSetId)
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}
