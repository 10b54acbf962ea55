import { describe, expect, it } from 'vitest'
import type { Catalog, ProductVariant } from '../../../domain/catalog/product/variants.js'
import { VARIANT_DEFAULTS } from '../../../test/support/variants.js'
import { matchVariant } from './variants.js'

const variant = (variantId: string, sku: string, optionValues: string[]): ProductVariant => ({
  variantId,
  sku,
  optionValues,
  price: 1000,
  ...VARIANT_DEFAULTS,
})
const sized: Catalog = {
  productId: 'p',
  options: [
    { optionId: 'o1', name: 'Size', values: ['S', 'M'] },
    { optionId: 'o2', name: 'Colour', values: ['Red'] },
  ],
  variants: [variant('v1', '', ['S', 'Red']), variant('v2', 'TEE-M', ['M', 'Red'])],
}

describe('matchVariant', () => {
  it('finds a variant by SKU first, else by the values of every option in any order', () => {
    expect(matchVariant(sized, { sku: ' TEE-M ' })).toMatchObject({ kind: 'found', variant: { variantId: 'v2' } })
    expect(
      matchVariant(sized, {
        optionValues: [
          { name: 'Colour', value: 'Red' },
          { name: 'Size', value: 'S' },
        ],
      }),
    ).toMatchObject({ kind: 'found', variant: { variantId: 'v1' } })
    // A SKU the product does not have yet, on a known combination: that variant, which gets the SKU.
    expect(
      matchVariant(sized, {
        sku: 'TEE-S',
        optionValues: [
          { name: 'Size', value: 'S' },
          { name: 'Colour', value: 'Red' },
        ],
      }),
    ).toMatchObject({ variant: { variantId: 'v1' } })
  })

  it('adds a variant for a new SKU or a new whole combination, and cannot tell without either', () => {
    expect(matchVariant(sized, { sku: 'TEE-L' })).toEqual({ kind: 'none' })
    expect(
      matchVariant(sized, {
        optionValues: [
          { name: 'Size', value: 'L' },
          { name: 'Colour', value: 'Red' },
        ],
      }),
    ).toEqual({ kind: 'none' })
    expect(matchVariant(sized, { price: '1.00' })).toEqual({ kind: 'unmatchable' })
    expect(matchVariant(sized, { optionValues: [{ name: 'Size', value: 'S' }] })).toEqual({ kind: 'unmatchable' })
    expect(matchVariant(sized, { optionValues: 'S' })).toEqual({ kind: 'unmatchable' })
  })

  it('matches the one variant of a product without options by no values at all', () => {
    const plain: Catalog = { productId: 'p', options: [], variants: [variant('v0', '', [])] }
    expect(matchVariant(plain, { price: '2.00' })).toMatchObject({ kind: 'found', variant: { variantId: 'v0' } })
    expect(matchVariant({ ...plain, variants: [] }, { price: '2.00' })).toEqual({ kind: 'none' })
  })
})
