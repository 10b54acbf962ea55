import { eventTypes, isEventIn, type DomainEvent } from '../../shared/event.js'

export const WEIGHT_UNITS = ['KG', 'G', 'LB', 'OZ'] as const
export type WeightUnit = (typeof WEIGHT_UNITS)[number]
export type Weight = { value: number; unit: WeightUnit }

export const INVENTORY_REASONS = ['CORRECTION', 'RECEIVED', 'DAMAGED', 'SOLD', 'RETURNED', 'OTHER'] as const
/** Why a stock level changed; every adjustment names one, and the audit log shows it. */
export type InventoryReason = (typeof INVENTORY_REASONS)[number]

/** One option's value on a variant, by option name: what an auditor reads. */
export type OptionValue = { name: string; value: string }

/**
 * Everything a variant holds when it is created. Money is in minor units of `currencyCode` (the
 * store's currency at the time): 1999 with USD is $19.99.
 */
export type VariantFields = {
  variantId: string
  sku: string
  barcode: string
  price: number
  compareAtPrice: number | null
  cost: number | null
  currencyCode: string
  inventoryTracked: boolean
  inventoryQuantity: number
  weight: Weight | null
  /** One value per option of the product, in option order. */
  optionValues: OptionValue[]
  mediaId: string | null
}

type Of<Type extends string, Data extends object> = DomainEvent<Type, { productId: string } & Data>

/** Inserted at `position`; variants that exist already take `variantValue` (the first value) for it. */
export type ProductOptionAdded = Of<
  'ProductOptionAdded',
  { optionId: string; name: string; values: string[]; position: number; variantValue: string }
>
export type ProductOptionRenamed = Of<'ProductOptionRenamed', { optionId: string; from: string; to: string }>
/** Variants that had `from` now have `to`. */
export type ProductOptionValueRenamed = Of<'ProductOptionValueRenamed', { optionId: string; from: string; to: string }>
/** `values` is the whole new list, in order; `added` and `removed` say what changed. */
export type ProductOptionValuesChanged = Of<
  'ProductOptionValuesChanged',
  { optionId: string; values: string[]; added: string[]; removed: string[] }
>
export type ProductOptionValuesReordered = Of<'ProductOptionValuesReordered', { optionId: string; values: string[] }>
/** `optionIds` is the whole new order; variant titles follow it. */
export type ProductOptionsReordered = Of<'ProductOptionsReordered', { optionIds: string[] }>
export type ProductOptionRemoved = Of<'ProductOptionRemoved', { optionId: string; name: string }>

/** Appended at `position` (the end of the list). */
export type ProductVariantCreated = Of<'ProductVariantCreated', VariantFields & { position: number }>
export type ProductVariantPriceChanged = Of<
  'ProductVariantPriceChanged',
  { variantId: string; price: number; compareAtPrice: number | null; currencyCode: string }
>
export type ProductVariantCostChanged = Of<
  'ProductVariantCostChanged',
  { variantId: string; cost: number | null; currencyCode: string }
>
/** `from` is released and `to` claimed in the store's SKU reservations in the same write (empty SKUs are not reserved). */
export type ProductVariantSkuChanged = Of<'ProductVariantSkuChanged', { variantId: string; from: string; to: string }>
export type ProductVariantBarcodeChanged = Of<'ProductVariantBarcodeChanged', { variantId: string; barcode: string }>
export type ProductVariantWeightChanged = Of<
  'ProductVariantWeightChanged',
  { variantId: string; weight: Weight | null }
>
export type ProductVariantOptionValuesChanged = Of<
  'ProductVariantOptionValuesChanged',
  { variantId: string; optionValues: OptionValue[] }
>
export type ProductVariantImageChanged = Of<'ProductVariantImageChanged', { variantId: string; mediaId: string | null }>
/** Carries the SKU so its reservation is released without reading the stream again. */
export type ProductVariantDeleted = Of<'ProductVariantDeleted', { variantId: string; sku: string }>
/** `variantIds` is the whole new order. */
export type ProductVariantsReordered = Of<'ProductVariantsReordered', { variantIds: string[] }>
export type ProductInventoryTrackingChanged = Of<
  'ProductInventoryTrackingChanged',
  { variantId: string; tracked: boolean }
>
/** `delta` moved the stock to `quantity`, for `reason` (with the merchant's `note`, empty when none). */
export type ProductInventoryAdjusted = Of<
  'ProductInventoryAdjusted',
  { variantId: string; delta: number; quantity: number; reason: InventoryReason; note: string }
>

export type ProductVariantEvent =
  | ProductOptionAdded
  | ProductOptionRenamed
  | ProductOptionValueRenamed
  | ProductOptionValuesChanged
  | ProductOptionValuesReordered
  | ProductOptionsReordered
  | ProductOptionRemoved
  | ProductVariantCreated
  | ProductVariantPriceChanged
  | ProductVariantCostChanged
  | ProductVariantSkuChanged
  | ProductVariantBarcodeChanged
  | ProductVariantWeightChanged
  | ProductVariantOptionValuesChanged
  | ProductVariantImageChanged
  | ProductVariantDeleted
  | ProductVariantsReordered
  | ProductInventoryTrackingChanged
  | ProductInventoryAdjusted

// A record rather than a list so the compiler rejects an event type added to the union but not here.
export const VARIANT_EVENT_TYPE_RECORD: Record<ProductVariantEvent['type'], true> = {
  ProductOptionAdded: true,
  ProductOptionRenamed: true,
  ProductOptionValueRenamed: true,
  ProductOptionValuesChanged: true,
  ProductOptionValuesReordered: true,
  ProductOptionsReordered: true,
  ProductOptionRemoved: true,
  ProductVariantCreated: true,
  ProductVariantPriceChanged: true,
  ProductVariantCostChanged: true,
  ProductVariantSkuChanged: true,
  ProductVariantBarcodeChanged: true,
  ProductVariantWeightChanged: true,
  ProductVariantOptionValuesChanged: true,
  ProductVariantImageChanged: true,
  ProductVariantDeleted: true,
  ProductVariantsReordered: true,
  ProductInventoryTrackingChanged: true,
  ProductInventoryAdjusted: true,
}

/** The option, variant and inventory event types, for the product projection. */
export const VARIANT_EVENT_TYPES = eventTypes<ProductVariantEvent>(VARIANT_EVENT_TYPE_RECORD)

export const isVariantEvent = isEventIn<ProductVariantEvent>(VARIANT_EVENT_TYPE_RECORD)
