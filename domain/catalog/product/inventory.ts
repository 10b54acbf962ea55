import { DomainError, badInput } from '../../shared/errors.js'
import type { ProductInventoryAdjust } from './variant-commands.js'
import { QUANTITY_LIMIT } from './variant-commands.js'
import type { ProductVariantEvent } from './variant-events.js'
import type { Catalog } from './variants.js'

/**
 * Moves a tracked variant's stock by `delta`, or to a counted `setQuantity`, for a reason the
 * audit log shows. A count that matches the stock records nothing. Stock may go below zero:
 * an oversold variant is a fact the merchant must see, not an input error.
 */
export function adjustInventory(catalog: Catalog, command: ProductInventoryAdjust): ProductVariantEvent[] {
  const { productId, variantId, delta, setQuantity, reason, note } = command.data
  if ((delta === null) === (setQuantity === null)) {
    throw badInput(
      ['input', 'delta'],
      'give either delta (the change) or setQuantity (the counted stock), exactly one of them',
    )
  }
  if (reason === 'OTHER' && note.trim() === '')
    throw badInput(['input', 'note'], 'reason OTHER needs a note saying why the stock changed')
  const variant = catalog.variants.find((v) => v.variantId === variantId)
  if (!variant) {
    throw new DomainError('NOT_FOUND', `variant '${variantId}' does not exist on product '${productId}'`, {
      field: ['input', 'variantId'],
    })
  }
  if (!variant.inventoryTracked) {
    throw badInput(
      ['input', 'variantId'],
      `variant '${variantId}' does not track inventory; set inventoryTracked to true with productVariantUpdate first`,
    )
  }
  const quantity = setQuantity ?? variant.inventoryQuantity + delta!
  if (Math.abs(quantity) > QUANTITY_LIMIT) {
    throw badInput(
      ['input', delta === null ? 'setQuantity' : 'delta'],
      `stock would be ${quantity}; it must stay between -${QUANTITY_LIMIT} and ${QUANTITY_LIMIT}`,
    )
  }
  if (quantity === variant.inventoryQuantity) return []
  return [
    {
      type: 'ProductInventoryAdjusted',
      data: { productId, variantId, delta: quantity - variant.inventoryQuantity, quantity, reason, note },
    },
  ]
}
