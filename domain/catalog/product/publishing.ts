import { badInput } from '../../shared/errors.js'
import { dateTimeInput } from '../../shared/input-types.js'
import type { ProductEvent, ProductPublishingEvent, ProductStatus } from './events.js'
import type { ProductState } from './product.js'

// Scheduled publishing: a hidden (DRAFT or ARCHIVED) product carries a `publishAt`; the publish
// scheduler (app/scheduling) runs productPublishDue once that time has come, and the product
// turns ACTIVE with nobody calling.

export const publishAtInput = dateTimeInput('publishAt').describe(
  'When the product goes on sale by itself (ISO-8601). It must be hidden (DRAFT or ARCHIVED) until then; null cancels the schedule.',
)

export type ProductPublishDue = { type: 'ProductPublishDue'; data: { productId: string } }

/**
 * Events for a change of schedule. `publishAt`: undefined leaves it, null cancels it, a time sets
 * it. A schedule only makes sense on a product that is hidden afterwards, so one on a product that
 * ends up ACTIVE is refused; making a scheduled product ACTIVE by hand ends its schedule.
 */
export function scheduleChanges(
  productId: string,
  current: { publishAt: string | null; status: ProductStatus },
  next: { publishAt: string | null | undefined; status: ProductStatus },
): ProductPublishingEvent[] {
  if (next.publishAt != null) {
    if (next.status === 'ACTIVE') {
      throw badInput(
        ['input', 'publishAt'],
        'publishAt schedules a hidden product to go on sale, but this product would be ACTIVE already; send status DRAFT with it, or leave publishAt out',
      )
    }
    return next.publishAt === current.publishAt
      ? []
      : [{ type: 'ProductPublishScheduled', data: { productId, publishAt: next.publishAt } }]
  }
  if (current.publishAt === null) return []
  if (next.publishAt === null) return [{ type: 'ProductPublishUnscheduled', data: { productId, reason: 'cancelled' } }]
  return next.status === 'ACTIVE'
    ? [{ type: 'ProductPublishUnscheduled', data: { productId, reason: 'published' } }]
    : []
}

/**
 * Pure: the product turns ACTIVE only if its schedule is still due at `now`. Anything else records
 * nothing, so two scheduler nodes racing on one product produce one change (the loser decides
 * again on fresh state and finds nothing due), and a product deleted since the poll is no error.
 */
export function decidePublishDue(command: ProductPublishDue, state: ProductState, now: Date): ProductEvent[] {
  if (state.kind !== 'existing') return []
  const { publishAt, status } = state.product
  if (publishAt === null || status === 'ACTIVE' || new Date(publishAt) > now) return []
  const { productId } = command.data
  return [
    { type: 'ProductStatusChanged', data: { productId, from: status, to: 'ACTIVE' } },
    { type: 'ProductPublishUnscheduled', data: { productId, reason: 'published' } },
  ]
}
