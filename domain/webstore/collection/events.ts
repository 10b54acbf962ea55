import type { Seo } from '../../shared/publishable/seo.js'
import { eventTypes, type DomainEvent } from '../../shared/event.js'
import type { CollectionRule } from './rules.js'

export const COLLECTION_TYPES = ['MANUAL', 'SMART'] as const
/** MANUAL: the merchant picks and orders the products; SMART: rules pick them, kept current as products change. */
export type CollectionType = (typeof COLLECTION_TYPES)[number]

export const COLLECTION_SORT_ORDERS = [
  'MANUAL',
  'TITLE_ASC',
  'TITLE_DESC',
  'PRICE_ASC',
  'PRICE_DESC',
  'CREATED_ASC',
  'CREATED_DESC',
] as const
/** How the storefront orders a collection's products; MANUAL (the merchant's order) only for MANUAL collections. */
export type CollectionSortOrder = (typeof COLLECTION_SORT_ORDERS)[number]

/** What a collection is created with; a CollectionPublished follows when it is created live. */
export type CollectionFields = {
  collectionId: string
  title: string
  handle: string
  /** Sanitized HTML. */
  description: string
  /** A media id of the media library, or null. */
  imageId: string | null
  type: CollectionType
  sortOrder: CollectionSortOrder
  /** SMART only: the conditions, empty for MANUAL. */
  rules: CollectionRule[]
  /** SMART only: true when ANY rule suffices, false when ALL must hold. */
  disjunctive: boolean
}

type Of<Type extends string, Data extends object> = DomainEvent<Type, { collectionId: string } & Data>

export type CollectionCreated = DomainEvent<'CollectionCreated', CollectionFields>
export type CollectionRetitled = Of<'CollectionRetitled', { title: string }>
/** `from` is released and `to` claimed in the store's collection handle reservations in the same write. */
export type CollectionHandleChanged = Of<'CollectionHandleChanged', { from: string; to: string }>
export type CollectionDescriptionChanged = Of<'CollectionDescriptionChanged', { description: string }>
export type CollectionImageChanged = Of<'CollectionImageChanged', { imageId: string | null }>
/** The whole new SEO. */
export type CollectionSeoChanged = Of<'CollectionSeoChanged', Seo>
export type CollectionPublished = Of<'CollectionPublished', { publishedAt: string }>
export type CollectionUnpublished = Of<'CollectionUnpublished', object>
/** The whole new rule set: membership is re-evaluated from it. */
export type CollectionRulesChanged = Of<'CollectionRulesChanged', { rules: CollectionRule[]; disjunctive: boolean }>
export type CollectionSortOrderChanged = Of<'CollectionSortOrderChanged', { sortOrder: CollectionSortOrder }>
/** `productIds` were inserted, in this order, at index `position` of the manual list. */
export type CollectionProductsAdded = Of<'CollectionProductsAdded', { productIds: string[]; position: number }>
/** `positions[i]` is the index `productIds[i]` had before the removal. */
export type CollectionProductsRemoved = Of<'CollectionProductsRemoved', { productIds: string[]; positions: number[] }>
/** `productIds` is the whole new order. */
export type CollectionProductsReordered = Of<'CollectionProductsReordered', { productIds: string[] }>
/** Carries the handle so its reservation is released without reading the stream again. */
export type CollectionDeleted = Of<'CollectionDeleted', { handle: string }>

export type CollectionEvent =
  | CollectionCreated
  | CollectionRetitled
  | CollectionHandleChanged
  | CollectionDescriptionChanged
  | CollectionImageChanged
  | CollectionSeoChanged
  | CollectionPublished
  | CollectionUnpublished
  | CollectionRulesChanged
  | CollectionSortOrderChanged
  | CollectionProductsAdded
  | CollectionProductsRemoved
  | CollectionProductsReordered
  | CollectionDeleted

/** Every collection event type, for the projection's subscription. */
export const COLLECTION_EVENT_TYPES = eventTypes<CollectionEvent>({
  CollectionCreated: true,
  CollectionRetitled: true,
  CollectionHandleChanged: true,
  CollectionDescriptionChanged: true,
  CollectionImageChanged: true,
  CollectionSeoChanged: true,
  CollectionPublished: true,
  CollectionUnpublished: true,
  CollectionRulesChanged: true,
  CollectionSortOrderChanged: true,
  CollectionProductsAdded: true,
  CollectionProductsRemoved: true,
  CollectionProductsReordered: true,
  CollectionDeleted: true,
})
