import { z } from 'zod'
import { dateTimeInput, entityId } from '../../shared/input-types.js'
import { strictInput } from '../../shared/strict-input.js'
import { RESERVATION_RELEASE_REASONS, type ReservationReleaseReason } from './reservation-events.js'
import { QUANTITY_LIMIT } from './variant-commands.js'
import { VARIANTS_MAX } from './variants.js'

// Server-side commands (transports []): checkout, the order reactions and the expiry scheduler
// call them, never a client. Their inputs are still checked: a bug upstream gets a clear error.

const productId = entityId('product', 'productId').describe('The product whose stock is held.')
const orderId = entityId('order', 'orderId').describe('The order the units are held for.')

const reservationLine = strictInput('a reservation line', {
  variantId: entityId('variant', 'variantId'),
  quantity: z
    .number({ error: 'quantity must be a whole number' })
    .int('quantity must be a whole number')
    .min(1, 'quantity must be at least 1')
    .max(QUANTITY_LIMIT, `quantity must be at most ${QUANTITY_LIMIT}`),
})

export const productInventoryReserveInput = strictInput('productInventoryReserve', {
  productId,
  orderId,
  lines: z
    .array(reservationLine, { error: 'lines must be a list of {variantId, quantity}' })
    .min(1, 'lines must hold at least one line')
    .max(VARIANTS_MAX, `lines may hold at most ${VARIANTS_MAX} lines`)
    .superRefine((lines, ctx) => {
      lines.forEach((line, index) => {
        if (lines.findIndex((other) => other.variantId === line.variantId) !== index)
          ctx.addIssue({
            code: 'custom',
            path: [index, 'variantId'],
            message: `variant '${line.variantId}' is listed twice; give each variant once with the whole quantity`,
          })
      })
    }),
  expiresAt: dateTimeInput('expiresAt'),
})

export const productInventoryReleaseInput = strictInput('productInventoryRelease', {
  productId,
  orderId,
  reason: z.enum(RESERVATION_RELEASE_REASONS, {
    error: `reason must be one of ${RESERVATION_RELEASE_REASONS.join(', ')}`,
  }),
})

export const productInventoryCommitInput = strictInput('productInventoryCommit', { productId, orderId })

type Command<Type extends string, Data extends object> = {
  type: Type
  data: { productId: string; orderId: string } & Data
}

/** All lines (one per variant) or none; `expiresAt` is ISO-8601 UTC. */
export type ProductInventoryReserve = Command<
  'ProductInventoryReserve',
  { lines: { variantId: string; quantity: number }[]; expiresAt: string }
>
export type ProductInventoryRelease = Command<'ProductInventoryRelease', { reason: ReservationReleaseReason }>
export type ProductInventoryCommit = Command<'ProductInventoryCommit', object>

export type ProductReservationCommand = ProductInventoryReserve | ProductInventoryRelease | ProductInventoryCommit
