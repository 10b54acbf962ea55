import type { ProductEvent, ProductFields } from './events.js'
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

export function evolveProduct(state: ProductState, event: ProductEvent): ProductState {
  if (event.type === 'ProductCreated')
    return { kind: 'existing', product: { ...event.data, tags: [...event.data.tags], seo: NO_SEO, publishAt: null } }
  // Every other event changes a live product; on any other state the history is not ours to fix.
  if (state.kind !== 'existing') return state
  const product = state.product
  switch (event.type) {
    case 'ProductRetitled':
      return { kind: 'existing', product: { ...product, title: event.data.title } }
    case 'ProductHandleChanged':
      return { kind: 'existing', product: { ...product, handle: event.data.to } }
    case 'ProductDescriptionChanged':
      return { kind: 'existing', product: { ...product, description: event.data.description } }
    case 'ProductStatusChanged':
      return { kind: 'existing', product: { ...product, status: event.data.to } }
    case 'ProductVendorChanged':
      return { kind: 'existing', product: { ...product, vendor: event.data.vendor } }
    case 'ProductTagsChanged':
      return { kind: 'existing', product: { ...product, tags: [...event.data.tags] } }
    case 'ProductDeleted':
      return { kind: 'deleted', productId: product.productId }
    case 'ProductSeoChanged':
      return {
        kind: 'existing',
        product: { ...product, seo: { title: event.data.title, description: event.data.description } },
      }
    case 'ProductPublishScheduled':
      return { kind: 'existing', product: { ...product, publishAt: event.data.publishAt } }
    case 'ProductPublishUnscheduled':
      return { kind: 'existing', product: { ...product, publishAt: null } }
    // Markers for the audit log: the changes they explain follow as events of their own.
    case 'ProductReverted':
    case 'ProductDuplicated':
      return state
    // The media list is folded by the media decider (media.ts); the product's fields stay.
    case 'ProductMediaAttached':
    case 'ProductMediaDetached':
    case 'ProductMediaReordered':
      return state
    // Options, variants and inventory are folded by the variant decider (variants.ts).
    case 'ProductOptionAdded':
    case 'ProductOptionRenamed':
    case 'ProductOptionValueRenamed':
    case 'ProductOptionValuesChanged':
    case 'ProductOptionValuesReordered':
    case 'ProductOptionsReordered':
    case 'ProductOptionRemoved':
    case 'ProductVariantCreated':
    case 'ProductVariantPriceChanged':
    case 'ProductVariantCostChanged':
    case 'ProductVariantSkuChanged':
    case 'ProductVariantBarcodeChanged':
    case 'ProductVariantWeightChanged':
    case 'ProductVariantOptionValuesChanged':
    case 'ProductVariantImageChanged':
    case 'ProductVariantDeleted':
    case 'ProductVariantsReordered':
    case 'ProductInventoryTrackingChanged':
    case 'ProductInventoryAdjusted':
      return state
    // Reservations are folded by the reservation decider (reservations.ts).
    case 'ProductInventoryReserved':
    case 'ProductInventoryReleased':
    case 'ProductInventoryCommitted':
      return state
    // The set and its values are folded by the attribute decider (attributes.ts).
    case 'ProductAttributeValuesSet':
    case 'ProductAttributeValuesRemoved':
    case 'ProductAttributeSetChanged':
      return state
    default: {
      const _exhaustive: never = event
      return _exhaustive
    }
  }
}
