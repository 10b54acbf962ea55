import { notFound } from '../../shared/errors.js'
import { insertedAt, without } from '../../shared/ordered-ids.js'
import { productUpdateInput, type ProductUpdate } from './commands.js'
import { strictInput } from '../../shared/strict-input.js'
import { toRevisionInput } from '../../shared/revert-point.js'
import { decideProduct } from './decide.js'
import type { ProductEvent, ProductMediaEvent } from './events.js'
import type { AttributesCopy } from './duplicate.js'
import type { LiveProduct } from './product.js'
import { attributeChanges, catalogChanges } from './revert-catalog.js'
import { snapshotAttributes, snapshotMediaIds, type ProductSnapshot } from './snapshot.js'
import type { Catalog } from './variants.js'

export const productRevertInput = strictInput('productRevert', {
  id: productUpdateInput.shape.id,
  toRevision: toRevisionInput(
    'toRevision must be 0 or more (0 is the product as its creation made it)',
    'The revision to restore, as Product.history or the audit log lists them: the product comes back as the whole change that wrote it left it (0: as created, variants and SEO included).',
  ),
})

/**
 * `target` is the product as it was at `toRevision`, with `mediaIds` (its media that still exist in
 * the library), `catalog` (its options and variants) and `attributes` of that time.
 */
export type ProductRevert = {
  type: 'ProductRevert'
  data: {
    productId: string
    toRevision: number
    target: LiveProduct
    mediaIds: string[]
    catalog: Catalog | null
    attributes: AttributesCopy
  }
}

/**
 * Pure: the events that take the product from its current state to the target, the same events
 * an update or a variant command would record (ProductRetitled, ProductVariantPriceChanged, …),
 * after one ProductReverted marker. A target equal to the current state records nothing.
 */
export function decideProductRevert(command: ProductRevert, state: ProductSnapshot): ProductEvent[] {
  const { productId, toRevision, target, mediaIds, catalog, attributes } = command.data
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
  const changes = [
    ...decideProduct(update, state.product),
    ...mediaChanges(productId, snapshotMediaIds(state), mediaIds),
    ...(catalog && state.variants.kind === 'existing' ? catalogChanges(state.variants.catalog, catalog) : []),
    ...attributeChanges(productId, snapshotAttributes(state), attributes),
  ]
  return changes.length ? [{ type: 'ProductReverted', data: { productId, toRevision } }, ...changes] : []
}

/**
 * Detach what the target lacks, attach each run of missing media where the target has it, and
 * reorder only if the kept media are still out of order.
 */
export function mediaChanges(
  productId: string,
  current: readonly string[],
  target: readonly string[],
): ProductMediaEvent[] {
  const events: ProductMediaEvent[] = []
  const removed = without(current, target)
  if (removed.length) events.push({ type: 'ProductMediaDetached', data: { productId, mediaIds: removed } })
  let list = without(current, removed)
  for (let index = 0; index < target.length; index++) {
    if (list.includes(target[index]!)) continue
    let end = index
    while (end < target.length && !list.includes(target[end]!)) end++
    const run = target.slice(index, end)
    events.push({ type: 'ProductMediaAttached', data: { productId, mediaIds: run, position: index } })
    list = insertedAt(list, run, index)
    index = end - 1
  }
  if (list.some((id, index) => id !== target[index]))
    events.push({ type: 'ProductMediaReordered', data: { productId, mediaIds: [...target] } })
  return events
}
