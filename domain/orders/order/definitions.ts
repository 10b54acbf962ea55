import {
  defineCommand,
  type AnyCommandDefinition,
  type PrepareEnv,
  type UniquenessChange,
  storeInternal,
  storeWrite,
} from '../../shared/command.js'
import type { DecideContext } from '../../shared/context.js'
import { deciderOf } from '../../shared/event.js'
import { inputAsData, onStoreEntity, storeOf } from '../../shared/store-of.js'
import {
  orderCancelInput,
  orderExpireInput,
  orderFulfillInput,
  orderNoteAddInput,
  orderPaymentSessionRecordInput,
  orderPaymentSyncInput,
  orderPlaceInput,
  orderRefundInput,
  type OrderCommand,
} from './commands.js'
import { decideOrder } from './decide.js'
import type { OrderEvent } from './events.js'
import { evolveOrder, initialOrderState, type OrderState } from './order.js'
import { FIRST_ORDER_NUMBER, ORDER_CATEGORY, orderName, orderNumberKey, orderStream } from './streams.js'

export const orderDecider = deciderOf(initialOrderState, evolveOrder, decideOrder)

/** Run by the platform itself (checkout, the payment webhook, the expiry scheduler), never offered to clients. */
const SERVER_SIDE = storeInternal(ORDER_CATEGORY, 'orders:write', { decider: orderDecider })
const MERCHANT = storeWrite(ORDER_CATEGORY, 'orders:write', { decider: orderDecider })
const onOrder = onStoreEntity<OrderCommand>(orderStream)

/**
 * The next order number of the store: the first one no order holds.
 *
 * Why reservations: each number is a reservation `uniq-<storeId>_order-number:<n>` claimed in the
 * same atomic append as the `OrderPlaced` that carries it, with the reservation stream's expected
 * revision, so two concurrent checkouts can never both land the same number (the second append
 * fails and the command runs again on fresh facts: the claim is `contended`, and `orderPlace`
 * runs up to ORDER_PLACE_ATTEMPTS times). Numbers are claimed one after the other and never
 * released, so the taken numbers are always 1001…N without a hole, and N is found by galloping
 * then bisecting over the reservations: O(log N) stream reads, no read model (which may lag) and
 * no single counter stream that every checkout would have to read whole.
 */
export async function nextOrderNumber(storeId: string, env: Pick<PrepareEnv, 'reservationOwner'>): Promise<number> {
  const taken = async (n: number) => (await env.reservationOwner(storeId, orderNumberKey(n))) !== null
  if (!(await taken(FIRST_ORDER_NUMBER))) return FIRST_ORDER_NUMBER
  let low = FIRST_ORDER_NUMBER // taken
  let step = 1
  let high = low + step
  while (await taken(high)) {
    low = high
    step *= 2
    high = low + step
  }
  // low is taken, high is free: the first free number lies in (low, high].
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2)
    if (await taken(mid)) low = mid
    else high = mid
  }
  return high
}

/** Twenty shoppers checking out at once must all get a number: each lost race costs one more run. */
export const ORDER_PLACE_ATTEMPTS = 64

function orderNumberClaim(events: readonly OrderEvent[], _before: OrderState, ctx: DecideContext): UniquenessChange[] {
  return events.flatMap((event): UniquenessChange[] =>
    event.type === 'OrderPlaced'
      ? [
          {
            kind: 'claim',
            scope: storeOf(ctx),
            key: orderNumberKey(event.data.number),
            ownerId: event.data.orderId,
            field: ['input', 'orderId'],
            message: `order number ${orderName(event.data.number)} was taken by a concurrent checkout; place the order again`,
            contended: true,
          },
        ]
      : [],
  )
}

export const orderPlace = defineCommand({
  name: 'orderPlace',
  tool: 'place_order',
  description:
    'Place an order, PENDING_PAYMENT, with the next order number of the store (#1001, #1002 …). Run by checkout on the ' +
    'server with prices and totals computed there; not offered to clients.',
  ...SERVER_SIDE,
  annotations: { destructive: false, idempotent: false },
  input: orderPlaceInput,
  attempts: ORDER_PLACE_ATTEMPTS,
  async prepare(input, env) {
    const storeId = storeOf(env.ctx)
    const number = await nextOrderNumber(storeId, env)
    return onOrder(env, input.orderId, { type: 'OrderPlace', data: { ...input, number } })
  },
  uniqueness: orderNumberClaim,
})

export const orderPaymentSessionRecord = defineCommand({
  name: 'orderPaymentSessionRecord',
  tool: 'record_order_payment_session',
  description: "Record the payment provider's checkout session opened for an order. Server-side only.",
  ...SERVER_SIDE,
  annotations: { destructive: false, idempotent: true },
  input: orderPaymentSessionRecordInput,
  prepare: inputAsData(onOrder, 'orderId', 'OrderPaymentSessionRecord'),
})

export const orderPaymentSync = defineCommand({
  name: 'orderPaymentSync',
  tool: 'sync_order_payment',
  description:
    "Bring an order up to date with the provider's summary of its payment (succeeded, failed, refunded in all, " +
    'disputed): only what is new is recorded, so repeats and out-of-order deliveries converge. Run by the payment webhook.',
  ...SERVER_SIDE,
  annotations: { destructive: false, idempotent: true },
  input: orderPaymentSyncInput,
  prepare: inputAsData(onOrder, 'orderId', 'OrderPaymentSync'),
})

export const orderExpire = defineCommand({
  name: 'orderExpire',
  tool: 'expire_order',
  description: 'Expire an order still waiting for payment after its reservation ran out. Run by the platform.',
  ...SERVER_SIDE,
  annotations: { destructive: false, idempotent: true },
  input: orderExpireInput,
  prepare: inputAsData(onOrder, 'orderId', 'OrderExpire'),
})

export const orderCancel = defineCommand({
  name: 'orderCancel',
  tool: 'cancel_order',
  description:
    'Cancel an order, found by orderId, with an optional reason: its reserved stock is released. An order waiting for ' +
    'payment or with a mismatched payment can be cancelled; a paid one must be refunded in full first (refund_order), a ' +
    'fulfilled or expired one cannot be. Cancelling twice changes nothing. Returns the order. Fails with NOT_FOUND for an ' +
    'unknown id and CONFLICT when the order cannot be cancelled.',
  summary: 'Cancels an order.',
  ...MERCHANT,
  annotations: { destructive: true, idempotent: true },
  input: orderCancelInput,
  prepare: inputAsData(onOrder, 'orderId', 'OrderCancel'),
})

export const orderRefund = defineCommand({
  name: 'orderRefund',
  tool: 'refund_order',
  description:
    'Refund a paid order, found by orderId, in full (amount left out) or in part (amount in minor units, e.g. 500 = 5.00). ' +
    'The refund is asked of the payment provider; the order shows the money back (totalRefunded, paymentStatus ' +
    'PARTIALLY_REFUNDED or REFUNDED) once the provider confirms it. Returns the order. Fails with NOT_FOUND for an unknown ' +
    'id, CONFLICT when nothing is refundable, and BAD_USER_INPUT when amount is more than what is refundable.',
  summary: 'Refunds an order in full or in part through its payment provider.',
  ...MERCHANT,
  annotations: { destructive: true, idempotent: false },
  input: orderRefundInput,
  prepare(input, env) {
    const command: OrderCommand = {
      type: 'OrderRefund',
      data: { orderId: input.orderId, refundId: env.newId(), amount: input.amount ?? null, reason: input.reason },
    }
    return onOrder(env, input.orderId, command)
  },
})

export const orderFulfill = defineCommand({
  name: 'orderFulfill',
  tool: 'fulfill_order',
  description:
    'Mark a paid order, found by orderId, as fulfilled (shipped), with an optional trackingNumber, trackingUrl (http or ' +
    'https) and carrier. Returns the order. Fails with NOT_FOUND for an unknown id and CONFLICT when the order is not PAID ' +
    'or is fulfilled already.',
  summary: 'Fulfils (ships) a paid order, with optional tracking.',
  ...MERCHANT,
  annotations: { destructive: false, idempotent: false },
  input: orderFulfillInput,
  prepare(input, env) {
    const command: OrderCommand = { type: 'OrderFulfill', data: { ...input, fulfillmentId: env.newId() } }
    return onOrder(env, input.orderId, command)
  },
})

export const orderNoteAdd = defineCommand({
  name: 'orderNoteAdd',
  tool: 'add_order_note',
  description:
    'Add an internal note (staff only, never shown to the shopper) to an order, found by orderId. Returns the order. ' +
    'Fails with NOT_FOUND for an unknown id.',
  summary: 'Adds an internal note to an order.',
  ...MERCHANT,
  annotations: { destructive: false, idempotent: false },
  input: orderNoteAddInput,
  prepare(input, env) {
    const command: OrderCommand = { type: 'OrderNoteAdd', data: { ...input, noteId: env.newId() } }
    return onOrder(env, input.orderId, command)
  },
})

export const orderCommands: readonly AnyCommandDefinition[] = [
  orderPlace,
  orderPaymentSessionRecord,
  orderPaymentSync,
  orderExpire,
  orderCancel,
  orderRefund,
  orderFulfill,
  orderNoteAdd,
]
