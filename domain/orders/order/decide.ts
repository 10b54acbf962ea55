import { badInput, conflict, notFound } from '../../shared/errors.js'
import type { OrderCommand, OrderPaymentSync, OrderPlace } from './commands.js'
import type { OrderEvent } from './events.js'
import { refundableOf, type OrderFields, type OrderState } from './order.js'
import { orderName } from './streams.js'

/** Pure: the answer depends on the command and the order's history (the number comes from `prepare`). */
export function decideOrder(command: OrderCommand, state: OrderState): OrderEvent[] {
  switch (command.type) {
    case 'OrderPlace':
      return place(command, state)
    case 'OrderPaymentSessionRecord': {
      const order = existing(state, command.data.orderId)
      if (order.payment.sessionId === command.data.sessionId) return []
      return [{ type: 'OrderPaymentSessionOpened', data: { ...command.data } }]
    }
    case 'OrderPaymentSync':
      return syncPayment(command, existing(state, command.data.orderId))
    case 'OrderExpire': {
      const order = existing(state, command.data.orderId)
      // Only an order still waiting for its money expires; a late or repeated expiry changes nothing.
      if (order.status !== 'PENDING_PAYMENT' || order.payment.paidAmount !== null) return []
      return [{ type: 'OrderExpired', data: { orderId: order.orderId } }]
    }
    case 'OrderCancel': {
      const order = existing(state, command.data.orderId)
      if (order.status === 'CANCELLED') return []
      if (order.status === 'EXPIRED')
        throw conflict(`order ${orderName(order.number)} has expired; an expired order needs no cancelling`)
      if (order.fulfilled) throw conflict(`order ${orderName(order.number)} is fulfilled and cannot be cancelled`)
      if (refundableOf(order.payment) > 0)
        throw conflict(`order ${orderName(order.number)} is paid: refund it with orderRefund first, then cancel it`)
      return [{ type: 'OrderCancelled', data: { orderId: order.orderId, reason: command.data.reason } }]
    }
    case 'OrderRefund': {
      const order = existing(state, command.data.orderId)
      const refundable = refundableOf(order.payment)
      if (order.payment.paidAmount === null)
        throw conflict(`order ${orderName(order.number)} is not paid, so there is nothing to refund`)
      if (refundable === 0)
        throw conflict(`order ${orderName(order.number)} has been refunded in full (or refunds asked cover it all)`)
      const amount = command.data.amount ?? refundable
      if (amount > refundable)
        throw badInput(
          ['input', 'amount'],
          `amount ${amount} is more than the ${refundable} still refundable on order ${orderName(order.number)} ` +
            `(minor units of ${order.currencyCode}); refund ${refundable} or less`,
        )
      const { refundId, reason } = command.data
      return [
        {
          type: 'OrderRefundRequested',
          data: { orderId: order.orderId, refundId, amount, currencyCode: order.currencyCode, reason },
        },
      ]
    }
    case 'OrderFulfill': {
      const order = existing(state, command.data.orderId)
      if (order.fulfilled) throw conflict(`order ${orderName(order.number)} is fulfilled already`)
      if (order.status !== 'PAID')
        throw conflict(`order ${orderName(order.number)} is ${order.status}; only a PAID order can be fulfilled`)
      return [{ type: 'OrderFulfilled', data: { ...command.data } }]
    }
    case 'OrderNoteAdd': {
      existing(state, command.data.orderId)
      return [{ type: 'OrderNoteAdded', data: { ...command.data } }]
    }
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}

function place(command: OrderPlace, state: OrderState): OrderEvent[] {
  const data = command.data
  if (state.kind !== 'empty') throw conflict(`order '${data.orderId}' is placed already`, ['input', 'orderId'])
  const subtotal = data.lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0)
  if (subtotal !== data.subtotal)
    throw badInput(['input', 'subtotal'], `subtotal ${data.subtotal} is not the sum of the lines (${subtotal})`)
  const total = data.subtotal + data.shipping.amount + (data.tax.inclusive ? 0 : data.tax.amount)
  if (total !== data.total)
    throw badInput(
      ['input', 'total'],
      `total ${data.total} is not subtotal + shipping${data.tax.inclusive ? '' : ' + tax'} (${total})`,
    )
  return [
    {
      type: 'OrderPlaced',
      data: {
        orderId: data.orderId,
        number: data.number,
        customerId: data.customerId,
        lines: data.lines,
        currencyCode: data.currencyCode,
        subtotal: data.subtotal,
        shipping: data.shipping,
        tax: data.tax,
        total: data.total,
        provider: data.provider,
        reservationExpiresAt: data.reservationExpiresAt,
        note: data.note,
      },
    },
  ]
}

/**
 * Compares the provider's summary of the payment with what the order recorded and emits only the
 * differences. Every fact only grows (paid sticks, refunds are the maximum seen, a dispute stays),
 * so repeated and out-of-order syncs converge, and a sync with nothing new changes nothing.
 */
function syncPayment(command: OrderPaymentSync, order: OrderFields): OrderEvent[] {
  const { orderId, paymentId, provider, providerPaymentId, succeeded, failed, refundedAmount, disputed } = command.data
  const ref = { orderId, paymentId, provider, providerPaymentId }
  const payment = order.payment
  const events: OrderEvent[] = []
  const settled = payment.paidAmount !== null || payment.mismatched
  if (succeeded && !settled) {
    if (succeeded.amount === order.total && succeeded.currencyCode === order.currencyCode)
      events.push({
        type: 'OrderPaid',
        data: { ...ref, amount: succeeded.amount, currencyCode: succeeded.currencyCode },
      })
    else
      events.push({
        type: 'OrderPaymentMismatched',
        data: {
          ...ref,
          expected: { amount: order.total, currencyCode: order.currencyCode },
          received: { amount: succeeded.amount, currencyCode: succeeded.currencyCode },
        },
      })
  }
  if (failed && !succeeded && !settled && !payment.failed)
    events.push({ type: 'OrderPaymentFailed', data: { ...ref, reason: failed.reason } })
  if (refundedAmount > payment.totalRefunded)
    events.push({
      type: 'OrderRefunded',
      data: {
        ...ref,
        amount: refundedAmount - payment.totalRefunded,
        totalRefunded: refundedAmount,
        currencyCode: order.currencyCode,
      },
    })
  if (disputed && !payment.disputed)
    events.push({ type: 'OrderDisputed', data: { ...ref, amount: disputed.amount, reason: disputed.reason } })
  return events
}

/** Another store's order lives in a stream named after that store, so it answers NOT_FOUND like a missing one. */
function existing(state: OrderState, orderId: string): OrderFields {
  if (state.kind !== 'placed') throw notFound('order', orderId)
  return state.order
}
