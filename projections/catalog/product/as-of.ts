import { foldProductSnapshot, snapshotMediaIds } from '../../../domain/catalog/product/snapshot.js'
import { productStream } from '../../../domain/catalog/product/streams.js'
import type { Catalog } from '../../../domain/catalog/product/variants.js'
import { isUuid } from '../../../domain/shared/ids.js'
import type { EventStore, RecordedEvent } from '../../../infra/eventstore/port.js'
import { readAsOf } from '../../shared/as-of.js'
import type { ProductRecord } from './queries.js'

/**
 * A product as it was at an instant: its fields, and what the product stream said then about its
 * media (ids, in order), options and variants, with when each variant was created and last changed.
 */
export type ProductAsOf = ProductRecord & {
  mediaIds: string[]
  catalog: Catalog
  variantTimes: Map<string, { createdAt: Date; updatedAt: Date }>
}

/**
 * The store's product as it was at `asOf`, folded from its stream with the product's deciders
 * and shaped like a read-model record; null when it did not exist yet or was deleted by then.
 */
export async function findProductAsOf(
  eventStore: EventStore,
  storeId: string,
  productId: string,
  asOf: Date,
): Promise<ProductAsOf | null> {
  if (!isUuid(storeId) || !isUuid(productId)) return null
  const id = productId.toLowerCase()
  const found = await readAsOf(eventStore, productStream(storeId, id), asOf, (events) => ({
    snapshot: foldProductSnapshot(events),
    variantTimes: variantTimes(events),
  }))
  const snapshot = found?.state.snapshot
  if (!found || !snapshot || snapshot.product.kind !== 'existing') return null
  const { productId: _id, seo, publishAt, ...fields } = snapshot.product.product
  return {
    ...fields,
    id,
    tags: [...fields.tags],
    seo: { ...seo },
    publishAt: publishAt === null ? null : new Date(publishAt),
    createdAt: found.createdAt,
    updatedAt: found.updatedAt,
    revision: found.revision,
    mediaIds: snapshotMediaIds(snapshot),
    catalog:
      snapshot.variants.kind === 'existing' ? snapshot.variants.catalog : { productId: id, options: [], variants: [] },
    variantTimes: found.state.variantTimes,
  }
}

/** When each variant of the events was created and last changed: the read model keeps these per variant too. */
function variantTimes(events: readonly RecordedEvent[]): Map<string, { createdAt: Date; updatedAt: Date }> {
  const times = new Map<string, { createdAt: Date; updatedAt: Date }>()
  for (const event of events) {
    const variantId = event.data.variantId
    if (typeof variantId !== 'string') continue
    const at = new Date(event.metadata.occurredAt)
    const known = times.get(variantId)
    times.set(variantId, {
      createdAt: event.type === 'ProductVariantCreated' || !known ? at : known.createdAt,
      updatedAt: at,
    })
  }
  return times
}
