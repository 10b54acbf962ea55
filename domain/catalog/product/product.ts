import { evolveLifecycle, sameChange } from '../../shared/lifecycle.js'
import { PRODUCT_ATTRIBUTE_EVENT_TYPES } from './attribute-events.js'
import type { ProductEvent, ProductFields } from './events.js'
import { RESERVATION_EVENT_TYPES } from './reservation-events.js'
import { VARIANT_EVENT_TYPES } from './variant-events.js'
import { NO_SEO, type Seo } from '../../shared/publishable/seo.js'

/**
 * A product stream is empty, holds a live product, or ends in a deletion. A deleted product
 * stays deleted: its id is never reused, so updates and a second delete answer NOT_FOUND.
 */
export type ProductState =
  { kind: 'empty' } | { kind: 'existing'; product: LiveProduct } | { kind: 'deleted'; productId: string }

/** A product's fields plus what later events add to them: its SEO and its publish schedule (ISO time or null). */
export type LiveProduct = ProductFields & { seo: Seo; publishAt: string | null }

export const initialProductState = (): ProductState => ({ kind: 'empty' })

const PRODUCT = { name: 'product', id: 'productId', created: 'ProductCreated', deleted: 'ProductDeleted' } as const

/** The product as it was: for events another decider folds, or that only mark a change for the audit log. */
const unchanged = (product: LiveProduct): LiveProduct => product

export function evolveProduct(state: ProductState, event: ProductEvent): ProductState {
  const created = (data: ProductFields): LiveProduct => ({
    ...data,
    tags: [...data.tags],
    seo: NO_SEO,
    publishAt: null,
  })
  return evolveLifecycle(state, event, PRODUCT, created, {
    ProductRetitled: (product, { title }) => ({ ...product, title }),
    ProductHandleChanged: (product, { to }) => ({ ...product, handle: to }),
    ProductDescriptionChanged: (product, { description }) => ({ ...product, description }),
    ProductStatusChanged: (product, { to }) => ({ ...product, status: to }),
    ProductVendorChanged: (product, { vendor }) => ({ ...product, vendor }),
    ProductTagsChanged: (product, { tags }) => ({ ...product, tags: [...tags] }),
    ProductSeoChanged: (product, { title, description }) => ({ ...product, seo: { title, description } }),
    ProductPublishScheduled: (product, { publishAt }) => ({ ...product, publishAt }),
    ProductPublishUnscheduled: (product) => ({ ...product, publishAt: null }),
    // Markers for the audit log: the changes they explain follow as events of their own.
    ProductReverted: unchanged,
    ProductDuplicated: unchanged,
    // The media list is folded by the media decider (media.ts), options, variants and inventory by
    // the variant decider (variants.ts), reservations by the reservation decider (reservations.ts),
    // the set and its values by the attribute decider (attributes.ts); the product's fields stay.
    ...sameChange(['ProductMediaAttached', 'ProductMediaDetached', 'ProductMediaReordered'], unchanged),
    ...sameChange(VARIANT_EVENT_TYPES, unchanged),
    ...sameChange(RESERVATION_EVENT_TYPES, unchanged),
    ...sameChange(PRODUCT_ATTRIBUTE_EVENT_TYPES, unchanged),
  })
}
