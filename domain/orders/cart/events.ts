import { eventTypes, type DomainEvent, type ValueChanged } from '../../shared/event.js'

/**
 * A cart line: what the shopper picked and how many, never a price. Prices are read from the
 * catalog when the cart is shown or checked out, so a stale or forged price cannot reach an order.
 */
export type CartLine = {
  lineId: string
  productId: string
  variantId: string
  quantity: number
}

export type CartCreated = DomainEvent<'CartCreated', { cartId: string }>
export type CartLineAdded = DomainEvent<'CartLineAdded', { cartId: string } & CartLine>
export type CartLineQuantityChanged = ValueChanged<
  'CartLineQuantityChanged',
  { cartId: string; lineId: string },
  number
>
export type CartLineRemoved = DomainEvent<'CartLineRemoved', { cartId: string; lineId: string }>
export type CartCleared = DomainEvent<'CartCleared', { cartId: string }>

export type CartEvent = CartCreated | CartLineAdded | CartLineQuantityChanged | CartLineRemoved | CartCleared

/** Every cart event type, for subscribers. */
export const CART_EVENT_TYPES = eventTypes<CartEvent>({
  CartCreated: true,
  CartLineAdded: true,
  CartLineQuantityChanged: true,
  CartLineRemoved: true,
  CartCleared: true,
})
