import { randomUUID } from 'node:crypto'
import { describe, it } from 'vitest'
import { productStream } from '../../domain/catalog/product/streams.js'
import { mediaStream } from '../../domain/media/streams.js'
import { type SpecStore, useProjectionSpec } from '../../test/support/projection-spec.js'
import { mediaProjection } from './projection.js'

const spec = useProjectionSpec(mediaProjection)

function mediaOf(shop: SpecStore, mediaId?: string) {
  const media = shop.newEntity(mediaStream, 'mediaId', mediaId)
  return {
    ...media,
    created: (filename = 'mug.jpg') =>
      media.event('MediaCreated', {
        hash: `hash-${filename}`,
        mimeType: 'image/jpeg',
        kind: 'IMAGE',
        width: 800,
        height: 600,
        bytes: 12_345,
        filename,
        alt: '',
      }),
  }
}

function productOf(shop: SpecStore) {
  return shop.newEntity(productStream, 'productId')
}

/** The `product_media` rows of a product's list that holds `mediaIds` in this order. */
function listed(mediaIds: readonly string[]) {
  return mediaIds.map((media_id, position) => ({ media_id, position }))
}

describe('media read model', () => {
  it('files a created media, changes its alt text and drops it when deleted', async () => {
    const shop = spec.store()
    const [kept, gone] = [mediaOf(shop), mediaOf(shop)]
    const created = kept.created()
    const altChanged = kept.event('MediaAltChanged', { alt: 'A blue mug' })
    await spec
      .given([created, gone.created('gone.jpg'), altChanged, gone.event('MediaDeleted', { hash: 'hash-gone.jpg' })])
      .thenRows('media', shop.storeId, [
        {
          id: kept.mediaId,
          organization_id: shop.organizationId,
          hash: 'hash-mug.jpg',
          mime_type: 'image/jpeg',
          kind: 'IMAGE',
          width: 800,
          height: 600,
          bytes: 12_345,
          filename: 'mug.jpg',
          alt: 'A blue mug',
          revision: 1,
          created_at: created.metadata.occurredAt,
          updated_at: altChanged.metadata.occurredAt,
        },
      ])
  })

  it("keeps each product's media list in order as media are attached, detached and re-ordered", async () => {
    const shop = spec.store()
    const mug = productOf(shop)
    const [a, b, c, d] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()]
    const scope = { store_id: shop.storeId, product_id: mug.productId }
    await spec
      .given([
        mug.event('ProductMediaAttached', { mediaIds: [a, b], position: 0 }),
        mug.event('ProductMediaAttached', { mediaIds: [c, d], position: 1 }),
        mug.event('ProductMediaDetached', { mediaIds: [d] }),
      ])
      .thenRows('product_media', scope, listed([a, c, b]), ['position'])
    await spec
      .given([mug.event('ProductMediaReordered', { mediaIds: [b, a, c] })])
      .thenRows('product_media', scope, listed([b, a, c]), ['position'])
  })

  it("keeps a product's list when its media is deleted, and drops it with the product", async () => {
    const shop = spec.store()
    const [mug, cup] = [productOf(shop), productOf(shop)]
    const image = mediaOf(shop)
    await spec
      .given([
        image.created(),
        mug.event('ProductMediaAttached', { mediaIds: [image.mediaId], position: 0 }),
        cup.event('ProductMediaAttached', { mediaIds: [image.mediaId], position: 0 }),
        image.event('MediaDeleted', { hash: 'hash-mug.jpg' }),
        cup.event('ProductDeleted', { handle: 'cup' }),
      ])
      .thenRows('product_media', shop.storeId, [{ product_id: mug.productId, media_id: image.mediaId, position: 0 }])
  })

  it('holds each media once in a list and keeps a newer alt text when events are applied again', async () => {
    const shop = spec.store()
    const mug = productOf(shop)
    const image = mediaOf(shop)
    const other = randomUUID()
    const created = image.created()
    const altChanged = image.event('MediaAltChanged', { alt: 'Newer' })
    const attached = mug.event('ProductMediaAttached', { mediaIds: [image.mediaId, other], position: 0 })
    await spec.given([created, altChanged, attached]).thenRows('media', shop.storeId, [{ alt: 'Newer', revision: 1 }])
    await spec
      .given([{ ...created, data: { ...created.data, alt: 'Older' } }, attached])
      .thenRows('media', shop.storeId, [{ alt: 'Newer', revision: 1 }])
    await spec.given([]).thenRows('product_media', shop.storeId, listed([image.mediaId, other]), ['position'])
  })

  it('keeps a media when another store deletes one with the same id', async () => {
    const shop = spec.store()
    const other = spec.store()
    const mine = mediaOf(shop)
    const theirs = mediaOf(other, mine.mediaId)
    await spec
      .given([mine.created(), theirs.created(), theirs.event('MediaDeleted', { hash: 'hash-mug.jpg' })])
      .thenRows('media', shop.storeId, [{ id: mine.mediaId }])
  })
})
