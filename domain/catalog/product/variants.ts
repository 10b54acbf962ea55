import type { ProductEvent } from './events.js'
import { isVariantEvent, type OptionValue, type ProductVariantEvent, type VariantFields } from './variant-events.js'

/** Shopify's limits: a product has at most 3 options of at most 100 values, and at most 100 variants. */
export const OPTIONS_MAX = 3
export const OPTION_VALUES_MAX = 100
export const VARIANTS_MAX = 100

export type ProductOption = { optionId: string; name: string; values: string[] }

/** A variant as the deciders see it: `optionValues[i]` is its value of the product's option `i`. */
export type ProductVariant = Omit<VariantFields, 'optionValues'> & { optionValues: string[] }

/** The options and variants of a product, both in order. */
export type Catalog = { productId: string; options: ProductOption[]; variants: ProductVariant[] }

export type VariantsState = { kind: 'empty' } | { kind: 'existing'; catalog: Catalog } | { kind: 'deleted' }

export const initialVariantsState = (): VariantsState => ({ kind: 'empty' })

/** Folds a product stream; events about the product's other fields leave options and variants as they are. */
export function evolveVariants(state: VariantsState, event: ProductEvent): VariantsState {
  if (event.type === 'ProductCreated')
    return { kind: 'existing', catalog: { productId: event.data.productId, options: [], variants: [] } }
  if (event.type === 'ProductDeleted') return { kind: 'deleted' }
  if (state.kind !== 'existing' || !isVariantEvent(event)) return state
  return { kind: 'existing', catalog: applyCatalogEvent(state.catalog, event) }
}

/**
 * One option, variant or inventory event applied to a catalog. Shared by the deciders and the
 * read model, so both agree on every order, title and count.
 */
export function applyCatalogEvent(catalog: Catalog, event: ProductVariantEvent): Catalog {
  const { options, variants } = catalog
  const option = (id: string) => options.findIndex((o) => o.optionId === id)
  const withVariant = (id: string, change: (v: ProductVariant) => Partial<ProductVariant>): Catalog => ({
    ...catalog,
    variants: variants.map((v) => (v.variantId === id ? { ...v, ...change(v) } : v)),
  })
  const withOption = (id: string, change: (o: ProductOption) => Partial<ProductOption>): Catalog => ({
    ...catalog,
    options: options.map((o) => (o.optionId === id ? { ...o, ...change(o) } : o)),
  })
  switch (event.type) {
    case 'ProductOptionAdded': {
      const { optionId, name, values, position, variantValue } = event.data
      return {
        ...catalog,
        options: insertAt(options, position, { optionId, name, values: [...values] }),
        variants: variants.map((v) => ({ ...v, optionValues: insertAt(v.optionValues, position, variantValue) })),
      }
    }
    case 'ProductOptionRenamed':
      return withOption(event.data.optionId, () => ({ name: event.data.to }))
    case 'ProductOptionValueRenamed': {
      const index = option(event.data.optionId)
      const { from, to } = event.data
      return {
        ...catalog,
        options: options.map((o, i) =>
          i === index ? { ...o, values: o.values.map((value) => (value === from ? to : value)) } : o,
        ),
        variants: variants.map((v) =>
          v.optionValues[index] === from
            ? { ...v, optionValues: v.optionValues.map((value, i) => (i === index ? to : value)) }
            : v,
        ),
      }
    }
    case 'ProductOptionValuesChanged':
    case 'ProductOptionValuesReordered':
      return withOption(event.data.optionId, () => ({ values: [...event.data.values] }))
    case 'ProductOptionsReordered': {
      const order = event.data.optionIds.map(option)
      return {
        ...catalog,
        options: order.map((i) => options[i]!),
        variants: variants.map((v) => ({ ...v, optionValues: order.map((i) => v.optionValues[i]!) })),
      }
    }
    case 'ProductOptionRemoved': {
      const index = option(event.data.optionId)
      return {
        ...catalog,
        options: options.filter((_, i) => i !== index),
        variants: variants.map((v) => ({ ...v, optionValues: v.optionValues.filter((_, i) => i !== index) })),
      }
    }
    case 'ProductVariantCreated': {
      const { position, optionValues, productId: _productId, ...fields } = event.data
      const variant: ProductVariant = {
        ...fields,
        optionValues: options.map((o) => optionValues.find((ov) => ov.name === o.name)?.value ?? ''),
      }
      return { ...catalog, variants: insertAt(variants, position, variant) }
    }
    case 'ProductVariantPriceChanged': {
      const { price, compareAtPrice, currencyCode } = event.data
      return withVariant(event.data.variantId, () => ({ price, compareAtPrice, currencyCode }))
    }
    case 'ProductVariantCostChanged':
      return withVariant(event.data.variantId, () => ({ cost: event.data.cost }))
    case 'ProductVariantSkuChanged':
      return withVariant(event.data.variantId, () => ({ sku: event.data.to }))
    case 'ProductVariantBarcodeChanged':
      return withVariant(event.data.variantId, () => ({ barcode: event.data.barcode }))
    case 'ProductVariantWeightChanged':
      return withVariant(event.data.variantId, () => ({ weight: event.data.weight }))
    case 'ProductVariantOptionValuesChanged': {
      const given = event.data.optionValues
      return withVariant(event.data.variantId, () => ({
        optionValues: options.map((o) => given.find((ov) => ov.name === o.name)?.value ?? ''),
      }))
    }
    case 'ProductVariantImageChanged':
      return withVariant(event.data.variantId, () => ({ mediaId: event.data.mediaId }))
    case 'ProductVariantDeleted':
      return { ...catalog, variants: variants.filter((v) => v.variantId !== event.data.variantId) }
    case 'ProductVariantsReordered': {
      const byId = new Map(variants.map((v) => [v.variantId, v]))
      return { ...catalog, variants: event.data.variantIds.flatMap((id) => byId.get(id) ?? []) }
    }
    case 'ProductInventoryTrackingChanged':
      return withVariant(event.data.variantId, () => ({ inventoryTracked: event.data.tracked }))
    case 'ProductInventoryAdjusted':
      return withVariant(event.data.variantId, () => ({ inventoryQuantity: event.data.quantity }))
    default: {
      const _exhaustive: never = event
      return _exhaustive
    }
  }
}

/** A variant's option values by option name, in option order: what events and the API show. */
export function namedValues(
  options: readonly ProductOption[],
  variant: Pick<ProductVariant, 'optionValues'>,
): OptionValue[] {
  return options.map((o, i) => ({ name: o.name, value: variant.optionValues[i] ?? '' }))
}

/** "S / Red": the option values in option order; empty for a product without options. */
export function variantTitle(variant: Pick<ProductVariant, 'optionValues'>): string {
  return variant.optionValues.join(' / ')
}

/** What the product list filters and sorts on: price range, tracked stock, variant count and SKUs. */
export function catalogTotals(variants: readonly ProductVariant[]) {
  const prices = variants.map((v) => v.price)
  return {
    priceMin: prices.length ? Math.min(...prices) : null,
    priceMax: prices.length ? Math.max(...prices) : null,
    inventoryTotal: variants.reduce((sum, v) => sum + (v.inventoryTracked ? v.inventoryQuantity : 0), 0),
    variantCount: variants.length,
    skus: variants.map((v) => v.sku).filter((sku) => sku !== ''),
  }
}

function insertAt<T>(list: readonly T[], position: number, item: T): T[] {
  return [...list.slice(0, position), item, ...list.slice(position)]
}
