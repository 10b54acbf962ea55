import { z } from 'zod'
import { notFound } from '../../shared/errors.js'
import type { DomainEvent } from '../../shared/event.js'
import { productUpdateInput, strictInput, type ProductUpdate } from './commands.js'
import { decideProduct } from './decide.js'
import type { ProductEvent } from './events.js'
import type { ProductMediaEvent } from './media.js'
import type { LiveProduct } from './product.js'
import { snapshotMediaIds, type ProductSnapshot } from './snapshot.js'

/**
 * Heads the ordinary change events of a revert, so the audit log shows that (and to which
 * revision) the changes after it restore an earlier state. History keeps both: nothing is undone.
 */
export type ProductReverted = DomainEvent<'ProductReverted', { productId: string; toRevision: number }>

export const productRevertInput = strictInput('productRevert', {
  id: productUpdateInput.shape.id,
  toRevision: z
    .number({ error: (issue) => (issue.input === undefined ? 'toRevision is required' : 'toRevision must be a number') })
    .int('toRevision must be a whole number')
    .min(0, 'toRevision must be 0 or more (0 is the creation)')
    .describe("The revision to restore, as Product.history or the audit log lists them (0 is the creation)."),
})

export type ProductRevertInput = z.output<typeof productRevertInput>

/** `target` is the product as it was at `toRevision`; `mediaIds` its media that still exist in the library. */
export type ProductRevert = {
  type: 'ProductRevert'
  data: { productId: string; toRevision: number; target: LiveProduct; mediaIds: string[] }
}

/**
 * Pure: the events that take the product from its current state to the target, the same events an
 * update would record (ProductRetitled, ProductHandleChanged, …), after one ProductReverted
 * marker. A target equal to the current state records nothing.
 */
export function decideProductRevert(command: ProductRevert, state: ProductSnapshot): ProductEvent[] {
  const { productId, toRevision, target, mediaIds } = command.data
  if (state.product.kind !== 'existing') throw notFound('product', productId)
  const update: ProductUpdate = {
    type: 'ProductUpdate',
    data: {
      productId,
      title: target.title,
      handle: target.handle,
      description: target.description,
      status: target.status,
      vendor: target.vendor,
      tags: target.tags,
      seo: target.seo,
      publishAt: target.publishAt,
    },
  }
  const changes = [...decideProduct(update, state.product), ...mediaChanges(productId, snapshotMediaIds(state), mediaIds)]
  return changes.length ? [{ type: 'ProductReverted', data: { productId, toRevision } }, ...changes] : []
}

/** Detach what the target lacks, attach what it adds at the end, then reorder if the order still differs. */
export function mediaChanges(productId: string, current: readonly string[], target: readonly string[]): ProductMediaEvent[] {
  const events: ProductMediaEvent[] = []
  const removed = current.filter((id) => !target.includes(id))
  if (removed.length) events.push({ type: 'ProductMediaDetached', data: { productId, mediaIds: removed } })
  const kept = current.filter((id) => target.includes(id))
  const added = target.filter((id) => !kept.includes(id))
  if (added.length) events.push({ type: 'ProductMediaAttached', data: { productId, mediaIds: added, position: kept.length } })
  const after = [...kept, ...added]
  if (after.some((id, index) => id !== target[index])) events.push({ type: 'ProductMediaReordered', data: { productId, mediaIds: [...target] } })
  return events
}
