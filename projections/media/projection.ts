import type { ProductMediaEvent } from '../../domain/catalog/product/events.js'
// The read model applies the events with the same list arithmetic as the product's `evolve`.
import { insertedAt, without } from '../../domain/shared/ordered-ids.js'
import { MEDIA_EVENT_TYPES, type MediaEvent } from '../../domain/media/events.js'
import { MEDIA_TABLE, PRODUCT_MEDIA_TABLE, type MediaDb } from './tables.js'
import { entityRow } from '../shared/entity-row.js'
import { deleteInStore } from '../shared/store-rows.js'
import { storeProjection } from '../shared/entity-projection.js'

type Consumed = MediaEvent | ProductMediaEvent | { type: 'ProductDeleted'; data: { productId: string } }

const PRODUCT_EVENTS = [
  'ProductMediaAttached',
  'ProductMediaDetached',
  'ProductMediaReordered',
  'ProductDeleted',
] as const

/**
 * The media library (`media`) and the media each product shows (`product_media`). Product
 * media rows stay when their media is deleted, exactly as the product stream still lists it;
 * queries join them with live media, so a deleted media is never shown.
 */
export const mediaProjection = storeProjection({
  version: 1,
  eventTypes: [...MEDIA_EVENT_TYPES, ...PRODUCT_EVENTS],
  tables: [MEDIA_TABLE, PRODUCT_MEDIA_TABLE],
  async apply(event: Consumed, db: MediaDb, { storeId, recorded }) {
    switch (event.type) {
      case 'MediaCreated': {
        const d = event.data
        return entityRow(db, 'media', d.mediaId, recorded).insert({
          hash: d.hash,
          mime_type: d.mimeType,
          kind: d.kind,
          width: d.width,
          height: d.height,
          bytes: d.bytes,
          filename: d.filename,
          alt: d.alt,
        })
      }
      case 'MediaAltChanged':
        return entityRow(db, 'media', event.data.mediaId, recorded).change({ alt: event.data.alt })
      case 'MediaDeleted':
        return entityRow(db, 'media', event.data.mediaId, recorded).delete()
      case 'ProductMediaAttached':
        return rewrite(db, storeId, event.data.productId, (list) =>
          insertedAt(list, event.data.mediaIds, event.data.position),
        )
      case 'ProductMediaDetached':
        return rewrite(db, storeId, event.data.productId, (list) => without(list, event.data.mediaIds))
      case 'ProductMediaReordered':
        return rewrite(db, storeId, event.data.productId, () => event.data.mediaIds)
      case 'ProductDeleted':
        await deleteInStore(db, 'product_media', storeId, { product_id: event.data.productId })
        return
      default: {
        const _exhaustive: never = event
        return _exhaustive
      }
    }
  },
})

/** Recomputes a product's list with the same arithmetic as its decider, then writes it whole. */
async function rewrite(
  db: MediaDb,
  storeId: string,
  productId: string,
  next: (list: readonly string[]) => readonly string[],
): Promise<void> {
  const rows = await db
    .selectFrom('product_media')
    .select('media_id')
    .where('store_id', '=', storeId)
    .where('product_id', '=', productId)
    .orderBy('position')
    .execute()
  // A list holds each media once, whatever a replay feeds it.
  const list = [...new Set(next(rows.map((r) => r.media_id)))]
  await deleteInStore(db, 'product_media', storeId, { product_id: productId })
  if (list.length === 0) return
  await db
    .insertInto('product_media')
    .values(
      list.map((mediaId, position) => ({ store_id: storeId, product_id: productId, media_id: mediaId, position })),
    )
    .execute()
}
