import { mediaRecordDelete } from '../../domain/media/definitions.js'
import { mediaDelete } from '../../domain/media/service-definitions.js'
import { DomainError, conflict, notFound } from '../../domain/shared/errors.js'
import { findMedia, productsShowingMedia } from '../../projections/media/queries.js'
import { productMediaDetach } from '../../domain/catalog/product/media-definitions.js'
import { commandContext, requireStore } from '../caller.js'
import { defineServiceRun } from '../commands/services.js'

export interface DeletedMedia {
  deletedId: string
  /** The products it was detached from first (forced deletes only). */
  detachedFromProductIds: string[]
  eventPosition: string | null
}

/**
 * Deletes a media that no product shows; with `force`, first detaches it from every product
 * that does, one `productMediaDetach` per product stream, then deletes it. Which products show
 * it is a read-model question, so a product attaching it in the same instant can slip through;
 * product media lists skip media that no longer exist, so such a product simply shows one
 * image less.
 */
export const mediaDeleteService = defineServiceRun<{ id: string; force?: boolean | null }, DeletedMedia>({
  definition: mediaDelete,
  async run(input, { caller }) {
    const storeId = requireStore(caller).id
    const { platform } = caller
    const ctx = commandContext(caller)
    const db = platform.database.db
    const media = await findMedia(db, storeId, input.id)
    if (!media) throw notFound('media', input.id)
    const productIds = await productsShowingMedia(db, storeId, media.id)
    if (productIds.length && !input.force) {
      const shown =
        productIds.length === 1
          ? `product '${productIds[0]}'`
          : `${productIds.length} products (${productIds.slice(0, 5).join(', ')}${productIds.length > 5 ? ', …' : ''})`
      throw conflict(
        `media '${media.id}' is shown on ${shown}; detach it first, or pass force: true to detach it everywhere and delete it`,
        ['input', 'force'],
      )
    }
    const detached: string[] = []
    for (const productId of productIds) {
      try {
        await platform.executeAndWait(productMediaDetach, { productId, mediaIds: [media.id] }, ctx)
        detached.push(productId)
      } catch (error) {
        // A product deleted meanwhile no longer shows anything; every other failure stops the delete.
        if (!(error instanceof DomainError && error.code === 'NOT_FOUND')) throw error
      }
    }
    const result = await platform.executeAndWait(mediaRecordDelete, { id: media.id }, ctx)
    return { deletedId: media.id, detachedFromProductIds: detached, eventPosition: result.position }
  },
})
