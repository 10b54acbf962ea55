import { entityId } from '../../shared/input-types.js'
import {
  idListInput,
  insertedAt,
  insertion,
  insertPositionInput,
  listedTwice,
  removal,
  reordering,
  without,
} from '../../shared/ordered-ids.js'
import { badInput, notFound } from '../../shared/errors.js'
import type { ProductEvent, ProductMediaEvent } from './events.js'
import { strictInput } from '../../shared/strict-input.js'

/** As many media as a Shopify product may hold. */
export const PRODUCT_MEDIA_MAX = 250

// Commands and their inputs.

const productId = entityId('product', 'productId').describe('The product id (a UUID).')

const mediaIds = idListInput('mediaIds', 'media')
  .max(PRODUCT_MEDIA_MAX, `mediaIds may name at most ${PRODUCT_MEDIA_MAX} media`)
  .describe('Media ids from the media library (upload_image or mediaCreate returns them).')

export const productMediaAttachInput = strictInput('productMediaAttach', {
  productId,
  mediaIds: mediaIds.overwrite((ids) => [...new Set(ids)]),
  position: insertPositionInput.describe(
    'Where to insert, counting from 0 (0 puts them first); the end when omitted or beyond it.',
  ),
})
export const productMediaDetachInput = strictInput('productMediaDetach', { productId, mediaIds })
export const productMediaReorderInput = strictInput('productMediaReorder', { productId, mediaIds })

export type ProductMediaAttach = {
  type: 'ProductMediaAttach'
  data: { productId: string; mediaIds: string[]; position: number | null }
}
export type ProductMediaDetach = { type: 'ProductMediaDetach'; data: { productId: string; mediaIds: string[] } }
export type ProductMediaReorder = { type: 'ProductMediaReorder'; data: { productId: string; mediaIds: string[] } }
export type ProductMediaCommand = ProductMediaAttach | ProductMediaDetach | ProductMediaReorder

// State: only what these commands need from a product stream.

export type ProductMediaState =
  { kind: 'empty' } | { kind: 'existing'; productId: string; mediaIds: string[] } | { kind: 'deleted' }

export const initialProductMediaState = (): ProductMediaState => ({ kind: 'empty' })

/** Folds a product stream; events about the product's other fields leave the media list as it is. */
export function evolveProductMedia(state: ProductMediaState, event: ProductEvent): ProductMediaState {
  if (event.type === 'ProductCreated') return { kind: 'existing', productId: event.data.productId, mediaIds: [] }
  if (event.type === 'ProductDeleted') return { kind: 'deleted' }
  if (state.kind !== 'existing') return state
  switch (event.type) {
    case 'ProductMediaAttached':
      return { ...state, mediaIds: insertedAt(state.mediaIds, event.data.mediaIds, event.data.position) }
    case 'ProductMediaDetached':
      return { ...state, mediaIds: without(state.mediaIds, event.data.mediaIds) }
    case 'ProductMediaReordered':
      return { ...state, mediaIds: [...event.data.mediaIds] }
    default:
      return state
  }
}

/** Pure: attaching what is attached, detaching what is not, or reordering into the same order records nothing. */
export function decideProductMedia(command: ProductMediaCommand, state: ProductMediaState): ProductMediaEvent[] {
  const current = live(state, command.data.productId)
  const { productId } = command.data
  switch (command.type) {
    case 'ProductMediaAttach': {
      const added = insertion(current, command.data.mediaIds, command.data.position)
      if (!added) return []
      if (current.length + added.ids.length > PRODUCT_MEDIA_MAX) {
        throw badInput(
          ['input', 'mediaIds'],
          `a product may show at most ${PRODUCT_MEDIA_MAX} media; it has ${current.length}, so at most ${PRODUCT_MEDIA_MAX - current.length} more fit`,
        )
      }
      return [{ type: 'ProductMediaAttached', data: { productId, mediaIds: added.ids, position: added.position } }]
    }
    case 'ProductMediaDetach': {
      const removed = removal(current, command.data.mediaIds)
      return removed ? [{ type: 'ProductMediaDetached', data: { productId, mediaIds: removed.ids } }] : []
    }
    case 'ProductMediaReorder': {
      const order = reordering(current, command.data.mediaIds, {
        field: 'mediaIds',
        notInList: (id) => `media '${id}' is not attached to product '${productId}'; attach it first`,
        twice: listedTwice('media'),
      })
      return order ? [{ type: 'ProductMediaReordered', data: { productId, mediaIds: order } }] : []
    }
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}

function live(state: ProductMediaState, productId: string): string[] {
  if (state.kind !== 'existing') throw notFound('product', productId)
  return state.mediaIds
}
