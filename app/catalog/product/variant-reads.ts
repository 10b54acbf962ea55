import {
  findVariant,
  listVariants as listVariantRecords,
  optionsOfProducts as optionRecordsOfProducts,
  variantSummaries,
  variantsByIds as variantRecordsByIds,
  variantsOfProducts as variantRecordsOfProducts,
  type ListVariantsArgs,
  type VariantRecord,
} from '../../../projections/catalog/product/variant-queries.js'
import { reservedByVariant } from '../../../projections/catalog/inventory/queries.js'
import type { Caller } from '../../caller.js'
import { mapConnection, type PaginateOptions } from '../../shared/connection.js'
import { catalogStore } from './reads.js'
import {
  toOptionView,
  toTotalsView,
  toVariantView,
  type ProductOptionView,
  type ProductVariantView,
  type VariantTotalsView,
} from './variant-view.js'
import { orNotFound } from '../../shared/lookup.js'

export type { ListVariantsArgs }

/** One variant of the store; NOT_FOUND otherwise. */
export async function readVariant(caller: Caller, id: string): Promise<ProductVariantView> {
  const variant = await orNotFound(findVariant(caller.platform.database.db, catalogStore(caller), id), 'variant', id)
  const reserved = await reservedOf(caller, [variant])
  return toVariantView(variant, reserved.get(variant.id))
}

/** One page of the store's variants, or of one product's. */
export async function listVariants(caller: Caller, args: ListVariantsArgs, options: PaginateOptions = {}) {
  const page = await listVariantRecords(caller.platform.database.db, catalogStore(caller), args, options)
  const reserved = await reservedOf(caller, page.nodes)
  return mapConnection(page, (variant) => toVariantView(variant, reserved.get(variant.id)))
}

/** The variants of these ids that the store has, in the order of the ids. */
export async function variantsByIds(caller: Caller, ids: readonly string[]): Promise<ProductVariantView[]> {
  const found = await variantRecordsByIds(caller.platform.database.db, catalogStore(caller), ids)
  const reserved = await reservedOf(
    caller,
    found.flatMap((variant) => (variant ? [variant] : [])),
  )
  return found.flatMap((variant) => (variant ? [toVariantView(variant, reserved.get(variant.id))] : []))
}

/** Each product's variants in order, in one query for the whole batch. */
export async function variantsOfProducts(
  caller: Caller,
  productIds: readonly string[],
): Promise<ProductVariantView[][]> {
  const found = await variantRecordsOfProducts(caller.platform.database.db, catalogStore(caller), productIds)
  const reserved = await reservedOf(caller, found.flat())
  return found.map((variants) => variants.map((variant) => toVariantView(variant, reserved.get(variant.id))))
}

/** Each product's options in order, in one query for the whole batch. */
export async function optionsOfProducts(caller: Caller, productIds: readonly string[]): Promise<ProductOptionView[][]> {
  const found = await optionRecordsOfProducts(caller.platform.database.db, catalogStore(caller), productIds)
  return found.map((options) => options.map(toOptionView))
}

/** Each product's price range, stock and variant count, in one query for the whole batch. */
export async function variantTotals(caller: Caller, productIds: readonly string[]): Promise<VariantTotalsView[]> {
  const found = await variantSummaries(caller.platform.database.db, catalogStore(caller), productIds)
  return found.map(toTotalsView)
}

/** Units held by live reservations per variant, in one query for the batch. */
function reservedOf(caller: Caller, variants: readonly VariantRecord[]): Promise<Map<string, number>> {
  return reservedByVariant(
    caller.platform.database.db,
    catalogStore(caller),
    variants.map((variant) => variant.id),
  )
}
