import { eventTypes, type DomainEvent, type HandleChanged, type ValueChanged } from '../../shared/event.js'
import type { ProductAttributeEvent } from './attribute-events.js'
import { RESERVATION_EVENT_TYPE_RECORD, type ProductReservationEvent } from './reservation-events.js'
import { VARIANT_EVENT_TYPE_RECORD, type ProductVariantEvent } from './variant-events.js'

export const PRODUCT_STATUSES = ['DRAFT', 'ACTIVE', 'ARCHIVED'] as const
/** DRAFT: being prepared, not sold; ACTIVE: on sale (the default, as in Shopify); ARCHIVED: kept for history. */
export type ProductStatus = (typeof PRODUCT_STATUSES)[number]

/**
 * Everything a product holds today; created in one event, then changed one field at a time.
 * A type alias, not an interface: event payloads must be assignable to plain JSON records.
 */
export type ProductFields = {
  productId: string
  title: string
  handle: string
  description: string
  status: ProductStatus
  vendor: string
  tags: string[]
}

export type ProductCreated = DomainEvent<'ProductCreated', ProductFields>
export type ProductRetitled = DomainEvent<'ProductRetitled', { productId: string; title: string }>
/** `from` is released and `to` claimed in the store's handle reservations in the same write. */
export type ProductHandleChanged = HandleChanged<'ProductHandleChanged', { productId: string }>
export type ProductDescriptionChanged = DomainEvent<
  'ProductDescriptionChanged',
  { productId: string; description: string }
>
export type ProductStatusChanged = ValueChanged<'ProductStatusChanged', { productId: string }, ProductStatus>
export type ProductVendorChanged = DomainEvent<'ProductVendorChanged', { productId: string; vendor: string }>
/** `tags` is the whole new list; `added` and `removed` say what changed, for the audit log and webhooks. */
export type ProductTagsChanged = DomainEvent<
  'ProductTagsChanged',
  { productId: string; tags: string[]; added: string[]; removed: string[] }
>
/** Carries the handle so its reservation can be released without reading the stream again. */
export type ProductDeleted = DomainEvent<'ProductDeleted', { productId: string; handle: string }>

// Media: what happened to the ordered list of media a product shows (media.ts).

/** `mediaIds` were inserted, in this order, at index `position` of the product's list. */
export type ProductMediaAttached = DomainEvent<
  'ProductMediaAttached',
  { productId: string; mediaIds: string[]; position: number }
>
export type ProductMediaDetached = DomainEvent<'ProductMediaDetached', { productId: string; mediaIds: string[] }>
/** `mediaIds` is the whole new order. */
export type ProductMediaReordered = DomainEvent<'ProductMediaReordered', { productId: string; mediaIds: string[] }>

export type ProductMediaEvent = ProductMediaAttached | ProductMediaDetached | ProductMediaReordered

/** `title` and `description` are the whole new SEO, both parts, so a reader never has to fold to know it. */
export type ProductSeoChanged = DomainEvent<
  'ProductSeoChanged',
  { productId: string; title: string; description: string }
>

// Scheduled publishing (publishing.ts).

export type ProductPublishScheduled = DomainEvent<'ProductPublishScheduled', { productId: string; publishAt: string }>
/** `published`: the schedule fired or the product was made ACTIVE by hand; `cancelled`: publishAt was cleared. */
export type ProductPublishUnscheduled = DomainEvent<
  'ProductPublishUnscheduled',
  { productId: string; reason: 'published' | 'cancelled' }
>

export type ProductPublishingEvent = ProductPublishScheduled | ProductPublishUnscheduled

/**
 * Heads the ordinary change events of a revert, so the audit log shows that (and to which
 * revision) the changes after it restore an earlier state. History keeps both: nothing is undone.
 */
export type ProductReverted = DomainEvent<'ProductReverted', { productId: string; toRevision: number }>

/** Follows the copy's ProductCreated: which product, at which revision, it was copied from. */
export type ProductDuplicated = DomainEvent<
  'ProductDuplicated',
  { productId: string; sourceId: string; sourceRevision: number }
>

export type ProductEvent =
  | ProductCreated
  | ProductRetitled
  | ProductHandleChanged
  | ProductDescriptionChanged
  | ProductStatusChanged
  | ProductVendorChanged
  | ProductTagsChanged
  | ProductDeleted
  | ProductMediaEvent
  | ProductVariantEvent
  | ProductReservationEvent
  | ProductSeoChanged
  | ProductPublishingEvent
  | ProductReverted
  | ProductDuplicated
  | ProductAttributeEvent

/** Every product event type, for the projection's subscription and log filters. */
export const PRODUCT_EVENT_TYPES = eventTypes<ProductEvent>({
  ProductCreated: true,
  ProductRetitled: true,
  ProductHandleChanged: true,
  ProductDescriptionChanged: true,
  ProductStatusChanged: true,
  ProductVendorChanged: true,
  ProductTagsChanged: true,
  ProductDeleted: true,
  ProductMediaAttached: true,
  ProductMediaDetached: true,
  ProductMediaReordered: true,
  ...VARIANT_EVENT_TYPE_RECORD,
  ...RESERVATION_EVENT_TYPE_RECORD,
  ProductSeoChanged: true,
  ProductPublishScheduled: true,
  ProductPublishUnscheduled: true,
  ProductReverted: true,
  ProductDuplicated: true,
  ProductAttributeValuesSet: true,
  ProductAttributeValuesRemoved: true,
  ProductAttributeSetChanged: true,
})
