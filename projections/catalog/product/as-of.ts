import { foldProductSnapshot, snapshotMediaIds } from '../../../domain/catalog/product/snapshot.js'
import { productStream } from '../../../domain/catalog/product/streams.js'
import { isUuid } from '../../../domain/shared/ids.js'
import type { EventStore } from '../../../infra/eventstore/port.js'
import { readAsOf } from '../../shared/as-of.js'
import type { ProductRecord } from './queries.js'

/** A product as it was at an instant; `mediaIds` are the media it showed then, in order. */
export type ProductAsOf = ProductRecord & { mediaIds: string[] }

/**
 * The store's product as it was at `asOf`, folded from its stream with the product's deciders
 * and shaped like a read-model record; null when it did not exist yet or was deleted by then.
 */
export async function findProductAsOf(eventStore: EventStore, storeId: string, productId: string, asOf: Date): Promise<ProductAsOf | null> {
  if (!isUuid(storeId) || !isUuid(productId)) return null
  const id = productId.toLowerCase()
  const found = await readAsOf(eventStore, productStream(storeId, id), asOf, (events) => foldProductSnapshot(events))
  if (!found || found.state.product.kind !== 'existing') return null
  const { productId: _id, seo, publishAt, ...fields } = found.state.product.product
  return {
    ...fields,
    id,
    tags: [...fields.tags],
    seo: { ...seo },
    publishAt: publishAt === null ? null : new Date(publishAt),
    createdAt: found.createdAt,
    updatedAt: found.updatedAt,
    revision: found.revision,
    mediaIds: snapshotMediaIds(found.state),
  }
}
