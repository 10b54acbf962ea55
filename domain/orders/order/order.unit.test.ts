import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import { fold } from '../../shared/event.js'
import type { OrderCommand, OrderPaymentSync } from './commands.js'
import { nextOrderNumber, orderDecider, orderPlace } from './definitions.js'
import type { OrderEvent, OrderPlaced } from './events.js'
import { paymentStatusOf, type OrderState } from './order.js'
import { orderNumberKey } from './streams.js'
import { STORE, contextWith } from '../../../test/support/decide-context.js'

const O = '01900000-0000-7000-8000-0000000000e1'
const C = '01900000-0000-7000-8000-0000000000c1'
const P = '01900000-0000-7000-8000-0000000000b1'
const V = '01900000-0000-7000-8000-0000000000b2'
const ctx = contextWith({ actor: { type: 'system', id: 'checkout' } })
const spec = deciderSpec(orderDecider, ctx)

const placeData = {
  orderId: O,
  customerId: C,
  lines: [{ productId: P, variantId: V, title: 'Shirt', variantTitle: 'M', sku: 'SH-M', quantity: 2, unitPrice: 1500 }],
  currencyCode: 'EUR',
  subtotal: 3000,
  shipping: { name: 'Standard', amount: 500 },
  tax: { rate: 2000, inclusive: true, amount: 500 },
  total: 3500,
  provider: 'TEST' as const,
  reservationExpiresAt: '2026-01-02T03:19:05.000Z',
  note: null,
}
const placed: OrderPlaced = { type: 'OrderPlaced', data: { ...placeData, number: 1001 } }
const ref = { orderId: O, paymentId: 'pay-1', provider: 'TEST' as const, providerPaymentId: 'pi_1' }
const sync = (data: Partial<OrderPaymentSync['data']>): OrderCommand => ({
  type: 'OrderPaymentSync',
  data: { ...ref, succeeded: null, failed: null, refundedAmount: 0, disputed: null, ...data },
})
const paidSync = (refundedAmount = 0) => sync({ succeeded: { amount: 3500, currencyCode: 'EUR' }, refundedAmount })
const paid: OrderEvent = { type: 'OrderPaid', data: { ...ref, amount: 3500, currencyCode: 'EUR' } }
const refunded = (amount: number, totalRefunded: number): OrderEvent => ({
  type: 'OrderRefunded',
  data: { ...ref, amount, totalRefunded, currencyCode: 'EUR' },
})
const stateOf = (events: OrderEvent[]): Extract<OrderState, { kind: 'placed' }>['order'] => {
  const state = fold(orderDecider, events)
  if (state.kind !== 'placed') throw new Error('not placed')
  return state.order
}

describe('orderPlace', () => {
  it('places the order with the number prepare found', () => {
    spec
      .given([])
      .when({ type: 'OrderPlace', data: { ...placeData, number: 1001 } })
      .then([placed])
    expect(stateOf([placed])).toMatchObject({ status: 'PENDING_PAYMENT', fulfilled: false })
  })

  it('refuses a second placement and totals that do not add up', () => {
    spec
      .given([placed])
      .when({ type: 'OrderPlace', data: { ...placeData, number: 1002 } })
      .thenFails({ code: 'CONFLICT', field: ['input', 'orderId'] })
    spec
      .given([])
      .when({ type: 'OrderPlace', data: { ...placeData, subtotal: 2999, number: 1001 } })
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'subtotal'] })
    spec
      .given([])
      .when({ type: 'OrderPlace', data: { ...placeData, tax: { ...placeData.tax, inclusive: false }, number: 1 } })
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'total'], message: 'subtotal + shipping + tax (4000)' })
  })

  it('takes no personal data', () => {
    const parsed = orderPlace.input.safeParse({ ...placeData, email: 'a@example.com' })
    expect(parsed.error?.issues[0]?.message).toContain('orderPlace does not take email')
  })

  it('finds the next number: 1001 first, then the first number no order holds', async () => {
    const envWith = (taken: number) => ({
      reservationOwner: async (_scope: string, key: string) => {
        const n = Number(key.slice(orderNumberKey(0).length - 1))
        return n >= 1001 && n < 1001 + taken ? `order-${n}` : null
      },
    })
    expect(await nextOrderNumber(STORE, envWith(0))).toBe(1001)
    expect(await nextOrderNumber(STORE, envWith(1))).toBe(1002)
    for (const taken of [2, 3, 7, 100, 1234]) expect(await nextOrderNumber(STORE, envWith(taken))).toBe(1001 + taken)
  })
})

describe('orderPaymentSync', () => {
  it('records the payment once; a repeat sync changes nothing', () => {
    spec.given([placed]).when(paidSync()).then([paid])
    spec.given([placed, paid]).when(paidSync()).then([])
    expect(stateOf([placed, paid])).toMatchObject({ status: 'PAID' })
    expect(paymentStatusOf(stateOf([placed, paid]).payment, 3500)).toBe('PAID')
  })

  it('never marks PAID when the amount differs', () => {
    const mismatch: OrderEvent = {
      type: 'OrderPaymentMismatched',
      data: {
        ...ref,
        expected: { amount: 3500, currencyCode: 'EUR' },
        received: { amount: 3400, currencyCode: 'EUR' },
      },
    }
    spec
      .given([placed])
      .when(sync({ succeeded: { amount: 3400, currencyCode: 'EUR' } }))
      .then([mismatch])
    spec.given([placed, mismatch]).when(paidSync()).then([])
    expect(stateOf([placed, mismatch]).status).toBe('PAYMENT_MISMATCH')
    expect(paymentStatusOf(stateOf([placed, mismatch]).payment, 3500)).toBe('MISMATCH')
  })

  it('never marks PAID when the currency differs', () => {
    spec
      .given([placed])
      .when(sync({ succeeded: { amount: 3500, currencyCode: 'USD' } }))
      .then([
        {
          type: 'OrderPaymentMismatched',
          data: {
            ...ref,
            expected: { amount: 3500, currencyCode: 'EUR' },
            received: { amount: 3500, currencyCode: 'USD' },
          },
        },
      ])
  })

  it('converges when the refund arrives before the payment', () => {
    spec
      .given([placed])
      .when(sync({ refundedAmount: 3500 }))
      .then([refunded(3500, 3500)])
    spec
      .given([placed, refunded(3500, 3500)])
      .when(paidSync(3500))
      .then([paid])
    const outOfOrder = stateOf([placed, refunded(3500, 3500), paid])
    const inOrder = stateOf([placed, paid, refunded(3500, 3500)])
    expect(outOfOrder).toEqual(inOrder)
    expect(paymentStatusOf(inOrder.payment, 3500)).toBe('REFUNDED')
  })

  it('records a partial then a full refund as the cumulative amount grows, and nothing when it does not', () => {
    spec
      .given([placed, paid])
      .when(paidSync(1000))
      .then([refunded(1000, 1000)])
    expect(paymentStatusOf(stateOf([placed, paid, refunded(1000, 1000)]).payment, 3500)).toBe('PARTIALLY_REFUNDED')
    spec
      .given([placed, paid, refunded(1000, 1000)])
      .when(paidSync(3500))
      .then([refunded(2500, 3500)])
    spec
      .given([placed, paid, refunded(1000, 1000), refunded(2500, 3500)])
      .when(paidSync(1000))
      .then([])
    expect(paymentStatusOf(stateOf([placed, paid, refunded(1000, 1000), refunded(2500, 3500)]).payment, 3500)).toBe(
      'REFUNDED',
    )
  })

  it('records a failure once and a dispute once; a later success still pays', () => {
    const failed: OrderEvent = { type: 'OrderPaymentFailed', data: { ...ref, reason: 'card declined' } }
    spec
      .given([placed])
      .when(sync({ failed: { reason: 'card declined' } }))
      .then([failed])
    spec
      .given([placed, failed])
      .when(sync({ failed: { reason: 'card declined' } }))
      .then([])
    spec.given([placed, failed]).when(paidSync()).then([paid])
    const disputed: OrderEvent = { type: 'OrderDisputed', data: { ...ref, amount: 3500, reason: 'fraudulent' } }
    spec
      .given([placed, paid])
      .when(
        sync({ succeeded: { amount: 3500, currencyCode: 'EUR' }, disputed: { amount: 3500, reason: 'fraudulent' } }),
      )
      .then([disputed])
    expect(paymentStatusOf(stateOf([placed, paid, disputed]).payment, 3500)).toBe('DISPUTED')
  })

  it('answers NOT_FOUND for an order that does not exist', () => {
    spec.given([]).when(paidSync()).thenFails({ code: 'NOT_FOUND' })
  })
})

describe('orderExpire and orderCancel', () => {
  const expire: OrderCommand = { type: 'OrderExpire', data: { orderId: O } }
  const cancel: OrderCommand = { type: 'OrderCancel', data: { orderId: O, reason: 'asked by customer' } }
  const cancelled: OrderEvent = { type: 'OrderCancelled', data: { orderId: O, reason: 'asked by customer' } }

  it('expires an order still waiting for payment, once', () => {
    spec
      .given([placed])
      .when(expire)
      .then([{ type: 'OrderExpired', data: { orderId: O } }])
    spec
      .given([placed, { type: 'OrderExpired', data: { orderId: O } }])
      .when(expire)
      .then([])
    spec.given([placed, paid]).when(expire).then([])
  })

  it('cancels an unpaid order once, and refuses a paid one until it is refunded', () => {
    spec.given([placed]).when(cancel).then([cancelled])
    spec.given([placed, cancelled]).when(cancel).then([])
    spec.given([placed, paid]).when(cancel).thenFails({ code: 'CONFLICT', message: 'refund it' })
    spec
      .given([placed, paid, refunded(3500, 3500)])
      .when(cancel)
      .then([cancelled])
    spec
      .given([placed, { type: 'OrderExpired', data: { orderId: O } }])
      .when(cancel)
      .thenFails({ code: 'CONFLICT', message: 'expired' })
  })
})

describe('orderRefund', () => {
  const refund = (amount: number | null): OrderCommand => ({
    type: 'OrderRefund',
    data: { orderId: O, refundId: 'r-1', amount, reason: null },
  })
  const requested = (amount: number): OrderEvent => ({
    type: 'OrderRefundRequested',
    data: { orderId: O, refundId: 'r-1', amount, currencyCode: 'EUR', reason: null },
  })

  it('asks for the whole refundable amount or a part of it', () => {
    spec
      .given([placed, paid])
      .when(refund(null))
      .then([requested(3500)])
    spec
      .given([placed, paid])
      .when(refund(1000))
      .then([requested(1000)])
    spec
      .given([placed, paid, requested(1000)])
      .when(refund(null))
      .then([requested(2500)])
  })

  it('refuses more than is refundable, and an unpaid order', () => {
    spec
      .given([placed, paid, requested(3000)])
      .when(refund(1000))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'amount'], message: '500 still refundable' })
    spec.given([placed]).when(refund(null)).thenFails({ code: 'CONFLICT', message: 'not paid' })
    spec
      .given([placed, paid, refunded(3500, 3500)])
      .when(refund(null))
      .thenFails({ code: 'CONFLICT', message: 'in full' })
  })
})

describe('orderFulfill and orderNoteAdd', () => {
  const fulfill: OrderCommand = {
    type: 'OrderFulfill',
    data: { orderId: O, fulfillmentId: 'f-1', trackingNumber: '1Z', trackingUrl: null, carrier: 'UPS' },
  }
  const fulfilled: OrderEvent = {
    type: 'OrderFulfilled',
    data: { orderId: O, fulfillmentId: 'f-1', trackingNumber: '1Z', trackingUrl: null, carrier: 'UPS' },
  }

  it('fulfils a paid order once', () => {
    spec.given([placed, paid]).when(fulfill).then([fulfilled])
    spec.given([placed, paid, fulfilled]).when(fulfill).thenFails({ code: 'CONFLICT', message: 'fulfilled already' })
    spec.given([placed]).when(fulfill).thenFails({ code: 'CONFLICT', message: 'PENDING_PAYMENT' })
  })

  it('adds notes to any order, and NOT_FOUND to none', () => {
    const note: OrderCommand = { type: 'OrderNoteAdd', data: { orderId: O, noteId: 'n-1', text: 'gift wrap' } }
    spec
      .given([placed])
      .when(note)
      .then([{ type: 'OrderNoteAdded', data: { orderId: O, noteId: 'n-1', text: 'gift wrap' } }])
    spec
      .given([])
      .when(note)
      .thenFails({ code: 'NOT_FOUND', message: `order '${O}' does not exist` })
  })
})
