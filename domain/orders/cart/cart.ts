import type { CartEvent, CartLine } from './events.js'

/** A cart stream is empty or holds an open cart with its lines in the order they were added. */
export type CartState = { kind: 'empty' } | { kind: 'open'; cartId: string; lines: CartLine[] }

export const initialCartState = (): CartState => ({ kind: 'empty' })

export function evolveCart(state: CartState, event: CartEvent): CartState {
  if (event.type === 'CartCreated') return { kind: 'open', cartId: event.data.cartId, lines: [] }
  if (state.kind !== 'open') return state
  switch (event.type) {
    case 'CartLineAdded': {
      const { lineId, productId, variantId, quantity } = event.data
      return { ...state, lines: [...state.lines, { lineId, productId, variantId, quantity }] }
    }
    case 'CartLineQuantityChanged':
      return {
        ...state,
        lines: state.lines.map((line) =>
          line.lineId === event.data.lineId ? { ...line, quantity: event.data.to } : line,
        ),
      }
    case 'CartLineRemoved':
      return { ...state, lines: state.lines.filter((line) => line.lineId !== event.data.lineId) }
    case 'CartCleared':
      return { ...state, lines: [] }
    default: {
      const _exhaustive: never = event
      return _exhaustive
    }
  }
}
