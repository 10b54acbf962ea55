import { eventTypes, isEventIn, type DomainEvent } from '../../shared/event.js'

/**
 * Why a reservation ended without a sale: the order's time ran out, it was cancelled, or the
 * checkout that took it failed before the order was placed.
 */
export const RESERVATION_RELEASE_REASONS = ['EXPIRED', 'CANCELLED', 'CHECKOUT_FAILED', 'OTHER'] as const
export type ReservationReleaseReason = (typeof RESERVATION_RELEASE_REASONS)[number]

type Of<Type extends string, Data extends object> = DomainEvent<
  Type,
  { productId: string; variantId: string; orderId: string; quantity: number } & Data
>

/** `quantity` units of the variant are held for the order until `expiresAt` (ISO-8601), unless paid or released sooner. */
export type ProductInventoryReserved = Of<'ProductInventoryReserved', { expiresAt: string }>
/** The order's hold on the variant ended without a sale; the units are available again. */
export type ProductInventoryReleased = Of<'ProductInventoryReleased', { reason: ReservationReleaseReason }>
/** The order was paid: its hold became a sale, recorded as `ProductInventoryAdjusted {reason: SOLD}` beside it. */
export type ProductInventoryCommitted = Of<'ProductInventoryCommitted', object>

export type ProductReservationEvent = ProductInventoryReserved | ProductInventoryReleased | ProductInventoryCommitted

// A record rather than a list so the compiler rejects an event type added to the union but not here.
export const RESERVATION_EVENT_TYPE_RECORD: Record<ProductReservationEvent['type'], true> = {
  ProductInventoryReserved: true,
  ProductInventoryReleased: true,
  ProductInventoryCommitted: true,
}

/** The reservation event types, for the reservations read model. */
export const RESERVATION_EVENT_TYPES = eventTypes<ProductReservationEvent>(RESERVATION_EVENT_TYPE_RECORD)

export const isReservationEvent = isEventIn<ProductReservationEvent>(RESERVATION_EVENT_TYPE_RECORD)
