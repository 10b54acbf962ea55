import type { DomainEvent } from '../../shared/event.js'
import { evolveProductAttributes, initialProductAttributeState, type ProductAttributeState } from './attributes.js'
import type { AttributesCopy } from './duplicate.js'
import type { ProductEvent } from './events.js'
import { evolveProductMedia, initialProductMediaState, type ProductMediaState } from './media.js'
import { evolveProduct, initialProductState, type ProductState } from './product.js'
import { evolveVariants, initialVariantsState, type VariantsState } from './variants.js'

/**
 * Everything a product stream says about a product, folded by each of the product's deciders
 * side by side: its fields (product.ts), the media it shows (media.ts), its options and variants
 * (variants.ts) and its attribute set and values (attributes.ts). What reads or rebuilds
 * a whole product from its history (as-of reads, reverts, duplicates) folds this.
 */
export interface ProductSnapshot {
  product: ProductState
  media: ProductMediaState
  variants: VariantsState
  attributes: ProductAttributeState
}

export const initialProductSnapshot = (): ProductSnapshot => ({
  product: initialProductState(),
  media: initialProductMediaState(),
  variants: initialVariantsState(),
  attributes: initialProductAttributeState(),
})

export function evolveProductSnapshot(state: ProductSnapshot, event: ProductEvent): ProductSnapshot {
  return {
    product: evolveProduct(state.product, event),
    media: evolveProductMedia(state.media, event),
    variants: evolveVariants(state.variants, event),
    attributes: evolveProductAttributes(state.attributes, event),
  }
}

/** A past event of the product stream with its revision, as `PrepareEnv.readStream` and the event store give them. */
export type RevisionedEvent = Pick<DomainEvent, 'type' | 'data'> & { revision: number }

/**
 * The product as it was right after `revision` (inclusive), folded from its stream; the whole
 * history when `revision` is omitted.
 *
 * @example foldProductSnapshot(await env.readStream(stream), 3)
 */
export function foldProductSnapshot(
  events: readonly RevisionedEvent[],
  revision = Number.POSITIVE_INFINITY,
): ProductSnapshot {
  return events
    .filter((event) => event.revision <= revision)
    .reduce((state, event) => evolveProductSnapshot(state, event as unknown as ProductEvent), initialProductSnapshot())
}

/** The attribute set and values of a snapshot; none unless the product is live. */
export function snapshotAttributes(snapshot: ProductSnapshot): AttributesCopy {
  const { attributes } = snapshot
  return attributes.kind === 'existing'
    ? { attributeSetId: attributes.attributeSetId, values: attributes.values }
    : { attributeSetId: null, values: [] }
}

/** The media ids of a snapshot, empty unless the product is live. */
export function snapshotMediaIds(snapshot: ProductSnapshot): string[] {
  return snapshot.media.kind === 'existing' ? [...snapshot.media.mediaIds] : []
}
