import { describe, it } from 'vitest'
import {
  P,
  created,
  deleted,
  id,
  optionAdded,
  shirt,
  sized,
  variantCreated,
  spec,
} from '../../../test/support/variants.js'
import type { ProductOptionUpdate, ProductVariantCommand } from './variant-commands.js'

const [SIZE, COLOR, MATERIAL] = [id('o', 1), id('o', 2), id('o', 3)]
const add = (name: string, values: string[], position: number | null = null): ProductVariantCommand => ({
  type: 'ProductOptionAdd',
  data: { productId: P, optionId: MATERIAL, name, values, position },
})
const change = (
  data: Omit<ProductOptionUpdate['data'], 'productId' | 'optionId'>,
  optionId = SIZE,
): ProductVariantCommand => ({
  type: 'ProductOptionUpdate',
  data: { productId: P, optionId, ...data },
})
const removeOption = (optionId: string): ProductVariantCommand => ({
  type: 'ProductOptionRemove',
  data: { productId: P, optionId },
})

describe('productOptionAdd', () => {
  it('adds the option last by default or at a position; variants take its first value', () => {
    // MATERIAL is option 3: optionAdded(3, …) is the event of adding it.
    spec
      .given(shirt)
      .when(add('Material', ['Cotton', 'Silk']))
      .then([optionAdded(3, 'Material', ['Cotton', 'Silk'], 2)])
    spec
      .given(shirt)
      .when(add('Material', ['Cotton'], 0))
      .then([optionAdded(3, 'Material', ['Cotton'], 0)])
  })

  it('refuses a name the product has in any case, and a fourth option', () => {
    spec
      .given(shirt)
      .when(add('size', ['X']))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'name'], message: "already has an option 'Size'" })
    spec
      .given([...shirt, optionAdded(3, 'Material', ['Cotton'])])
      .when(add('Fit', ['Slim']))
      .thenFails({ code: 'BAD_USER_INPUT', message: 'at most 3 options' })
  })

  it('answers NOT_FOUND for a deleted product', () => {
    spec
      .given([created, deleted])
      .when(add('Size', ['S']))
      .thenFails({ code: 'NOT_FOUND' })
  })
})

describe('productOptionUpdate', () => {
  it('renames the option and its values, then sets the value list, then moves the option', () => {
    const command = change({
      name: 'Größe',
      renameValues: [{ from: 'S', to: 'Small' }],
      values: ['Small', 'M', 'XL'],
      position: 1,
    })
    spec
      .given(shirt)
      .when(command)
      .then([
        { type: 'ProductOptionRenamed', data: { productId: P, optionId: SIZE, from: 'Size', to: 'Größe' } },
        { type: 'ProductOptionValueRenamed', data: { productId: P, optionId: SIZE, from: 'S', to: 'Small' } },
        {
          type: 'ProductOptionValuesChanged',
          data: { productId: P, optionId: SIZE, values: ['Small', 'M', 'XL'], added: ['XL'], removed: ['L'] },
        },
        { type: 'ProductOptionsReordered', data: { productId: P, optionIds: [COLOR, SIZE] } },
      ])
  })

  it('records a reorder of the same values as such, and nothing when nothing changes', () => {
    spec
      .given(shirt)
      .when(change({ values: ['L', 'M', 'S'] }))
      .then([{ type: 'ProductOptionValuesReordered', data: { productId: P, optionId: SIZE, values: ['L', 'M', 'S'] } }])
    spec
      .given(shirt)
      .when(change({ name: 'Size', values: ['S', 'M', 'L'], position: 0, renameValues: [{ from: 'S', to: 'S' }] }))
      .then([])
  })

  it('refuses to drop a value variants use, saying what to do', () => {
    spec
      .given(shirt)
      .when(change({ values: ['M', 'L'] }))
      .thenFails({
        code: 'BAD_USER_INPUT',
        field: ['input', 'values'],
        message:
          "value 'S' of option 'Size' is used by 1 variant; delete those variants or give them another value first",
      })
    // A value renamed in the same call is still the variants' value.
    spec
      .given(shirt)
      .when(change({ renameValues: [{ from: 'S', to: 'Small' }], values: ['M', 'L'] }))
      .thenFails({ code: 'BAD_USER_INPUT', message: "value 'Small'" })
  })

  it('refuses renames from a value the option lacks or onto one it has, and a name another option has', () => {
    spec
      .given(shirt)
      .when(change({ renameValues: [{ from: 'XL', to: 'XXL' }] }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'renameValues', 0, 'from'] })
    spec
      .given(shirt)
      .when(change({ renameValues: [{ from: 'S', to: 'M' }] }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'renameValues', 0, 'to'] })
    spec
      .given(shirt)
      .when(change({ name: 'COLOR' }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'name'] })
  })

  it('answers NOT_FOUND for an option the product does not have, listing its options', () => {
    spec
      .given(shirt)
      .when(change({ name: 'X' }, MATERIAL))
      .thenFails({
        code: 'NOT_FOUND',
        field: ['input', 'id'],
        message: `its options are Size (${SIZE}), Color (${COLOR})`,
      })
  })
})

describe('productOptionRemove', () => {
  it('removes an option whose values tell no variants apart', () => {
    spec
      .given(shirt)
      .when(removeOption(COLOR))
      .then([{ type: 'ProductOptionRemoved', data: { productId: P, optionId: COLOR, name: 'Color' } }])
    spec
      .given([created, optionAdded(1, 'Size', ['S'])])
      .when(removeOption(SIZE))
      .then([{ type: 'ProductOptionRemoved', data: { productId: P, optionId: SIZE, name: 'Size' } }])
  })

  it('refuses when variants would become twins, saying which and what to do', () => {
    spec
      .given(shirt)
      .when(removeOption(SIZE))
      .thenFails({
        code: 'BAD_USER_INPUT',
        field: ['input', 'id'],
        message:
          "it is used with the values S, M: delete variants until only one value of 'Size' is used, then remove it",
      })
    spec
      .given([...shirt, variantCreated(3, sized('S', 'Blue'), { position: 2 })])
      .when(removeOption(COLOR))
      .thenFails({ code: 'BAD_USER_INPUT', message: `variants '${id('v', 1)}' and '${id('v', 3)}'` })
  })
})
