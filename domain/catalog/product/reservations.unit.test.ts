import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import { P, created, ctx, deleted, id, variantCreated } from '../../../test/support/variants.js'
import type { ProductEvent } from './events.js'
import type { ProductReservationCommand } from './reservation-commands.js'
import type { ReservationReleaseReason } from './reservation-events.js'
import { productReservationsDecider } from './reservation-definitions.js'
import { fold } from '../../shared/event.js'
import { reservedQuantity } from './reservations.js'

const spec = deciderSpec(productReservationsDecider, ctx)
const V1 = id('v', 1)
const V2 = id('v', 2)
const ORDER_A = '01900000-0000-7000-8000-0000000000a1'
const ORDER_B = '01900000-0000-7000-8000-0000000000b2'
const EXPIRES = '2026-01-02T03:19:05.000Z'

/** V1 tracked with 5 in stock, V2 not tracked. */
const stocked: ProductEvent[] = [
  created,
  variantCreated(1, [], { inventoryQuantity: 5 }),
  variantCreated(2, [], { inventoryTracked: false, optionValues: [], sku: 'SKU-2' }),
]

const reserve = (orderId: string, lines: { variantId: string; quantity: number }[]): ProductReservationCommand => ({
  type: 'ProductInventoryReserve',
  data: { productId: P, orderId, lines, expiresAt: EXPIRES },
})
const release = (orderId: string, reason: ReservationReleaseReason = 'EXPIRED'): ProductReservationCommand => ({
  type: 'ProductInventoryRelease',
  data: { productId: P, orderId, reason },
})
const commit = (orderId: string): ProductReservationCommand => ({
  type: 'ProductInventoryCommit',
  data: { productId: P, orderId },
})
const reserved = (orderId: string, variantId: string, quantity: number): ProductEvent => ({
  type: 'ProductInventoryReserved',
  data: { productId: P, variantId, orderId, quantity, expiresAt: EXPIRES },
})
const released = (
  orderId: string,
  variantId: string,
  quantity: number,
  reason: ReservationReleaseReason = 'EXPIRED',
): ProductEvent => ({
  type: 'ProductInventoryReleased',
  data: { productId: P, variantId, orderId, quantity, reason },
})
const committed = (orderId: string, variantId: string, quantity: number): ProductEvent => ({
  type: 'ProductInventoryCommitted',
  data: { productId: P, variantId, orderId, quantity },
})
const sold = (orderId: string, quantity: number, stockAfter: number): ProductEvent => ({
  type: 'ProductInventoryAdjusted',
  data: {
    productId: P,
    variantId: V1,
    delta: -quantity,
    quantity: stockAfter,
    reason: 'SOLD',
    note: `order ${orderId}`,
  },
})

describe('productInventoryReserve', () => {
  it('holds every line of the product for the order, untracked variants included', () => {
    spec
      .given(stocked)
      .when(
        reserve(ORDER_A, [
          { variantId: V1, quantity: 2 },
          { variantId: V2, quantity: 50 },
        ]),
      )
      .then([reserved(ORDER_A, V1, 2), reserved(ORDER_A, V2, 50)])
  })

  it('takes the last units, then answers SOLD_OUT with what is left at the line', () => {
    spec
      .given(stocked)
      .when(reserve(ORDER_A, [{ variantId: V1, quantity: 5 }]))
      .then([reserved(ORDER_A, V1, 5)])
    spec
      .given([...stocked, reserved(ORDER_A, V1, 3)])
      .when(
        reserve(ORDER_B, [
          { variantId: V2, quantity: 1 },
          { variantId: V1, quantity: 3 },
        ]),
      )
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'lines', 1, 'quantity'], message: 'only 2' })
    let raised: unknown
    try {
      productReservationsDecider.decide(
        reserve(ORDER_B, [{ variantId: V1, quantity: 1 }]),
        fold(productReservationsDecider, [...stocked, reserved(ORDER_A, V1, 5)]),
        ctx,
      )
    } catch (error) {
      raised = error
    }
    expect(raised).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'lines', 0, 'quantity'],
      details: { reason: 'SOLD_OUT', available: 0 },
    })
  })

  it('counts released and sold holds out of the reserved units', () => {
    spec
      .given([...stocked, reserved(ORDER_A, V1, 5), released(ORDER_A, V1, 5)])
      .when(reserve(ORDER_B, [{ variantId: V1, quantity: 5 }]))
      .then([reserved(ORDER_B, V1, 5)])
    // Sold: the stock went down instead, so nothing is left.
    spec
      .given([...stocked, reserved(ORDER_A, V1, 5), committed(ORDER_A, V1, 5), sold(ORDER_A, 5, 0)])
      .when(reserve(ORDER_B, [{ variantId: V1, quantity: 1 }]))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'lines', 0, 'quantity'] })
  })

  it('changes nothing when the order reserved already, even after its hold ended', () => {
    spec
      .given([...stocked, reserved(ORDER_A, V1, 2)])
      .when(reserve(ORDER_A, [{ variantId: V1, quantity: 2 }]))
      .then([])
    spec
      .given([...stocked, reserved(ORDER_A, V1, 2), released(ORDER_A, V1, 2)])
      .when(reserve(ORDER_A, [{ variantId: V1, quantity: 2 }]))
      .then([])
  })

  it('refuses unknown variants, products not on sale and missing products', () => {
    spec
      .given(stocked)
      .when(reserve(ORDER_A, [{ variantId: id('v', 9), quantity: 1 }]))
      .thenFails({ code: 'NOT_FOUND', field: ['input', 'lines', 0, 'variantId'] })
    spec
      .given([...stocked, { type: 'ProductStatusChanged', data: { productId: P, from: 'ACTIVE', to: 'DRAFT' } }])
      .when(reserve(ORDER_A, [{ variantId: V1, quantity: 1 }]))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'productId'], message: 'not on sale' })
    spec
      .given([])
      .when(reserve(ORDER_A, [{ variantId: V1, quantity: 1 }]))
      .thenFails({ code: 'NOT_FOUND' })
    spec
      .given([...stocked, deleted])
      .when(reserve(ORDER_A, [{ variantId: V1, quantity: 1 }]))
      .thenFails({ code: 'NOT_FOUND' })
  })
})

describe('productInventoryRelease', () => {
  it('gives back every line the order holds, with the reason', () => {
    spec
      .given([...stocked, reserved(ORDER_A, V1, 2), reserved(ORDER_A, V2, 1)])
      .when(release(ORDER_A, 'CANCELLED'))
      .then([released(ORDER_A, V1, 2, 'CANCELLED'), released(ORDER_A, V2, 1, 'CANCELLED')])
    const state = fold(productReservationsDecider, [
      ...stocked,
      reserved(ORDER_A, V1, 2),
      reserved(ORDER_B, V1, 1),
      released(ORDER_A, V1, 2),
    ])
    expect(reservedQuantity(state, V1)).toBe(1)
  })

  it('changes nothing the second time, for an order that holds nothing, or on a deleted product', () => {
    spec
      .given([...stocked, reserved(ORDER_A, V1, 2), released(ORDER_A, V1, 2)])
      .when(release(ORDER_A))
      .then([])
    spec.given(stocked).when(release(ORDER_A)).then([])
    spec
      .given([...stocked, reserved(ORDER_A, V1, 2), committed(ORDER_A, V1, 2), sold(ORDER_A, 2, 3)])
      .when(release(ORDER_A))
      .then([])
    spec
      .given([...stocked, reserved(ORDER_A, V1, 2), deleted])
      .when(release(ORDER_A))
      .then([])
  })
})

describe('productInventoryCommit', () => {
  it('turns the hold into a sale: committed, and the tracked stock adjusted with reason SOLD', () => {
    spec
      .given([...stocked, reserved(ORDER_A, V1, 2), reserved(ORDER_A, V2, 4)])
      .when(commit(ORDER_A))
      .then([committed(ORDER_A, V1, 2), committed(ORDER_A, V2, 4), sold(ORDER_A, 2, 3)])
  })

  it('changes nothing the second time', () => {
    spec
      .given([...stocked, reserved(ORDER_A, V1, 2), committed(ORDER_A, V1, 2), sold(ORDER_A, 2, 3)])
      .when(commit(ORDER_A))
      .then([])
  })

  it('still records the sale when the hold expired before the payment came, even below zero', () => {
    // A's hold expired, B took all 5, then A's payment arrived: the merchant sees -2.
    spec
      .given([
        ...stocked,
        reserved(ORDER_A, V1, 2),
        released(ORDER_A, V1, 2),
        reserved(ORDER_B, V1, 5),
        committed(ORDER_B, V1, 5),
        sold(ORDER_B, 5, 0),
      ])
      .when(commit(ORDER_A))
      .then([committed(ORDER_A, V1, 2), sold(ORDER_A, 2, -2)])
  })

  it('answers NOT_FOUND for an order that never reserved the product', () => {
    spec
      .given(stocked)
      .when(commit(ORDER_A))
      .thenFails({ code: 'NOT_FOUND', field: ['input', 'orderId'] })
  })
})
