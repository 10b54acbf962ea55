import { DomainError, badInput, conflict, notFound } from '../../shared/errors.js'
import type { CartState } from './cart.js'
import { MAX_CART_LINES, MAX_LINE_QUANTITY, type CartCommand } from './commands.js'
import type { CartEvent, CartLine } from './events.js'

type OpenCart = Extract<CartState, { kind: 'open' }>

/** Pure: the answer depends only on the command and the cart's history. */
export function decideCart(command: CartCommand, state: CartState): CartEvent[] {
  switch (command.type) {
    case 'CartCreate': {
      const { cartId, lines } = command.data
      if (state.kind !== 'empty') throw conflict(`cart '${cartId}' already exists; add lines to it instead`)
      return [{ type: 'CartCreated', data: { cartId } }, ...addLines({ kind: 'open', cartId, lines: [] }, lines)]
    }
    case 'CartLinesAdd':
      return addLines(open(state, command.data.cartId), command.data.lines)
    case 'CartLinesUpdate': {
      const cart = open(state, command.data.cartId)
      const events: CartEvent[] = []
      const quantities = new Map(cart.lines.map((line) => [line.lineId, line.quantity]))
      command.data.lines.forEach(({ lineId, quantity }, i) => {
        const from = quantities.get(lineId)
        if (from === undefined) throw lineNotFound(['input', 'lines', i, 'lineId'], lineId)
        if (from === quantity) return
        quantities.set(lineId, quantity)
        events.push(
          quantity === 0
            ? { type: 'CartLineRemoved', data: { cartId: cart.cartId, lineId } }
            : { type: 'CartLineQuantityChanged', data: { cartId: cart.cartId, lineId, from, to: quantity } },
        )
        if (quantity === 0) quantities.delete(lineId)
      })
      return events
    }
    case 'CartLinesRemove': {
      const cart = open(state, command.data.cartId)
      const present = new Set(cart.lines.map((line) => line.lineId))
      return [...new Set(command.data.lineIds)].flatMap((lineId, i): CartEvent[] => {
        if (!present.has(lineId)) throw lineNotFound(['input', 'lineIds', i], lineId)
        return [{ type: 'CartLineRemoved', data: { cartId: cart.cartId, lineId } }]
      })
    }
    case 'CartClear': {
      const cart = open(state, command.data.cartId)
      return cart.lines.length === 0 ? [] : [{ type: 'CartCleared', data: { cartId: cart.cartId } }]
    }
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}

/** A line of a variant already in the cart grows; another variant is a new line, within the bounds. */
function addLines(cart: OpenCart, lines: readonly CartLine[]): CartEvent[] {
  const events: CartEvent[] = []
  const current = cart.lines.map((line) => ({ ...line }))
  lines.forEach((line, i) => {
    const existing = current.find((l) => l.variantId === line.variantId)
    if (existing) {
      const to = existing.quantity + line.quantity
      if (to > MAX_LINE_QUANTITY)
        throw badInput(
          ['input', 'lines', i, 'quantity'],
          `the cart already holds ${existing.quantity} of this variant and a line holds at most ${MAX_LINE_QUANTITY}; ` +
            `add at most ${MAX_LINE_QUANTITY - existing.quantity}`,
        )
      events.push({
        type: 'CartLineQuantityChanged',
        data: { cartId: cart.cartId, lineId: existing.lineId, from: existing.quantity, to },
      })
      existing.quantity = to
      return
    }
    if (current.length >= MAX_CART_LINES)
      throw badInput(
        ['input', 'lines', i],
        `a cart holds at most ${MAX_CART_LINES} lines; remove one before adding another variant`,
      )
    current.push({ ...line })
    events.push({ type: 'CartLineAdded', data: { cartId: cart.cartId, ...line } })
  })
  return events
}

/** Another store's cart lives in a stream named after that store, so it answers NOT_FOUND like a missing one. */
function open(state: CartState, cartId: string): OpenCart {
  if (state.kind !== 'open') throw notFound('cart', cartId)
  return state
}

function lineNotFound(field: readonly (string | number)[], lineId: string): DomainError {
  return new DomainError('NOT_FOUND', `cart line '${lineId}' is not in this cart; read the cart again for its lines`, {
    field,
  })
}
