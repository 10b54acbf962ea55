import type { ProductVariantEvent } from '../../../domain/catalog/product/variant-events.js'
import {
  applyCatalogEvent,
  catalogTotals,
  namedValues,
  variantTitle,
  type Catalog,
  type ProductVariant,
} from '../../../domain/catalog/product/variants.js'
import type { RecordedEvent } from '../../../infra/eventstore/port.js'
import type { ProductDb } from './tables.js'
import type { ProductVariantRow } from './variant-tables.js'
import { deleteInStore, findInStore } from '../../shared/store-rows.js'

/** The `products` columns that summarise a product's variants. */
export type CatalogColumns = {
  price_min: number | null
  price_max: number | null
  inventory_total: number
  variant_count: number
  skus: string[]
}

/**
 * Applies an option, variant or inventory event to `product_options` and `product_variants`
 * with the deciders' own arithmetic (`applyCatalogEvent`): the product's rows are read back as
 * a catalog, the event applied, and only the rows that differ written. Returns the product's
 * new summary columns, or null when the product is gone or already past this event (a replay).
 */
export async function projectCatalogEvent(
  db: ProductDb,
  storeId: string,
  recorded: RecordedEvent,
  event: ProductVariantEvent,
): Promise<CatalogColumns | null> {
  const productId = event.data.productId
  const product = await findInStore(db.selectFrom('products').select('revision'), storeId, { id: productId })
  if (!product || product.revision >= recorded.revision) return null
  const before = await loadCatalog(db, storeId, productId)
  const after = applyCatalogEvent(before, event)
  await writeCatalog(db, storeId, before, after, recorded.metadata.occurredAt)
  const totals = catalogTotals(after.variants)
  return {
    price_min: totals.priceMin,
    price_max: totals.priceMax,
    inventory_total: totals.inventoryTotal,
    variant_count: totals.variantCount,
    skus: totals.skus,
  }
}

/** A deleted product's options and variants go with it. */
export async function deleteCatalog(db: ProductDb, storeId: string, productId: string): Promise<void> {
  await deleteInStore(db, 'product_variants', storeId, { product_id: productId })
  await deleteInStore(db, 'product_options', storeId, { product_id: productId })
}

async function loadCatalog(db: ProductDb, storeId: string, productId: string): Promise<Catalog> {
  const options = await db
    .selectFrom('product_options')
    .select(['id', 'name', 'values'])
    .where('store_id', '=', storeId)
    .where('product_id', '=', productId)
    .orderBy('position')
    .execute()
  const rows = await db
    .selectFrom('product_variants')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('product_id', '=', productId)
    .orderBy('position')
    .execute()
  return {
    productId,
    options: options.map((o) => ({ optionId: o.id, name: o.name, values: o.values })),
    variants: rows.map((row) =>
      toVariant(
        row,
        options.map((o) => o.name),
      ),
    ),
  }
}

function toVariant(row: ProductVariantRow, optionNames: readonly string[]): ProductVariant {
  const amount = (value: string | number | null) => (value === null ? null : Number(value))
  return {
    variantId: row.id,
    sku: row.sku,
    barcode: row.barcode,
    price: Number(row.price_amount),
    compareAtPrice: amount(row.compare_at_amount),
    cost: amount(row.cost_amount),
    currencyCode: row.currency_code,
    inventoryTracked: row.inventory_tracked,
    inventoryQuantity: row.inventory_quantity,
    weight:
      row.weight_value === null || row.weight_unit === null
        ? null
        : { value: Number(row.weight_value), unit: row.weight_unit as 'KG' },
    optionValues: optionNames.map((name) => row.option_values.find((ov) => ov.name === name)?.value ?? ''),
    mediaId: row.media_id,
  }
}

/** The columns of a variant row that events change; timestamps and keys aside. */
function variantColumns(catalog: Catalog, variant: ProductVariant, position: number) {
  return {
    title: variantTitle(variant),
    sku: variant.sku,
    barcode: variant.barcode,
    price_amount: variant.price,
    compare_at_amount: variant.compareAtPrice,
    cost_amount: variant.cost,
    currency_code: variant.currencyCode,
    inventory_tracked: variant.inventoryTracked,
    inventory_quantity: variant.inventoryQuantity,
    weight_value: variant.weight?.value ?? null,
    weight_unit: variant.weight?.unit ?? null,
    option_values: JSON.stringify(namedValues(catalog.options, variant)),
    position,
    media_id: variant.mediaId,
  }
}

async function writeCatalog(
  db: ProductDb,
  storeId: string,
  before: Catalog,
  after: Catalog,
  occurredAt: string,
): Promise<void> {
  const productId = after.productId
  if (JSON.stringify(before.options) !== JSON.stringify(after.options)) {
    // At most three rows: rewriting them is simpler than working out which moved.
    await deleteInStore(db, 'product_options', storeId, { product_id: productId })
    if (after.options.length) {
      await db
        .insertInto('product_options')
        .values(
          after.options.map((o, position) => ({
            store_id: storeId,
            product_id: productId,
            id: o.optionId,
            name: o.name,
            position,
            values: o.values,
          })),
        )
        .execute()
    }
  }
  const old = new Map(
    before.variants.map((v, position) => [v.variantId, JSON.stringify(variantColumns(before, v, position))]),
  )
  const gone = before.variants
    .filter((v) => !after.variants.some((a) => a.variantId === v.variantId))
    .map((v) => v.variantId)
  if (gone.length)
    await db.deleteFrom('product_variants').where('store_id', '=', storeId).where('id', 'in', gone).execute()
  for (const [position, variant] of after.variants.entries()) {
    const columns = variantColumns(after, variant, position)
    const previous = old.get(variant.variantId)
    if (previous === undefined) {
      await db
        .insertInto('product_variants')
        .values({
          store_id: storeId,
          product_id: productId,
          id: variant.variantId,
          ...columns,
          created_at: occurredAt,
          updated_at: occurredAt,
        })
        .execute()
    } else if (previous !== JSON.stringify(columns)) {
      await db
        .updateTable('product_variants')
        .set({ ...columns, updated_at: occurredAt })
        .where('store_id', '=', storeId)
        .where('id', '=', variant.variantId)
        .execute()
    }
  }
}
