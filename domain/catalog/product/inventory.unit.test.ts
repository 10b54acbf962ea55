import { describe, it } from 'vitest'
import { P, id, shirt, sized, variantCreated, spec } from '../../../test/support/variants.js'
import type { ProductEvent } from './events.js'
import type { ProductInventoryAdjust } from './variant-commands.js'
import type { InventoryReason } from './variant-events.js'

const V1 = id('v', 1)
const stocked: ProductEvent[] = [
  ...shirt,
  {
    type: 'ProductInventoryAdjusted',
    data: { productId: P, variantId: V1, delta: 10, quantity: 10, reason: 'RECEIVED', note: '' },
  },
]
const adjust = (data: Partial<ProductInventoryAdjust['data']>): ProductInventoryAdjust => ({
  type: 'ProductInventoryAdjust',
  data: { productId: P, variantId: V1, delta: null, setQuantity: null, reason: 'CORRECTION', note: '', ...data },
})
const adjusted = (delta: number, quantity: number, reason: InventoryReason, note = ''): ProductEvent[] => [
  { type: 'ProductInventoryAdjusted', data: { productId: P, variantId: V1, delta, quantity, reason, note } },
]

describe('productInventoryAdjust', () => {
  it('moves the stock by a delta, recording the reason and the note', () => {
    spec
      .given(stocked)
      .when(adjust({ delta: -3, reason: 'DAMAGED', note: 'water' }))
      .then(adjusted(-3, 7, 'DAMAGED', 'water'))
    spec
      .given(stocked)
      .when(adjust({ delta: 5, reason: 'RECEIVED' }))
      .then(adjusted(5, 15, 'RECEIVED'))
  })

  it('sets a counted quantity as the delta to it; a count that matches records nothing', () => {
    spec
      .given(stocked)
      .when(adjust({ setQuantity: 4 }))
      .then(adjusted(-6, 4, 'CORRECTION'))
    spec
      .given(stocked)
      .when(adjust({ setQuantity: 10 }))
      .then([])
  })

  it('lets the stock go below zero: overselling is a fact to show, not an input error', () => {
    spec
      .given(stocked)
      .when(adjust({ delta: -12, reason: 'SOLD' }))
      .then(adjusted(-12, -2, 'SOLD'))
  })

  it('needs exactly one of delta and setQuantity, and a note for OTHER', () => {
    spec
      .given(stocked)
      .when(adjust({}))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'delta'], message: 'exactly one of them' })
    spec
      .given(stocked)
      .when(adjust({ delta: 1, setQuantity: 1 }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'delta'] })
    spec
      .given(stocked)
      .when(adjust({ delta: 1, reason: 'OTHER', note: '  ' }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'note'], message: 'reason OTHER needs a note' })
  })

  it('refuses an untracked variant and a stock beyond the limit', () => {
    const untracked = [...shirt, variantCreated(3, sized('L', 'Red'), { inventoryTracked: false, position: 2 })]
    spec
      .given(untracked)
      .when(adjust({ variantId: id('v', 3), delta: 1 }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'variantId'], message: 'set inventoryTracked to true' })
    spec
      .given(stocked)
      .when(adjust({ delta: 999_999_999 }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'delta'], message: 'must stay between' })
  })

  it('answers NOT_FOUND for a variant the product does not have', () => {
    spec
      .given(stocked)
      .when(adjust({ variantId: id('v', 9), delta: 1 }))
      .thenFails({ code: 'NOT_FOUND', field: ['input', 'variantId'] })
  })
})
