import { sql } from 'kysely'
import type { AttributeValue } from '../../../domain/catalog/attribute/values.js'
import { fromMinorUnits } from '../../../domain/catalog/product/money.js'
import type { ProductStatus } from '../../../domain/catalog/product/events.js'
import type { AnyDb } from '../../../infra/database/database.js'
import type { RecordedEvent } from '../../../infra/eventstore/port.js'
import { tablesOf, type CollectionDb } from './tables.js'

// The product and category events that can change what a smart rule sees, applied to this
// projection's own facts tables. Each answers the products whose membership must be re-evaluated.

/** The event types that feed the facts tables. */
export const FACT_EVENT_TYPES = [
  'ProductCreated',
  'ProductRetitled',
  'ProductVendorChanged',
  'ProductTagsChanged',
  'ProductStatusChanged',
  'ProductDeleted',
  'ProductVariantCreated',
  'ProductVariantPriceChanged',
  'ProductVariantDeleted',
  'ProductInventoryTrackingChanged',
  'ProductInventoryAdjusted',
  'ProductAttributeValuesSet',
  'ProductAttributeValuesRemoved',
  'ProductAttributeSetChanged',
  'CategoryProductsAdded',
  'CategoryProductsRemoved',
  'CategoryDeleted',
] as const

type Data = Record<string, unknown>

/** The product facts each plain change of a product sets, by event type. */
const PRODUCT_FACT_CHANGES = new Map<string, (data: Data) => Data>([
  ['ProductRetitled', (data) => ({ title: data.title })],
  ['ProductVendorChanged', (data) => ({ vendor: data.vendor })],
  ['ProductTagsChanged', (data) => ({ tags: data.tags })],
  ['ProductStatusChanged', (data) => ({ status: data.to })],
])

/** Applies a fact event; returns the products to re-evaluate (none for a deleted product, whose rows are gone). */
export async function applyFact(trx: AnyDb, storeId: string, recorded: RecordedEvent): Promise<string[]> {
  const db = trx as CollectionDb
  const data = recorded.data as Data
  const productId = String(data.productId ?? '')
  const product = (fields: Data) =>
    db
      .updateTable('collection_product_facts')
      .set(fields)
      .where('store_id', '=', storeId)
      .where('product_id', '=', productId)
      .execute()
  const variant = (fields: Data) =>
    db
      .updateTable('collection_variant_facts')
      .set(fields)
      .where('store_id', '=', storeId)
      .where('product_id', '=', productId)
      .where('variant_id', '=', String(data.variantId))
      .execute()
  const productFacts = PRODUCT_FACT_CHANGES.get(recorded.type)
  if (productFacts) {
    await product(productFacts(data))
    return [productId]
  }
  switch (recorded.type) {
    case 'ProductCreated':
      await db
        .insertInto('collection_product_facts')
        .values({
          store_id: storeId,
          product_id: productId,
          title: String(data.title),
          vendor: String(data.vendor),
          tags: data.tags as string[],
          status: data.status as ProductStatus,
          created_at: recorded.metadata.occurredAt,
          price_min: null,
        })
        .onConflict((c) => c.columns(['store_id', 'product_id']).doNothing())
        .execute()
      break
    case 'ProductDeleted':
      for (const table of [
        'collection_product_facts',
        'collection_variant_facts',
        'collection_attribute_facts',
        'collection_category_facts',
        'collection_products',
      ] as const) {
        await db.deleteFrom(table).where('store_id', '=', storeId).where('product_id', '=', productId).execute()
      }
      return []
    case 'ProductVariantCreated':
      await db
        .insertInto('collection_variant_facts')
        .values({
          store_id: storeId,
          product_id: productId,
          variant_id: String(data.variantId),
          price: major(data),
          tracked: Boolean(data.inventoryTracked),
          quantity: Number(data.inventoryQuantity),
        })
        .onConflict((c) => c.columns(['store_id', 'product_id', 'variant_id']).doNothing())
        .execute()
      await refreshPriceMin(db, storeId, productId)
      break
    case 'ProductVariantPriceChanged':
      await variant({ price: major(data) })
      await refreshPriceMin(db, storeId, productId)
      break
    case 'ProductVariantDeleted':
      await db
        .deleteFrom('collection_variant_facts')
        .where('store_id', '=', storeId)
        .where('product_id', '=', productId)
        .where('variant_id', '=', String(data.variantId))
        .execute()
      await refreshPriceMin(db, storeId, productId)
      break
    case 'ProductInventoryTrackingChanged':
      await variant({ tracked: data.tracked })
      break
    case 'ProductInventoryAdjusted':
      await variant({ quantity: data.quantity })
      break
    case 'ProductAttributeValuesSet': {
      const values = data.values as { code: string; value: AttributeValue }[]
      await dropAttributes(db, storeId, productId, values)
      const rows = values.flatMap(({ code, value }) =>
        (Array.isArray(value) ? value : [value]).map((atom) => ({
          store_id: storeId,
          product_id: productId,
          code,
          value: String(atom),
          number: typeof atom === 'number' ? String(atom) : null,
        })),
      )
      if (rows.length > 0) await db.insertInto('collection_attribute_facts').values(rows).execute()
      break
    }
    case 'ProductAttributeValuesRemoved':
      await dropAttributes(db, storeId, productId, data.values as { code: string }[])
      break
    case 'ProductAttributeSetChanged':
      await dropAttributes(db, storeId, productId, data.dropped as { code: string }[])
      break
    case 'CategoryProductsAdded': {
      const ids = data.productIds as string[]
      await db
        .insertInto('collection_category_facts')
        .values(ids.map((id) => ({ store_id: storeId, category_id: String(data.categoryId), product_id: id })))
        .onConflict((c) => c.columns(['store_id', 'category_id', 'product_id']).doNothing())
        .execute()
      return ids
    }
    case 'CategoryProductsRemoved': {
      const ids = data.productIds as string[]
      await db
        .deleteFrom('collection_category_facts')
        .where('store_id', '=', storeId)
        .where('category_id', '=', String(data.categoryId))
        .where('product_id', 'in', ids)
        .execute()
      return ids
    }
    case 'CategoryDeleted': {
      const rows = await db
        .deleteFrom('collection_category_facts')
        .where('store_id', '=', storeId)
        .where('category_id', '=', String(data.categoryId))
        .returning('product_id')
        .execute()
      return rows.map((row) => row.product_id)
    }
    default:
      throw new Error(`the collections projection does not handle ${recorded.type}`)
  }
  return [productId]
}

/** A variant event's price in major units: 1999 USD → "19.99". */
function major(data: Data): string {
  return fromMinorUnits(Number(data.price), String(data.currencyCode))
}

async function refreshPriceMin(db: CollectionDb, storeId: string, productId: string): Promise<void> {
  await db
    .updateTable('collection_product_facts')
    .set({
      price_min: sql<
        string | null
      >`(select min(v.price) from ${tablesOf(db)('collection_variant_facts')} v where v.store_id = ${storeId}::uuid and v.product_id = ${productId}::uuid)`,
    })
    .where('store_id', '=', storeId)
    .where('product_id', '=', productId)
    .execute()
}

/** Drops the product's facts of the attributes an event names (by their `code`). */
async function dropAttributes(
  db: CollectionDb,
  storeId: string,
  productId: string,
  attributes: readonly { code: string }[],
): Promise<void> {
  const codes = attributes.map((attribute) => attribute.code)
  if (codes.length === 0) return
  await db
    .deleteFrom('collection_attribute_facts')
    .where('store_id', '=', storeId)
    .where('product_id', '=', productId)
    .where('code', 'in', codes)
    .execute()
}
