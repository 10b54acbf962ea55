import { isDeepStrictEqual } from 'node:util'
import type { AttributeRef, ProductAttributeEvent } from './attribute-events.js'
import type { AttributesCopy } from './duplicate.js'
import type { ProductVariantEvent } from './variant-events.js'
import { applyCatalogEvent, namedValues, type Catalog, type ProductVariant } from './variants.js'

// What a revert appends to bring options, variants and attribute values back to a past revision:
// the ordinary events of each change, computed on a working copy so every position is right.

/**
 * The option and variant events that turn `current` into `target`. Stock is the warehouse's
 * truth, not the product's content: a variant that exists in both keeps its quantity, and one
 * created again gets the quantity it had at the target revision.
 */
export function catalogChanges(current: Catalog, target: Catalog): ProductVariantEvent[] {
  const { productId } = current
  const events: ProductVariantEvent[] = []
  let working = current
  const emit = (event: ProductVariantEvent) => {
    events.push(event)
    working = applyCatalogEvent(working, event)
  }
  const targetVariant = new Map(target.variants.map((v) => [v.variantId, v]))
  const targetOption = new Map(target.options.map((o) => [o.optionId, o]))

  for (const variant of current.variants) {
    if (!targetVariant.has(variant.variantId))
      emit({ type: 'ProductVariantDeleted', data: { productId, variantId: variant.variantId, sku: variant.sku } })
  }
  for (const option of current.options) {
    const wanted = targetOption.get(option.optionId)
    if (!wanted) {
      emit({ type: 'ProductOptionRemoved', data: { productId, optionId: option.optionId, name: option.name } })
      continue
    }
    if (wanted.name !== option.name)
      emit({
        type: 'ProductOptionRenamed',
        data: { productId, optionId: option.optionId, from: option.name, to: wanted.name },
      })
    if (!isDeepStrictEqual(wanted.values, option.values)) {
      const added = wanted.values.filter((value) => !option.values.includes(value))
      const removed = option.values.filter((value) => !wanted.values.includes(value))
      emit(
        added.length || removed.length
          ? {
              type: 'ProductOptionValuesChanged',
              data: { productId, optionId: option.optionId, values: [...wanted.values], added, removed },
            }
          : {
              type: 'ProductOptionValuesReordered',
              data: { productId, optionId: option.optionId, values: [...wanted.values] },
            },
      )
    }
  }
  for (const option of target.options) {
    if (working.options.some((o) => o.optionId === option.optionId)) continue
    const { optionId, name, values } = option
    emit({
      type: 'ProductOptionAdded',
      data: {
        productId,
        optionId,
        name,
        values: [...values],
        position: working.options.length,
        variantValue: values[0] ?? '',
      },
    })
  }
  const optionOrder = changedOrder(working.options, target.options, (o) => o.optionId)
  if (optionOrder) emit({ type: 'ProductOptionsReordered', data: { productId, optionIds: optionOrder } })

  for (const variant of working.variants)
    variantChanges(productId, variant, targetVariant.get(variant.variantId)!, target).forEach(emit)
  for (const variant of target.variants) {
    if (working.variants.some((v) => v.variantId === variant.variantId)) continue
    emit({
      type: 'ProductVariantCreated',
      data: {
        productId,
        ...variant,
        optionValues: namedValues(target.options, variant),
        position: working.variants.length,
      },
    })
  }
  const variantOrder = changedOrder(working.variants, target.variants, (v) => v.variantId)
  if (variantOrder) emit({ type: 'ProductVariantsReordered', data: { productId, variantIds: variantOrder } })
  return events
}

/** The ids of `target` in its order, or null when `working` already has that order. */
function changedOrder<T>(working: readonly T[], target: readonly T[], idOf: (item: T) => string): string[] | null {
  const order = target.map(idOf)
  return isDeepStrictEqual(working.map(idOf), order) ? null : order
}

/** The events of one variant that exists now and at the target revision; its stock stays as it is. */
function variantChanges(
  productId: string,
  now: ProductVariant,
  then: ProductVariant,
  target: Catalog,
): ProductVariantEvent[] {
  const { variantId } = now
  const events: ProductVariantEvent[] = []
  if (
    now.price !== then.price ||
    now.compareAtPrice !== then.compareAtPrice ||
    now.currencyCode !== then.currencyCode
  ) {
    events.push({
      type: 'ProductVariantPriceChanged',
      data: {
        productId,
        variantId,
        price: then.price,
        compareAtPrice: then.compareAtPrice,
        currencyCode: then.currencyCode,
      },
    })
  }
  if (now.cost !== then.cost)
    events.push({
      type: 'ProductVariantCostChanged',
      data: { productId, variantId, cost: then.cost, currencyCode: then.currencyCode },
    })
  if (now.sku !== then.sku)
    events.push({ type: 'ProductVariantSkuChanged', data: { productId, variantId, from: now.sku, to: then.sku } })
  if (now.barcode !== then.barcode)
    events.push({ type: 'ProductVariantBarcodeChanged', data: { productId, variantId, barcode: then.barcode } })
  if (!isDeepStrictEqual(now.weight, then.weight))
    events.push({ type: 'ProductVariantWeightChanged', data: { productId, variantId, weight: then.weight } })
  if (!isDeepStrictEqual(now.optionValues, then.optionValues)) {
    events.push({
      type: 'ProductVariantOptionValuesChanged',
      data: { productId, variantId, optionValues: namedValues(target.options, then) },
    })
  }
  if (now.mediaId !== then.mediaId)
    events.push({ type: 'ProductVariantImageChanged', data: { productId, variantId, mediaId: then.mediaId } })
  if (now.inventoryTracked !== then.inventoryTracked)
    events.push({
      type: 'ProductInventoryTrackingChanged',
      data: { productId, variantId, tracked: then.inventoryTracked },
    })
  return events
}

/**
 * The attribute events that turn the current set and values into the target's. Values come back
 * as they were stored then: they were checked against the attributes when first written.
 */
export function attributeChanges(
  productId: string,
  current: AttributesCopy,
  target: AttributesCopy,
): ProductAttributeEvent[] {
  const events: ProductAttributeEvent[] = []
  if (current.attributeSetId !== target.attributeSetId) {
    events.push({
      type: 'ProductAttributeSetChanged',
      data: { productId, from: current.attributeSetId, to: target.attributeSetId, dropped: [] },
    })
  }
  const removed: AttributeRef[] = current.values
    .filter((value) => !target.values.some((t) => t.attributeId === value.attributeId))
    .map(({ attributeId, code }) => ({ attributeId, code }))
  if (removed.length) events.push({ type: 'ProductAttributeValuesRemoved', data: { productId, values: removed } })
  const set = target.values.filter(
    (value) =>
      !isDeepStrictEqual(
        current.values.find((c) => c.attributeId === value.attributeId),
        value,
      ),
  )
  if (set.length)
    events.push({ type: 'ProductAttributeValuesSet', data: { productId, values: set.map((value) => ({ ...value })) } })
  return events
}
