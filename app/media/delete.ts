import { mediaDelete } from '../../domain/media/definitions.js'
import { commandScopesText, grantsCommand } from '../../domain/shared/command.js'
import { DomainError, badInput, conflict, notFound } from '../../domain/shared/errors.js'
import { findMedia, productsShowingMedia } from '../../projections/media/queries.js'
import type { CommandContext } from '../commands/context.js'
import type { Platform } from '../platform.js'
import { productMediaDetach } from '../../domain/catalog/product/media-definitions.js'

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
export async function deleteMedia(
  platform: Platform,
  ctx: CommandContext,
  input: { id: string; force?: boolean | null },
): Promise<DeletedMedia> {
  if (!grantsCommand(ctx.scopes, mediaDelete)) {
    throw new DomainError(
      'FORBIDDEN',
      `mediaDelete needs the ${commandScopesText(mediaDelete)} scope, which this credential does not have`,
    )
  }
  if (!ctx.storeId) throw badInput([], 'media belong to a store: select it with the X-Store header (store id or slug)')
  const db = platform.database.db
  const media = await findMedia(db, ctx.storeId, input.id)
  if (!media) throw notFound('media', input.id)
  const productIds = await productsShowingMedia(db, ctx.storeId, media.id)
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
  const result = await platform.executeAndWait(mediaDelete, { id: media.id }, ctx)
  return { deletedId: media.id, detachedFromProductIds: detached, eventPosition: result.position }
}
