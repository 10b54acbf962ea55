import { z } from 'zod'
import { entityId } from '../../shared/input-types.js'
import { strictInput } from '../../shared/strict-input.js'
import type { CartLine } from './events.js'

/** Most units of one line: a cart is a shopper's basket, not a wholesale order. */
export const MAX_LINE_QUANTITY = 999
/** Most lines of one cart. */
export const MAX_CART_LINES = 100

function quantityInput(min: number) {
  return z
    .number({ error: 'quantity must be a whole number' })
    .int('quantity must be a whole number')
    .min(min, `quantity must be at least ${min}`)
    .max(MAX_LINE_QUANTITY, `quantity must be at most ${MAX_LINE_QUANTITY}`)
}

const newLineInput = strictInput('cart line', {
  productId: entityId('product', 'productId'),
  variantId: entityId('variant', 'variantId'),
  quantity: quantityInput(1).describe(`How many units, 1–${MAX_LINE_QUANTITY}; added to a line of the same variant.`),
})

const newLines = (min: number) =>
  z
    .array(newLineInput, { error: 'lines must be a list' })
    .min(min, `lines must hold at least ${min} line`)
    .max(MAX_CART_LINES, `a cart holds at most ${MAX_CART_LINES} lines`)

const cartIdInput = entityId('cart', 'cartId')

export const cartCreateInput = strictInput('cartCreate', { lines: newLines(0).nullish() })

export const cartLinesAddInput = strictInput('cartLinesAdd', { cartId: cartIdInput, lines: newLines(1) })

export const cartLinesUpdateInput = strictInput('cartLinesUpdate', {
  cartId: cartIdInput,
  lines: z
    .array(
      strictInput('cart line change', {
        lineId: entityId('cart line', 'lineId'),
        quantity: quantityInput(0).describe('The new quantity of the line; 0 removes it.'),
      }),
      { error: 'lines must be a list' },
    )
    .min(1, 'lines must hold at least 1 line')
    .max(MAX_CART_LINES, `a cart holds at most ${MAX_CART_LINES} lines`),
})

export const cartLinesRemoveInput = strictInput('cartLinesRemove', {
  cartId: cartIdInput,
  lineIds: z
    .array(entityId('cart line', 'lineIds'), { error: 'lineIds must be a list' })
    .min(1, 'lineIds must hold at least 1 id')
    .max(MAX_CART_LINES, `a cart holds at most ${MAX_CART_LINES} lines`),
})

export const cartClearInput = strictInput('cartClear', { cartId: cartIdInput })

/** Lines as the command carries them: `prepare` gave each a fresh id, used when it does not join a line of its variant. */
export type CartCreate = { type: 'CartCreate'; data: { cartId: string; lines: CartLine[] } }
export type CartLinesAdd = { type: 'CartLinesAdd'; data: { cartId: string; lines: CartLine[] } }
export type CartLinesUpdate = {
  type: 'CartLinesUpdate'
  data: { cartId: string; lines: { lineId: string; quantity: number }[] }
}
export type CartLinesRemove = { type: 'CartLinesRemove'; data: { cartId: string; lineIds: string[] } }
export type CartClear = { type: 'CartClear'; data: { cartId: string } }

export type CartCommand = CartCreate | CartLinesAdd | CartLinesUpdate | CartLinesRemove | CartClear
