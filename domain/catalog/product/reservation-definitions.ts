import { defineCommand, type AnyCommandDefinition, storeInternal } from '../../shared/command.js'
import { deciderOf } from '../../shared/event.js'
import { storeOf } from '../../shared/store-of.js'
import {
  productInventoryCommitInput,
  productInventoryReleaseInput,
  productInventoryReserveInput,
} from './reservation-commands.js'
import { decideReservations, evolveReservations, initialReservationsState } from './reservations.js'
import { PRODUCT_CATEGORY, productStream } from './streams.js'

/** A fourth decider over the product stream: the product's status, its variants' stock and the orders holding units. */
export const productReservationsDecider = deciderOf(initialReservationsState, evolveReservations, decideReservations)

/**
 * Server-side only (transports []): checkout reserves, the order reactions commit and release,
 * the expiry scheduler releases. Each is idempotent per order, so a retried or replayed call
 * changes nothing.
 */
const SYSTEM = storeInternal(PRODUCT_CATEGORY, 'products:write', { decider: productReservationsDecider })

export const productInventoryReserve = defineCommand({
  name: 'productInventoryReserve',
  tool: 'reserve_inventory',
  description:
    'Hold units of variants of one product for an order until expiresAt: all lines or none. A line beyond what is available ' +
    '(stock minus live holds; untracked variants are always available) fails with BAD_USER_INPUT at input.lines.<i>.quantity, ' +
    "details.reason 'SOLD_OUT' and details.available. Reserving again for the same order changes nothing.",
  ...SYSTEM,
  annotations: { destructive: false, idempotent: true },
  input: productInventoryReserveInput,
  prepare: ({ productId, orderId, lines, expiresAt }, env) => ({
    stream: productStream(storeOf(env), productId),
    entityId: productId,
    command: { type: 'ProductInventoryReserve' as const, data: { productId, orderId, lines, expiresAt } },
  }),
})

export const productInventoryRelease = defineCommand({
  name: 'productInventoryRelease',
  tool: 'release_inventory',
  description:
    'Give back the units an order holds of a product (reason EXPIRED, CANCELLED, CHECKOUT_FAILED or OTHER). Changes nothing when the order holds none (any more).',
  ...SYSTEM,
  annotations: { destructive: false, idempotent: true },
  input: productInventoryReleaseInput,
  prepare: ({ productId, orderId, reason }, env) => ({
    stream: productStream(storeOf(env), productId),
    entityId: productId,
    command: { type: 'ProductInventoryRelease' as const, data: { productId, orderId, reason } },
  }),
})

export const productInventoryCommit = defineCommand({
  name: 'productInventoryCommit',
  tool: 'commit_inventory',
  description:
    "Turn a paid order's hold on a product into a sale: ProductInventoryAdjusted with reason SOLD for each tracked variant, " +
    'even when the hold had expired (the stock may go below zero). Committing twice changes nothing.',
  ...SYSTEM,
  annotations: { destructive: false, idempotent: true },
  input: productInventoryCommitInput,
  prepare: ({ productId, orderId }, env) => ({
    stream: productStream(storeOf(env), productId),
    entityId: productId,
    command: { type: 'ProductInventoryCommit' as const, data: { productId, orderId } },
  }),
})

export const productReservationCommands: readonly AnyCommandDefinition[] = [
  productInventoryReserve,
  productInventoryRelease,
  productInventoryCommit,
]
