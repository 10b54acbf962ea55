import { describe, expect, it } from 'vitest'
import {
  P,
  ctx,
  created,
  deleted,
  draft,
  id,
  optionAdded,
  shirt,
  sized,
  variantCreated,
  spec,
} from '../../../test/support/variants.js'
import { fold } from '../../shared/event.js'
import type { ProductEvent } from './events.js'
import type { ProductVariantCommand, VariantDraft, VariantPatch } from './variant-commands.js'
import { productVariantsDecider } from './variant-definitions.js'
import { VARIANTS_MAX, catalogTotals, type VariantsState } from './variants.js'

const create = (...variants: VariantDraft[]): ProductVariantCommand => ({
  type: 'ProductVariantsCreate',
  data: { productId: P, variants },
})
const update = (...variants: Omit<VariantPatch, 'currencyCode'>[]): ProductVariantCommand => ({
  type: 'ProductVariantsUpdate',
  data: { productId: P, variants: variants.map((v) => ({ currencyCode: 'USD', ...v })) },
})
const remove = (...variantIds: string[]): ProductVariantCommand => ({
  type: 'ProductVariantsDelete',
  data: { productId: P, variantIds, fields: variantIds.map((_, i) => ['input', 'variantIds', i]) },
})
const reorder = (...variantIds: string[]): ProductVariantCommand => ({
  type: 'ProductVariantsReorder',
  data: { productId: P, variantIds },
})
const [V1, V2, V3] = [id('v', 1), id('v', 2), id('v', 3)]
const at = (i: number, ...rest: (string | number)[]) => ['input', 'variants', i, ...rest]

describe('creating variants', () => {
  it('appends each variant with its option values by name, in option order', () => {
    const input = draft(3, [
      { name: 'Color', value: 'Blue' },
      { name: 'Size', value: 'L' },
    ])
    spec
      .given(shirt)
      .when(create(input))
      .then([variantCreated(3, sized('L', 'Blue'), { position: 2 })])
  })

  it('creates a single variant without option values on a product without options', () => {
    spec
      .given([created])
      .when(create(draft(1, null)))
      .then([variantCreated(1, [], { position: 0 })])
    spec
      .given([created, variantCreated(1, [])])
      .when(create(draft(2, [])))
      .thenFails({
        code: 'BAD_USER_INPUT',
        field: at(1, 'optionValues'),
        message: 'a product without options has one variant',
      })
  })

  it('refuses option values that do not fit the options, naming the variant and the entry', () => {
    const fails = (optionValues: VariantDraft['optionValues'], field: (string | number)[], message: string) =>
      spec
        .given(shirt)
        .when(create(draft(3, optionValues, { field: at(0) })))
        .thenFails({ code: 'BAD_USER_INPUT', field, message })
    fails(
      sized('XL', 'Red'),
      at(0, 'optionValues', 0, 'value'),
      "option 'Size' has no value 'XL'; its values are S, M, L",
    )
    fails(
      [{ name: 'Material', value: 'Silk' }],
      at(0, 'optionValues', 0, 'name'),
      "the product has no option 'Material'; its options are Size, Color",
    )
    fails(sized('L'), at(0, 'optionValues'), 'missing: Color')
    fails(null, at(0, 'optionValues'), 'missing: Size, Color')
    fails(
      [...sized('L', 'Red'), { name: 'Size', value: 'S' }],
      at(0, 'optionValues', 2, 'name'),
      "option 'Size' is given twice",
    )
  })

  it('refuses a combination another variant has, also within the same call', () => {
    spec
      .given(shirt)
      .when(create(draft(3, sized('S', 'Red'), { field: at(0) })))
      .thenFails({
        code: 'BAD_USER_INPUT',
        field: at(0, 'optionValues'),
        message: `variant '${V1}' already has the values S / Red`,
      })
    const twins = create(draft(3, sized('L', 'Red'), { field: at(0) }), draft(4, sized('L', 'Red'), { field: at(1) }))
    spec
      .given(shirt)
      .when(twins)
      .thenFails({ code: 'BAD_USER_INPUT', field: at(1, 'optionValues') })
  })

  it('refuses a SKU another variant of the product has with CONFLICT; empty SKUs repeat freely', () => {
    spec
      .given(shirt)
      .when(create(draft(3, sized('L', 'Red'), { sku: 'SKU-2', field: at(0) })))
      .thenFails({ code: 'CONFLICT', field: at(0, 'sku'), message: "sku 'SKU-2' is used by variant" })
    const blanks = create(draft(3, sized('L', 'Red'), { sku: '' }), draft(4, sized('L', 'Blue'), { sku: '' }))
    expect(
      productVariantsDecider.decide(blanks, fold(productVariantsDecider, shirt), ctx).map((e) => e.data),
    ).toMatchObject([{ sku: '' }, { sku: '' }])
  })

  it(`holds at most ${VARIANTS_MAX} variants`, () => {
    const many: ProductEvent[] = [
      created,
      optionAdded(
        1,
        'N',
        Array.from({ length: 100 }, (_, i) => `n${i}`),
      ),
    ]
    for (let i = 0; i < VARIANTS_MAX; i++)
      many.push(variantCreated(i + 1, [{ name: 'N', value: `n${i}` }], { sku: '', position: i }))
    spec
      .given(many)
      .when(create(draft(101, [{ name: 'N', value: 'n0' }], { field: ['input'] })))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input'], message: 'at most 100 variants' })
  })

  it('answers NOT_FOUND for a missing or deleted product', () => {
    spec
      .given([])
      .when(create(draft(1, null)))
      .thenFails({ code: 'NOT_FOUND', message: `product '${P}' does not exist in this store` })
    spec
      .given([created, deleted])
      .when(create(draft(1, null)))
      .thenFails({ code: 'NOT_FOUND' })
  })
})

describe('updating variants', () => {
  it('records one event per field that changed, saying what happened', () => {
    const patch = {
      variantId: V1,
      field: ['input'],
      price: 1500,
      compareAtPrice: 2000,
      cost: 700,
      sku: 'NEW',
      barcode: '123',
      weight: { value: 0.3, unit: 'KG' as const },
      optionValues: sized('L', 'Blue'),
      mediaId: id('m', 1),
      inventoryTracked: false,
    }
    spec
      .given(shirt)
      .when(update(patch))
      .then([
        {
          type: 'ProductVariantPriceChanged',
          data: { productId: P, variantId: V1, price: 1500, compareAtPrice: 2000, currencyCode: 'USD' },
        },
        { type: 'ProductVariantCostChanged', data: { productId: P, variantId: V1, cost: 700, currencyCode: 'USD' } },
        { type: 'ProductVariantSkuChanged', data: { productId: P, variantId: V1, from: 'SKU-1', to: 'NEW' } },
        { type: 'ProductVariantBarcodeChanged', data: { productId: P, variantId: V1, barcode: '123' } },
        {
          type: 'ProductVariantWeightChanged',
          data: { productId: P, variantId: V1, weight: { value: 0.3, unit: 'KG' } },
        },
        {
          type: 'ProductVariantOptionValuesChanged',
          data: { productId: P, variantId: V1, optionValues: sized('L', 'Blue') },
        },
        { type: 'ProductVariantImageChanged', data: { productId: P, variantId: V1, mediaId: id('m', 1) } },
        { type: 'ProductInventoryTrackingChanged', data: { productId: P, variantId: V1, tracked: false } },
      ])
  })

  it('records nothing for values the variant already has, and keeps the compare-at price when only the price changes', () => {
    spec
      .given(shirt)
      .when(
        update({
          variantId: V1,
          field: ['input'],
          price: 1000,
          sku: 'SKU-1',
          optionValues: sized('S', 'Red'),
          inventoryTracked: true,
        }),
      )
      .then([])
    const withCompare = [
      ...shirt,
      {
        type: 'ProductVariantPriceChanged',
        data: { productId: P, variantId: V1, price: 1000, compareAtPrice: 1200, currencyCode: 'USD' },
      } as ProductEvent,
    ]
    spec
      .given(withCompare)
      .when(update({ variantId: V1, field: ['input'], price: 900 }))
      .then([
        {
          type: 'ProductVariantPriceChanged',
          data: { productId: P, variantId: V1, price: 900, compareAtPrice: 1200, currencyCode: 'USD' },
        },
      ])
    spec
      .given(withCompare)
      .when(update({ variantId: V1, field: ['input'], compareAtPrice: null }))
      .then([
        {
          type: 'ProductVariantPriceChanged',
          data: { productId: P, variantId: V1, price: 1000, compareAtPrice: null, currencyCode: 'USD' },
        },
      ])
  })

  it('lets two variants swap SKUs and option values in one call', () => {
    const swap = update(
      { variantId: V1, field: at(0), sku: 'SKU-2', optionValues: sized('M', 'Red') },
      { variantId: V2, field: at(1), sku: 'SKU-1', optionValues: sized('S', 'Red') },
    )
    const state = fold(productVariantsDecider, [
      ...shirt,
      ...productVariantsDecider.decide(swap, fold(productVariantsDecider, shirt), ctx),
    ])
    expect(catalogOf(state).variants.map((v) => [v.sku, v.optionValues.join('/')])).toEqual([
      ['SKU-2', 'M/Red'],
      ['SKU-1', 'S/Red'],
    ])
  })

  it('refuses a result where two variants share a SKU or values, naming the item', () => {
    spec
      .given(shirt)
      .when(update({ variantId: V2, field: at(3), sku: 'SKU-1' }))
      .thenFails({ code: 'CONFLICT', field: at(3, 'sku') })
    spec
      .given(shirt)
      .when(update({ variantId: V2, field: at(3), optionValues: sized('S', 'Red') }))
      .thenFails({ code: 'BAD_USER_INPUT', field: at(3, 'optionValues') })
  })

  it('answers NOT_FOUND for an unknown variant and refuses one listed twice, naming the item', () => {
    spec
      .given(shirt)
      .when(update({ variantId: V1, field: at(0) }, { variantId: V3, field: at(1), price: 1 }))
      .thenFails({ code: 'NOT_FOUND', field: at(1, 'id'), message: `variant '${V3}' does not exist on product '${P}'` })
    spec
      .given(shirt)
      .when(update({ variantId: V1, field: at(0) }, { variantId: V1, field: at(1) }))
      .thenFails({ code: 'BAD_USER_INPUT', field: at(1, 'id'), message: 'listed twice' })
  })
})

describe('deleting variants', () => {
  it('records each variant with its SKU, once however often it is listed', () => {
    spec
      .given(shirt)
      .when(remove(V2, V1, V2))
      .then([
        { type: 'ProductVariantDeleted', data: { productId: P, variantId: V2, sku: 'SKU-2' } },
        { type: 'ProductVariantDeleted', data: { productId: P, variantId: V1, sku: 'SKU-1' } },
      ])
  })

  it('fails as a whole with NOT_FOUND naming an unknown id', () => {
    spec
      .given(shirt)
      .when(remove(V1, V3))
      .thenFails({ code: 'NOT_FOUND', field: ['input', 'variantIds', 1] })
  })
})

describe('reordering variants', () => {
  const three = [...shirt, variantCreated(3, sized('L', 'Red'), { position: 2 })]

  it('puts the listed variants first and keeps the others in order; the same order records nothing', () => {
    spec
      .given(three)
      .when(reorder(V3))
      .then([{ type: 'ProductVariantsReordered', data: { productId: P, variantIds: [V3, V1, V2] } }])
    spec.given(three).when(reorder(V1, V2)).then([])
  })

  it('refuses unknown and repeated variants, naming the entry', () => {
    spec
      .given(shirt)
      .when(reorder(V1, V3))
      .thenFails({ code: 'NOT_FOUND', field: ['input', 'variantIds', 1] })
    spec
      .given(shirt)
      .when(reorder(V2, V2))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'variantIds', 1], message: 'listed twice' })
  })
})

describe('evolve', () => {
  it('follows options and variants through renames, reorders, removals and deletions', () => {
    const state = fold(productVariantsDecider, [
      ...shirt,
      { type: 'ProductOptionValueRenamed', data: { productId: P, optionId: id('o', 1), from: 'S', to: 'Small' } },
      { type: 'ProductOptionsReordered', data: { productId: P, optionIds: [id('o', 2), id('o', 1)] } },
      { type: 'ProductVariantsReordered', data: { productId: P, variantIds: [V2, V1] } },
      {
        type: 'ProductInventoryAdjusted',
        data: { productId: P, variantId: V1, delta: 4, quantity: 4, reason: 'RECEIVED', note: '' },
      },
    ])
    const catalog = catalogOf(state)
    expect(catalog.options.map((o) => `${o.name}:${o.values.join(',')}`)).toEqual(['Color:Red,Blue', 'Size:Small,M,L'])
    expect(catalog.variants.map((v) => v.optionValues.join(' / '))).toEqual(['Red / M', 'Red / Small'])
    expect(catalogTotals(catalog.variants)).toEqual({
      priceMin: 1000,
      priceMax: 2000,
      inventoryTotal: 4,
      variantCount: 2,
      skus: ['SKU-2', 'SKU-1'],
    })
    expect(fold(productVariantsDecider, [...shirt, deleted])).toEqual({ kind: 'deleted' })
  })
})

function catalogOf(state: VariantsState) {
  if (state.kind !== 'existing') throw new Error(`expected a live product, got ${state.kind}`)
  return state.catalog
}
