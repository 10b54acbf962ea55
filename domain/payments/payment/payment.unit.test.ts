import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import { contextWith } from '../../../test/support/decide-context.js'
import { fold } from '../../shared/event.js'
import type { PaymentEventRecord, PaymentFact } from './commands.js'
import { paymentDecider } from './definitions.js'
import type { PaymentEvent, PaymentRef } from './events.js'
import { paymentSummary } from './payment.js'
import { paymentIdOf } from './streams.js'

const ORDER = '01900000-0000-7000-8000-0000000000b1'
const PAYMENT = paymentIdOf('STRIPE', 'pi_1')
const ctx = contextWith({ actor: { type: 'webhook', id: 'stripe' } })
const spec = deciderSpec(paymentDecider, ctx)

const ref = (providerEventId: string): PaymentRef => ({
  paymentId: PAYMENT,
  provider: 'STRIPE',
  providerPaymentId: 'pi_1',
  providerEventId,
})
const record = (
  providerEventId: string,
  fact: PaymentFact,
  facts: Partial<PaymentEventRecord['data']> = {},
): PaymentEventRecord => ({
  type: 'PaymentEventRecord',
  data: {
    paymentId: PAYMENT,
    provider: 'STRIPE',
    providerEventId,
    providerPaymentId: 'pi_1',
    fact,
    orderId: null,
    amount: null,
    currencyCode: null,
    refundedAmount: null,
    reason: null,
    ...facts,
  },
})
const linked: PaymentEvent = { type: 'PaymentLinkedToOrder', data: { ...ref('evt_1'), orderId: ORDER } }
const succeeded: PaymentEvent = {
  type: 'PaymentSucceeded',
  data: { ...ref('evt_1'), amount: 2500, currencyCode: 'EUR' },
}

describe('payment decider', () => {
  it('ids the payment by provider and payment intent, so every event of one payment shares a stream', () => {
    expect(paymentIdOf('STRIPE', 'pi_1')).toBe(PAYMENT)
    expect(paymentIdOf('TEST', 'pi_1')).not.toBe(PAYMENT)
    expect(paymentIdOf('STRIPE', 'pi_2')).not.toBe(PAYMENT)
  })

  it('links the order the first time it is known and records the success', () => {
    spec
      .given([])
      .when(record('evt_1', 'SUCCEEDED', { orderId: ORDER, amount: 2500, currencyCode: 'EUR' }))
      .then([linked, succeeded])
  })

  it('records nothing for a provider event id already seen (a redelivery)', () => {
    spec
      .given([linked, succeeded])
      .when(record('evt_1', 'SUCCEEDED', { orderId: ORDER, amount: 2500, currencyCode: 'EUR' }))
      .then([])
  })

  it('links once: a later event naming the order adds only its own fact', () => {
    spec
      .given([linked, succeeded])
      .when(record('evt_2', 'REFUNDED', { orderId: ORDER, refundedAmount: 1000, currencyCode: 'EUR' }))
      .then([
        {
          type: 'PaymentRefunded',
          data: { ...ref('evt_2'), amount: 1000, refundedAmount: 1000, currencyCode: 'EUR' },
        },
      ])
  })

  it('keeps a refund that arrives before the payment, and the summary converges once it links', () => {
    const refundFirst: PaymentEvent[] = [
      {
        type: 'PaymentRefunded',
        data: { ...ref('evt_r'), amount: 2500, refundedAmount: 2500, currencyCode: 'EUR' },
      },
    ]
    const events = paymentDecider.decide(
      record('evt_1', 'SUCCEEDED', { orderId: ORDER, amount: 2500, currencyCode: 'EUR' }),
      fold(paymentDecider, refundFirst),
      ctx,
    )
    const state = fold(paymentDecider, [...refundFirst, ...events])
    expect(state.orderId).toBe(ORDER)
    expect(paymentSummary(state)).toEqual({
      succeeded: { amount: 2500, currencyCode: 'EUR' },
      failed: null,
      refundedAmount: 2500,
      disputed: null,
    })
  })

  it('never lowers the refunded amount: an older cumulative figure records nothing', () => {
    const refunded: PaymentEvent = {
      type: 'PaymentRefunded',
      data: { ...ref('evt_2'), amount: 2000, refundedAmount: 2000, currencyCode: 'EUR' },
    }
    spec
      .given([linked, succeeded, refunded])
      .when(record('evt_3', 'REFUNDED', { refundedAmount: 1000 }))
      .then([])
  })

  it('records a failure, but not once the payment succeeded', () => {
    spec
      .given([])
      .when(record('evt_f', 'FAILED', { reason: 'card_declined' }))
      .then([{ type: 'PaymentFailed', data: { ...ref('evt_f'), reason: 'card_declined' } }])
    spec
      .given([linked, succeeded])
      .when(record('evt_f', 'FAILED', { reason: 'card_declined' }))
      .then([])
  })

  it('a success after a failure wins in the summary', () => {
    const failed: PaymentEvent = { type: 'PaymentFailed', data: { ...ref('evt_f'), reason: 'card_declined' } }
    expect(paymentSummary(fold(paymentDecider, [failed, linked, succeeded])).failed).toBeNull()
    expect(paymentSummary(fold(paymentDecider, [failed])).failed).toEqual({ reason: 'card_declined' })
  })

  it('records a dispute once', () => {
    const disputed: PaymentEvent = {
      type: 'PaymentDisputed',
      data: { ...ref('evt_d'), amount: 2500, currencyCode: 'EUR', reason: 'fraudulent' },
    }
    spec
      .given([linked, succeeded])
      .when(record('evt_d', 'DISPUTED', { amount: 2500, currencyCode: 'EUR', reason: 'fraudulent' }))
      .then([disputed])
    spec
      .given([linked, succeeded, disputed])
      .when(record('evt_d2', 'DISPUTED', { amount: 2500, reason: 'fraudulent' }))
      .then([])
  })

  it('a completed checkout without an amount only links the order', () => {
    spec
      .given([])
      .when(record('evt_c', 'CHECKOUT_COMPLETED', { orderId: ORDER }))
      .then([{ type: 'PaymentLinkedToOrder', data: { ...ref('evt_c'), orderId: ORDER } }])
  })
})
