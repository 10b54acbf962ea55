import { DomainError, badInput, conflict, notFound } from '../../shared/errors.js'
import { listedFirst, sameOrder } from '../../shared/ordered-ids.js'
import { adjustInventory } from './inventory.js'
import { addOption, removeOption, updateOption } from './options.js'
import type {
  Path,
  ProductVariantCommand,
  ProductVariantsCreate,
  ProductVariantsDelete,
  ProductVariantsReorder,
  ProductVariantsUpdate,
  VariantPatch,
} from './variant-commands.js'
import type { OptionValue, ProductVariantEvent } from './variant-events.js'
import {
  VARIANTS_MAX,
  applyCatalogEvent,
  namedValues,
  variantTitle,
  type Catalog,
  type ProductVariant,
  type VariantsState,
} from './variants.js'

/** Pure: the answer depends on the command and the product's options and variants only. */
export function decideVariants(command: ProductVariantCommand, state: VariantsState): ProductVariantEvent[] {
  if (state.kind !== 'existing') throw notFound('product', command.data.productId)
  const catalog = state.catalog
  switch (command.type) {
    case 'ProductOptionAdd':
      return addOption(catalog, command)
    case 'ProductOptionUpdate':
      return updateOption(catalog, command)
    case 'ProductOptionRemove':
      return removeOption(catalog, command)
    case 'ProductVariantsCreate':
      return createVariants(catalog, command)
    case 'ProductVariantsUpdate':
      return updateVariants(catalog, command)
    case 'ProductVariantsDelete':
      return deleteVariants(catalog, command)
    case 'ProductVariantsReorder':
      return reorderVariants(catalog, command)
    case 'ProductInventoryAdjust':
      return adjustInventory(catalog, command)
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}

/** Each new variant goes last; all are checked against the ones before them, so one bad item fails the whole call. */
export function createVariants(catalog: Catalog, command: ProductVariantsCreate): ProductVariantEvent[] {
  const { productId, variants } = command.data
  if (catalog.variants.length + variants.length > VARIANTS_MAX) {
    const field = variants.length === 1 ? variants[0]!.field : ['input', 'variants']
    throw badInput(
      field,
      `a product may have at most ${VARIANTS_MAX} variants; it has ${catalog.variants.length}, so at most ${VARIANTS_MAX - catalog.variants.length} more fit`,
    )
  }
  const events: ProductVariantEvent[] = []
  let current = catalog
  for (const { field, optionValues, ...fields } of variants) {
    const values = resolveValues(current, optionValues ?? [], [...field, 'optionValues'])
    requireUniqueValues(current, fields.variantId, values, [...field, 'optionValues'])
    requireUniqueSku(current, fields.variantId, fields.sku, [...field, 'sku'])
    const event: ProductVariantEvent = {
      type: 'ProductVariantCreated',
      data: {
        productId,
        ...fields,
        optionValues: namedValues(current.options, { optionValues: values }),
        position: current.variants.length,
      },
    }
    events.push(event)
    current = applyCatalogEvent(current, event)
  }
  return events
}

/** Only what really changes becomes an event; SKUs and value combinations are checked on the result, so two variants may swap them. */
function updateVariants(catalog: Catalog, command: ProductVariantsUpdate): ProductVariantEvent[] {
  const { productId, variants: patches } = command.data
  const events: ProductVariantEvent[] = []
  let current = catalog
  const seen = new Set<string>()
  for (const patch of patches) {
    if (seen.has(patch.variantId))
      throw badInput([...patch.field, 'id'], `variant '${patch.variantId}' is listed twice; list each variant once`)
    seen.add(patch.variantId)
    const variant = findVariant(current, patch.variantId, [...patch.field, 'id'])
    for (const event of patchEvents(current, variant, patch, productId)) {
      events.push(event)
      current = applyCatalogEvent(current, event)
    }
  }
  for (const patch of patches) {
    const variant = current.variants.find((v) => v.variantId === patch.variantId)!
    if (patch.optionValues !== undefined)
      requireUniqueValues(current, variant.variantId, variant.optionValues, [...patch.field, 'optionValues'])
    if (patch.sku !== undefined) requireUniqueSku(current, variant.variantId, variant.sku, [...patch.field, 'sku'])
  }
  return events
}

function patchEvents(
  catalog: Catalog,
  variant: ProductVariant,
  patch: VariantPatch,
  productId: string,
): ProductVariantEvent[] {
  const variantId = variant.variantId
  const events: ProductVariantEvent[] = []
  if (patch.price !== undefined || patch.compareAtPrice !== undefined) {
    const price = patch.price ?? variant.price
    const compareAtPrice = patch.compareAtPrice !== undefined ? patch.compareAtPrice : variant.compareAtPrice
    if (
      price !== variant.price ||
      compareAtPrice !== variant.compareAtPrice ||
      patch.currencyCode !== variant.currencyCode
    ) {
      events.push({
        type: 'ProductVariantPriceChanged',
        data: { productId, variantId, price, compareAtPrice, currencyCode: patch.currencyCode },
      })
    }
  }
  if (patch.cost !== undefined && patch.cost !== variant.cost) {
    events.push({
      type: 'ProductVariantCostChanged',
      data: { productId, variantId, cost: patch.cost, currencyCode: patch.currencyCode },
    })
  }
  if (patch.sku !== undefined && patch.sku !== variant.sku)
    events.push({ type: 'ProductVariantSkuChanged', data: { productId, variantId, from: variant.sku, to: patch.sku } })
  if (patch.barcode !== undefined && patch.barcode !== variant.barcode)
    events.push({ type: 'ProductVariantBarcodeChanged', data: { productId, variantId, barcode: patch.barcode } })
  if (patch.weight !== undefined && JSON.stringify(patch.weight) !== JSON.stringify(variant.weight)) {
    events.push({ type: 'ProductVariantWeightChanged', data: { productId, variantId, weight: patch.weight } })
  }
  if (patch.optionValues !== undefined) {
    const values = resolveValues(catalog, patch.optionValues, [...patch.field, 'optionValues'])
    if (values.some((value, i) => value !== variant.optionValues[i])) {
      events.push({
        type: 'ProductVariantOptionValuesChanged',
        data: { productId, variantId, optionValues: namedValues(catalog.options, { optionValues: values }) },
      })
    }
  }
  if (patch.mediaId !== undefined && patch.mediaId !== variant.mediaId)
    events.push({ type: 'ProductVariantImageChanged', data: { productId, variantId, mediaId: patch.mediaId } })
  if (patch.inventoryTracked !== undefined && patch.inventoryTracked !== variant.inventoryTracked) {
    events.push({
      type: 'ProductInventoryTrackingChanged',
      data: { productId, variantId, tracked: patch.inventoryTracked },
    })
  }
  return events
}

function deleteVariants(catalog: Catalog, command: ProductVariantsDelete): ProductVariantEvent[] {
  const { productId, variantIds, fields } = command.data
  return variantIds.flatMap((variantId, index): ProductVariantEvent[] => {
    const variant = findVariant(catalog, variantId, fields[index]!)
    // Listing a variant twice deletes it once.
    if (variantIds.indexOf(variantId) !== index) return []
    return [{ type: 'ProductVariantDeleted', data: { productId, variantId, sku: variant.sku } }]
  })
}

/** The listed variants first, in the order given; the others keep their order after them. */
function reorderVariants(catalog: Catalog, command: ProductVariantsReorder): ProductVariantEvent[] {
  const { productId, variantIds } = command.data
  variantIds.forEach((id, index) => {
    findVariant(catalog, id, ['input', 'variantIds', index])
    if (variantIds.indexOf(id) !== index)
      throw badInput(['input', 'variantIds', index], `variant '${id}' is listed twice; list each variant once`)
  })
  const current = catalog.variants.map((v) => v.variantId)
  const order = listedFirst(current, variantIds)
  return sameOrder(order, current) ? [] : [{ type: 'ProductVariantsReordered', data: { productId, variantIds: order } }]
}

function findVariant(catalog: Catalog, variantId: string, field: Path): ProductVariant {
  const variant = catalog.variants.find((v) => v.variantId === variantId)
  if (!variant)
    throw new DomainError('NOT_FOUND', `variant '${variantId}' does not exist on product '${catalog.productId}'`, {
      field,
    })
  return variant
}

/** The given values in option order; every option needs exactly one of its own values. */
function resolveValues(catalog: Catalog, given: readonly OptionValue[], field: Path): string[] {
  const { options } = catalog
  const names = options.map((o) => o.name)
  given.forEach((entry, index) => {
    const option = options.find((o) => o.name === entry.name)
    if (!option) {
      const known = names.length ? `its options are ${names.join(', ')}` : 'it has no options, so give no optionValues'
      throw badInput([...field, index, 'name'], `the product has no option '${entry.name}'; ${known}`)
    }
    if (given.findIndex((other) => other.name === entry.name) !== index)
      throw badInput([...field, index, 'name'], `option '${entry.name}' is given twice; give it once`)
    if (!option.values.includes(entry.value)) {
      throw badInput(
        [...field, index, 'value'],
        `option '${option.name}' has no value '${entry.value}'; its values are ${option.values.join(', ')} (add it with productOptionUpdate first)`,
      )
    }
  })
  const missing = names.filter((name) => !given.some((entry) => entry.name === name))
  if (missing.length)
    throw badInput(field, `give a value for every option of the product; missing: ${missing.join(', ')}`)
  return options.map((o) => given.find((entry) => entry.name === o.name)!.value)
}

function requireUniqueValues(catalog: Catalog, variantId: string, values: readonly string[], field: Path): void {
  const twin = catalog.variants.find(
    (v) => v.variantId !== variantId && v.optionValues.every((value, i) => value === values[i]),
  )
  if (!twin) return
  const what = catalog.options.length
    ? `the values ${variantTitle({ optionValues: [...values] })}`
    : 'no option values (a product without options has one variant)'
  throw badInput(
    field,
    `variant '${twin.variantId}' already has ${what}; each variant needs its own combination of option values`,
  )
}

/** Within one product; across products the store's SKU reservations decide. */
function requireUniqueSku(catalog: Catalog, variantId: string, sku: string, field: Path): void {
  if (sku === '') return
  const twin = catalog.variants.find((v) => v.variantId !== variantId && v.sku === sku)
  if (twin)
    throw conflict(
      `sku '${sku}' is used by variant '${twin.variantId}' of this product; SKUs are unique in the store, choose another`,
      field,
    )
}
