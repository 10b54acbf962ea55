import { defineCommand, type AnyCommandDefinition, storeInternal } from '../../shared/command.js'
import { deciderOf } from '../../shared/event.js'
import { inputAsData, onStoreEntity } from '../../shared/store-of.js'
import { evolveCart, initialCartState } from './cart.js'
import {
  cartClearInput,
  cartCreateInput,
  cartLinesAddInput,
  cartLinesRemoveInput,
  cartLinesUpdateInput,
  type CartCommand,
} from './commands.js'
import { decideCart } from './decide.js'
import type { CartLine } from './events.js'
import { CART_CATEGORY, cartStream } from './streams.js'

export const cartDecider = deciderOf(initialCartState, evolveCart, decideCart)

/**
 * Shoppers reach carts through the storefront (the cart pages, `/cart/*.js` and the public
 * storefront API), which check what a shopper may add and act as the `storefront` system actor:
 * no admin transport offers these commands.
 */
const SHOPPER = storeInternal(CART_CATEGORY, 'orders:write', { decider: cartDecider })

const onCart = onStoreEntity<CartCommand>(cartStream)

type NewLines = { productId: string; variantId: string; quantity: number }[] | null | undefined

function withIds(lines: NewLines, newId: () => string): CartLine[] {
  return (lines ?? []).map((line) => ({ lineId: newId(), ...line }))
}

export const cartCreate = defineCommand({
  name: 'cartCreate',
  tool: 'create_cart',
  description:
    "Create a shopper's cart in the current store, with lines of {productId, variantId, quantity} if given; lines of the " +
    'same variant are merged. A cart holds no prices: they are read from the catalog when it is shown. Returns the cart id.',
  summary: 'Creates a cart.',
  ...SHOPPER,
  annotations: { destructive: false, idempotent: false },
  input: cartCreateInput,
  prepare(input, env) {
    const cartId = env.newId()
    const command: CartCommand = { type: 'CartCreate', data: { cartId, lines: withIds(input.lines, env.newId) } }
    return onCart(env, cartId, command)
  },
})

export const cartLinesAdd = defineCommand({
  name: 'cartLinesAdd',
  tool: 'add_cart_lines',
  description:
    'Add lines of {productId, variantId, quantity} to a cart; a variant already in the cart gets its quantity raised. ' +
    'Fails with NOT_FOUND when the cart is unknown and BAD_USER_INPUT over 999 units a line or 100 lines.',
  summary: 'Adds lines to a cart.',
  ...SHOPPER,
  annotations: { destructive: false, idempotent: false },
  input: cartLinesAddInput,
  prepare(input, env) {
    const command: CartCommand = {
      type: 'CartLinesAdd',
      data: { cartId: input.cartId, lines: withIds(input.lines, env.newId) },
    }
    return onCart(env, input.cartId, command)
  },
})

export const cartLinesUpdate = defineCommand({
  name: 'cartLinesUpdate',
  tool: 'update_cart_lines',
  description:
    'Set the quantity of cart lines found by lineId; 0 removes the line. Fails with NOT_FOUND when the cart or a line is unknown.',
  summary: 'Changes quantities of cart lines.',
  ...SHOPPER,
  annotations: { destructive: false, idempotent: true },
  input: cartLinesUpdateInput,
  prepare: inputAsData(onCart, 'cartId', 'CartLinesUpdate'),
})

export const cartLinesRemove = defineCommand({
  name: 'cartLinesRemove',
  tool: 'remove_cart_lines',
  description: 'Remove lines from a cart by lineId. Fails with NOT_FOUND when the cart or a line is unknown.',
  summary: 'Removes lines from a cart.',
  ...SHOPPER,
  annotations: { destructive: true, idempotent: false },
  input: cartLinesRemoveInput,
  prepare: inputAsData(onCart, 'cartId', 'CartLinesRemove'),
})

export const cartClear = defineCommand({
  name: 'cartClear',
  tool: 'clear_cart',
  description:
    'Remove every line of a cart (after checkout, or when the shopper empties it). Clearing an empty cart changes nothing.',
  summary: 'Empties a cart.',
  ...SHOPPER,
  annotations: { destructive: true, idempotent: true },
  input: cartClearInput,
  prepare: inputAsData(onCart, 'cartId', 'CartClear'),
})

export const cartCommands: readonly AnyCommandDefinition[] = [
  cartCreate,
  cartLinesAdd,
  cartLinesUpdate,
  cartLinesRemove,
  cartClear,
]
