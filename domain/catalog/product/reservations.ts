import { DomainError, notFound } from '../../shared/errors.js'
import type { ProductEvent } from './events.js'
import { evolveProduct, initialProductState, type ProductState } from './product.js'
import type {
  ProductInventoryCommit,
  ProductInventoryRelease,
  ProductInventoryReserve,
  ProductReservationCommand,
} from './reservation-commands.js'
import type { ProductReservationEvent } from './reservation-events.js'
import type { ProductInventoryAdjusted } from './variant-events.js'
import { evolveVariants, initialVariantsState, type ProductVariant, type VariantsState } from './variants.js'

/** What one order holds of this product: its lines, and whether the hold is live, ended or sold. */
export type OrderReservation = {
  state: 'ACTIVE' | 'RELEASED' | 'COMMITTED'
  lines: { variantId: string; quantity: number; expiresAt: string }[]
}

/**
 * The product (its status), its variants (their stock) and every order that ever reserved it.
 * Ended reservations stay: they make a second release or commit of the same order a no-op, and
 * a commit after a release (a payment that arrived late) still finds the quantities it sold.
 */
export type ReservationsState = {
  product: ProductState
  variants: VariantsState
  orders: Map<string, OrderReservation>
}

export const initialReservationsState = (): ReservationsState => ({
  product: initialProductState(),
  variants: initialVariantsState(),
  orders: new Map(),
})

/**
 * Folds a product stream. The orders map is updated in place: a fold starts from a fresh
 * `initialReservationsState()`, and copying it per event would make a popular product's fold
 * quadratic in its number of orders.
 */
export function evolveReservations(state: ReservationsState, event: ProductEvent): ReservationsState {
  const next = {
    ...state,
    product: evolveProduct(state.product, event),
    variants: evolveVariants(state.variants, event),
  }
  switch (event.type) {
    case 'ProductInventoryReserved': {
      const { orderId, variantId, quantity, expiresAt } = event.data
      const held = state.orders.get(orderId)
      if (held?.state === 'ACTIVE') held.lines.push({ variantId, quantity, expiresAt })
      else state.orders.set(orderId, { state: 'ACTIVE', lines: [{ variantId, quantity, expiresAt }] })
      return next
    }
    case 'ProductInventoryReleased':
      markEnded(state, event.data.orderId, 'RELEASED')
      return next
    case 'ProductInventoryCommitted':
      markEnded(state, event.data.orderId, 'COMMITTED')
      return next
    default:
      return next
  }
}

function markEnded(state: ReservationsState, orderId: string, to: 'RELEASED' | 'COMMITTED'): void {
  const held = state.orders.get(orderId)
  if (held) held.state = to
}

/** Units of the variant held by live reservations. */
export function reservedQuantity(state: ReservationsState, variantId: string): number {
  let reserved = 0
  for (const order of state.orders.values()) {
    if (order.state !== 'ACTIVE') continue
    for (const line of order.lines) if (line.variantId === variantId) reserved += line.quantity
  }
  return reserved
}

/** What a shopper may still take: stock minus live holds for a tracked variant, unbounded for an untracked one. */
export function availableQuantity(state: ReservationsState, variant: ProductVariant): number {
  if (!variant.inventoryTracked) return Number.POSITIVE_INFINITY
  return variant.inventoryQuantity - reservedQuantity(state, variant.variantId)
}

/** Pure: the answer depends on the command and the product's stream only. */
export function decideReservations(
  command: ProductReservationCommand,
  state: ReservationsState,
): (ProductReservationEvent | ProductInventoryAdjusted)[] {
  switch (command.type) {
    case 'ProductInventoryReserve':
      return reserve(command, state)
    case 'ProductInventoryRelease':
      return release(command, state)
    case 'ProductInventoryCommit':
      return commit(command, state)
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}

function reserve(command: ProductInventoryReserve, state: ReservationsState): ProductReservationEvent[] {
  const { productId, orderId, lines, expiresAt } = command.data
  if (state.product.kind !== 'existing' || state.variants.kind !== 'existing') throw notFound('product', productId)
  // A repeat of a reservation already taken (or ended) for this order changes nothing.
  if (state.orders.has(orderId)) return []
  if (state.product.product.status !== 'ACTIVE') {
    throw new DomainError(
      'BAD_USER_INPUT',
      `product '${productId}' is not on sale (its status is ${state.product.product.status}); remove it from the cart`,
      { field: ['input', 'productId'], details: { reason: 'NOT_FOR_SALE', available: 0 } },
    )
  }
  const catalog = state.variants.catalog
  return lines.map((line, index) => {
    const variant = catalog.variants.find((v) => v.variantId === line.variantId)
    if (!variant) {
      throw new DomainError('NOT_FOUND', `variant '${line.variantId}' does not exist on product '${productId}'`, {
        field: ['input', 'lines', index, 'variantId'],
      })
    }
    const available = availableQuantity(state, variant)
    if (line.quantity > available) {
      const left = Math.max(0, available)
      throw new DomainError(
        'BAD_USER_INPUT',
        left === 0
          ? `variant '${line.variantId}' is sold out; remove it from the cart`
          : `only ${left} of variant '${line.variantId}' left, ${line.quantity} asked; lower the quantity to ${left} or less`,
        {
          field: ['input', 'lines', index, 'quantity'],
          details: { reason: 'SOLD_OUT', available: left, variantId: line.variantId },
        },
      )
    }
    return {
      type: 'ProductInventoryReserved',
      data: { productId, variantId: line.variantId, orderId, quantity: line.quantity, expiresAt },
    }
  })
}

function release(command: ProductInventoryRelease, state: ReservationsState): ProductReservationEvent[] {
  const { productId, orderId, reason } = command.data
  if (state.product.kind === 'empty') throw notFound('product', productId)
  const held = state.orders.get(orderId)
  // Nothing held (never reserved, already released or sold, or the product deleted): nothing to give back.
  if (state.product.kind === 'deleted' || held?.state !== 'ACTIVE') return []
  return held.lines.map((line) => ({
    type: 'ProductInventoryReleased',
    data: { productId, variantId: line.variantId, orderId, quantity: line.quantity, reason },
  }))
}

/**
 * Turns the order's hold into a sale. A hold released already (its time ran out before the
 * payment came) is sold all the same: the shopper paid, so the stock goes down even below zero,
 * which the merchant must see. Untracked and deleted variants have no stock to lower.
 */
function commit(
  command: ProductInventoryCommit,
  state: ReservationsState,
): (ProductReservationEvent | ProductInventoryAdjusted)[] {
  const { productId, orderId } = command.data
  if (state.product.kind === 'empty') throw notFound('product', productId)
  if (state.product.kind === 'deleted' || state.variants.kind !== 'existing') return []
  const held = state.orders.get(orderId)
  if (!held) {
    throw new DomainError('NOT_FOUND', `order '${orderId}' holds no reservation of product '${productId}'`, {
      field: ['input', 'orderId'],
    })
  }
  if (held.state === 'COMMITTED') return []
  const catalog = state.variants.catalog
  const committed: ProductReservationEvent[] = held.lines.map((line) => ({
    type: 'ProductInventoryCommitted',
    data: { productId, variantId: line.variantId, orderId, quantity: line.quantity },
  }))
  const sold: ProductInventoryAdjusted[] = held.lines.flatMap((line): ProductInventoryAdjusted[] => {
    const variant = catalog.variants.find((v) => v.variantId === line.variantId)
    if (!variant?.inventoryTracked) return []
    return [
      {
        type: 'ProductInventoryAdjusted',
        data: {
          productId,
          variantId: line.variantId,
          delta: -line.quantity,
          quantity: variant.inventoryQuantity - line.quantity,
          reason: 'SOLD',
          note: `order ${orderId}`,
        },
      },
    ]
  })
  return [...committed, ...sold]
}
