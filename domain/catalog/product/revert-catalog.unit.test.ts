import { describe, expect, it } from 'vitest'
import type { StoredValue } from '../attribute/values.js'
import { attributeChanges, catalogChanges } from './revert-catalog.js'
import { applyCatalogEvent, type Catalog, type ProductVariant } from './variants.js'

const ID = '01900000-0000-7000-8000-000000000001'
const SIZE = '01900000-0000-7000-8000-0000000000a1'
const COLOR = '01900000-0000-7000-8000-0000000000a2'
const V1 = '01900000-0000-7000-8000-0000000000b1'
const V2 = '01900000-0000-7000-8000-0000000000b2'
const V3 = '01900000-0000-7000-8000-0000000000b3'

const variant = (variantId: string, optionValues: string[], fields: Partial<ProductVariant> = {}): ProductVariant => ({
  variantId,
  sku: `SKU-${variantId.slice(-2)}`,
  barcode: '',
  price: 1000,
  compareAtPrice: null,
  cost: null,
  currencyCode: 'USD',
  inventoryTracked: true,
  inventoryQuantity: 5,
  weight: null,
  optionValues,
  mediaId: null,
  ...fields,
})
const size = { optionId: SIZE, name: 'Size', values: ['S', 'M'] }
const then: Catalog = { productId: ID, options: [size], variants: [variant(V1, ['S']), variant(V2, ['M'])] }

/** The catalog the events lead to, folded with the same function the deciders and read model use. */
const replay = (from: Catalog, events: ReturnType<typeof catalogChanges>) => events.reduce(applyCatalogEvent, from)

describe('catalogChanges', () => {
  it('records nothing when the options and variants are as at the target', () => {
    expect(catalogChanges(then, then)).toEqual([])
  })

  it('restores renamed options, changed values, prices, SKUs and order, leaving the stock of kept variants alone', () => {
    const now: Catalog = {
      productId: ID,
      options: [{ optionId: SIZE, name: 'Größe', values: ['M', 'S', 'L'] }],
      variants: [
        variant(V2, ['M'], { price: 1500, sku: 'NEW', inventoryQuantity: 1 }),
        variant(V1, ['S'], { inventoryQuantity: 2 }),
      ],
    }
    const events = catalogChanges(now, then)
    expect(events.map((e) => e.type)).toEqual([
      'ProductOptionRenamed',
      'ProductOptionValuesChanged',
      'ProductVariantPriceChanged',
      'ProductVariantSkuChanged',
      'ProductVariantsReordered',
    ])
    const restored = replay(now, events)
    expect(restored).toEqual({
      ...then,
      variants: [variant(V1, ['S'], { inventoryQuantity: 2 }), variant(V2, ['M'], { inventoryQuantity: 1 })],
    })
  })

  it('deletes variants and options added since, and creates again those deleted since with their stock then', () => {
    const now: Catalog = {
      productId: ID,
      options: [size, { optionId: COLOR, name: 'Color', values: ['Red'] }],
      variants: [variant(V1, ['S', 'Red']), variant(V3, ['M', 'Red'])],
    }
    const events = catalogChanges(now, then)
    expect(events.map((e) => e.type)).toEqual([
      'ProductVariantDeleted',
      'ProductOptionRemoved',
      'ProductVariantCreated',
    ])
    expect(events[0]).toEqual({ type: 'ProductVariantDeleted', data: { productId: ID, variantId: V3, sku: 'SKU-b3' } })
    expect(replay(now, events)).toEqual(then)
  })

  it('adds options removed since, then sets each variant’s value of it', () => {
    const now: Catalog = { productId: ID, options: [], variants: [variant(V1, []), variant(V2, [])] }
    const events = catalogChanges(now, then)
    expect(events.map((e) => e.type)).toEqual(['ProductOptionAdded', 'ProductVariantOptionValuesChanged'])
    expect(replay(now, events)).toEqual(then)
  })
})

describe('attributeChanges', () => {
  const value = (attributeId: string, v: string): StoredValue => ({
    attributeId,
    code: `c${attributeId.slice(-1)}`,
    type: 'TEXT',
    value: v,
  })
  const A = '01900000-0000-7000-8000-0000000000c1'
  const B = '01900000-0000-7000-8000-0000000000c2'
  const SET = '01900000-0000-7000-8000-0000000000d1'

  it('restores the set, removes values added since and sets values changed or removed since', () => {
    const current = { attributeSetId: SET, values: [value(A, 'linen'), value(B, 'new')] }
    const target = { attributeSetId: null, values: [value(A, 'cotton')] }
    expect(attributeChanges(ID, current, target)).toEqual([
      { type: 'ProductAttributeSetChanged', data: { productId: ID, from: SET, to: null, dropped: [] } },
      { type: 'ProductAttributeValuesRemoved', data: { productId: ID, values: [{ attributeId: B, code: 'c2' }] } },
      { type: 'ProductAttributeValuesSet', data: { productId: ID, values: [value(A, 'cotton')] } },
    ])
    expect(attributeChanges(ID, target, target)).toEqual([])
  })
})
