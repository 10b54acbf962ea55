import type { ProductCreated, ProductEvent } from '../../domain/catalog/product/events.js'
import { productVariantsDecider } from '../../domain/catalog/product/variant-definitions.js'
import type { VariantDraft } from '../../domain/catalog/product/variant-commands.js'
import type { OptionValue, ProductVariantCreated } from '../../domain/catalog/product/variant-events.js'
import { STORE, ctx } from './decide-context.js'
import { deciderSpec } from './decider-spec.js'
export { STORE, ctx }

// Shared givens of the option, variant and inventory unit tests.

export const P = '01900000-0000-7000-8000-000000000001'

/** Given/when/then over the option, variant and inventory decider. */
export const spec = deciderSpec(productVariantsDecider, ctx)

/** Ids that read as what they are: `id('v', 1)` is variant 1. */
export const id = (kind: 'o' | 'v' | 'm', n: number) =>
  `01900000-0000-7000-8000-${kind === 'o' ? 'a' : kind === 'v' ? 'b' : 'c'}${String(n).padStart(11, '0')}`

export const created: ProductCreated = {
  type: 'ProductCreated',
  data: { productId: P, title: 'Shirt', handle: 'shirt', description: '', status: 'ACTIVE', vendor: '', tags: [] },
}
export const deleted: ProductEvent = { type: 'ProductDeleted', data: { productId: P, handle: 'shirt' } }

export const optionAdded = (n: number, name: string, values: string[], position = n - 1): ProductEvent => ({
  type: 'ProductOptionAdded',
  data: { productId: P, optionId: id('o', n), name, values, position, variantValue: values[0]! },
})

/** The fields a new variant has when a test does not say: no barcode, no extra prices, USD, tracked, none in stock. */
export const VARIANT_DEFAULTS = {
  barcode: '',
  compareAtPrice: null,
  cost: null,
  currencyCode: 'USD',
  inventoryTracked: true,
  inventoryQuantity: 0,
  weight: null,
  mediaId: null,
}

export const variantCreated = (
  n: number,
  optionValues: OptionValue[],
  extra: Partial<ProductVariantCreated['data']> = {},
): ProductVariantCreated => ({
  type: 'ProductVariantCreated',
  data: {
    productId: P,
    variantId: id('v', n),
    sku: `SKU-${n}`,
    price: 1000 * n,
    ...VARIANT_DEFAULTS,
    optionValues,
    position: n - 1,
    ...extra,
  },
})

export const draft = (
  n: number,
  optionValues: OptionValue[] | null,
  extra: Partial<VariantDraft> = {},
): VariantDraft => ({
  variantId: id('v', n),
  sku: `SKU-${n}`,
  price: 1000 * n,
  ...VARIANT_DEFAULTS,
  optionValues,
  field: ['input', 'variants', n - 1],
  ...extra,
})

export const sized = (size: string, color?: string): OptionValue[] => [
  { name: 'Size', value: size },
  ...(color ? [{ name: 'Color', value: color }] : []),
]

/** A shirt with Size S/M/L and Color Red/Blue, and the variants S/Red (1) and M/Red (2). */
export const shirt: ProductEvent[] = [
  created,
  optionAdded(1, 'Size', ['S', 'M', 'L']),
  optionAdded(2, 'Color', ['Red', 'Blue']),
  variantCreated(1, sized('S', 'Red')),
  variantCreated(2, sized('M', 'Red')),
]
