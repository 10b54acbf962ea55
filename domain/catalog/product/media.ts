import { z } from 'zod'
import { entityId, wholeNumber } from '../../shared/input-types.js'
import { badInput, notFound } from '../../shared/errors.js'
import type { ProductEvent, ProductMediaEvent } from './events.js'
import { strictInput } from '../../shared/strict-input.js'

/** As many media as a Shopify product may hold. */
export const PRODUCT_MEDIA_MAX = 250

// The list arithmetic, shared by the decider and the read model so both agree on every order.

export function withAttached(list: readonly string[], mediaIds: readonly string[], position: number): string[] {
  return [...list.slice(0, position), ...mediaIds, ...list.slice(position)]
}

export function withDetached(list: readonly string[], mediaIds: readonly string[]): string[] {
  return list.filter((id) => !mediaIds.includes(id))
}

/** The listed media first, in the order given; the others keep their relative order after them. */
export function withOrder(list: readonly string[], mediaIds: readonly string[]): string[] {
  return [...mediaIds, ...list.filter((id) => !mediaIds.includes(id))]
}

// Commands and their inputs.

const productId = entityId('product', 'productId').describe('The product id (a UUID).')

const mediaIds = z
  .array(
    z.uuid({ error: 'each media id must be a media id (a UUID)' }).overwrite((id) => id.toLowerCase()),
    { error: (issue) => (issue.input === undefined ? 'mediaIds is required' : 'mediaIds must be a list of media ids') },
  )
  .min(1, 'mediaIds must name at least one media')
  .max(PRODUCT_MEDIA_MAX, `mediaIds may name at most ${PRODUCT_MEDIA_MAX} media`)
  .describe('Media ids from the media library (upload_image or mediaCreate returns them).')

export const productMediaAttachInput = strictInput('productMediaAttach', {
  productId,
  mediaIds: mediaIds.overwrite((ids) => [...new Set(ids)]),
  position: wholeNumber('position', { min: 0 })
    .nullish()
    .describe('Where to insert, counting from 0 (0 puts them first); the end when omitted or beyond it.'),
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
      return { ...state, mediaIds: withAttached(state.mediaIds, event.data.mediaIds, event.data.position) }
    case 'ProductMediaDetached':
      return { ...state, mediaIds: withDetached(state.mediaIds, event.data.mediaIds) }
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
      const added = command.data.mediaIds.filter((id) => !current.includes(id))
      if (added.length === 0) return []
      if (current.length + added.length > PRODUCT_MEDIA_MAX) {
        throw badInput(
          ['input', 'mediaIds'],
          `a product may show at most ${PRODUCT_MEDIA_MAX} media; it has ${current.length}, so at most ${PRODUCT_MEDIA_MAX - current.length} more fit`,
        )
      }
      const position = Math.min(command.data.position ?? current.length, current.length)
      return [{ type: 'ProductMediaAttached', data: { productId, mediaIds: added, position } }]
    }
    case 'ProductMediaDetach': {
      const removed = current.filter((id) => command.data.mediaIds.includes(id))
      return removed.length ? [{ type: 'ProductMediaDetached', data: { productId, mediaIds: removed } }] : []
    }
    case 'ProductMediaReorder': {
      command.data.mediaIds.forEach((id, index) => {
        if (!current.includes(id))
          throw badInput(
            ['input', 'mediaIds', index],
            `media '${id}' is not attached to product '${productId}'; attach it first`,
          )
        if (command.data.mediaIds.indexOf(id) !== index)
          throw badInput(['input', 'mediaIds', index], `media '${id}' is listed twice; list each media once`)
      })
      const order = withOrder(current, command.data.mediaIds)
      return order.every((id, index) => id === current[index])
        ? []
        : [{ type: 'ProductMediaReordered', data: { productId, mediaIds: order } }]
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
