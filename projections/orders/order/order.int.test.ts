import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { customerStream } from '../../../domain/orders/customer/streams.js'
import { orderStream } from '../../../domain/orders/order/streams.js'
import { type SpecStore, useProjectionSpec } from '../../../test/support/projection-spec.js'
import { ordersProjection } from './projection.js'
import { findCustomer, findOrder, listOrders } from './queries.js'

const spec = useProjectionSpec(ordersProjection)

function placed(shop: SpecStore, orderId: string, customerId: string, number = 1001, total = 3500) {
  return shop.event(orderStream(shop.storeId, orderId), 'OrderPlaced', {
    orderId,
    number,
    customerId,
    lines: [
      {
        productId: randomUUID(),
        variantId: randomUUID(),
        title: 'Shirt',
        variantTitle: 'M',
        sku: 'SH-M',
        quantity: 2,
        unitPrice: (total - 500) / 2,
      },
    ],
    currencyCode: 'EUR',
    subtotal: total - 500,
    shipping: { name: 'Standard', amount: 500 },
    tax: { rate: 2000, inclusive: true, amount: 500 },
    total,
    provider: 'TEST',
    reservationExpiresAt: '2026-01-01T00:15:00.000Z',
    note: null,
  })
}
const ref = (orderId: string) => ({ orderId, paymentId: 'pay-1', provider: 'TEST', providerPaymentId: 'pi_1' })

describe('orders read model', () => {
  it('files a placed order with its lines, and its customer', async () => {
    const shop = spec.store()
    const [o, c] = [randomUUID(), randomUUID()]
    await spec.given([placed(shop, o, c)]).thenRows('orders', shop.storeId, [
      {
        id: o,
        number: 1001,
        customer_id: c,
        status: 'PENDING_PAYMENT',
        payment_status: 'PENDING',
        fulfillment_status: 'UNFULFILLED',
        total: 3500,
        revision: 0,
      },
    ])
    await spec
      .given([])
      .thenRows('order_lines', shop.storeId, [{ order_id: o, position: 0, quantity: 2, unit_price: 1500 }])
    await spec.given([]).thenRows('customers', shop.storeId, [{ id: c, order_count: 1, erased: false }])
  })

  it('follows payment, refund, fulfilment and notes; a replayed event changes nothing twice', async () => {
    const shop = spec.store()
    const [o, c] = [randomUUID(), randomUUID()]
    const stream = orderStream(shop.storeId, o)
    const first = placed(shop, o, c)
    const paid = shop.event(stream, 'OrderPaid', { ...ref(o), amount: 3500, currencyCode: 'EUR' })
    const fulfilled = shop.event(stream, 'OrderFulfilled', {
      orderId: o,
      fulfillmentId: randomUUID(),
      trackingNumber: '1Z',
      trackingUrl: null,
      carrier: 'UPS',
    })
    const refunded = shop.event(stream, 'OrderRefunded', {
      ...ref(o),
      amount: 1000,
      totalRefunded: 1000,
      currencyCode: 'EUR',
    })
    await spec
      .given([
        first,
        paid,
        fulfilled,
        refunded,
        shop.event(stream, 'OrderNoteAdded', { orderId: o, noteId: randomUUID(), text: 'gift wrap' }),
        refunded,
      ])
      .thenRows('orders', shop.storeId, [
        {
          id: o,
          status: 'PAID',
          payment_status: 'PARTIALLY_REFUNDED',
          fulfillment_status: 'FULFILLED',
          total_refunded: 1000,
          revision: 4,
        },
      ])
    // Paid less refunded; bigint reads as a string on Postgres, so through the query.
    expect(await findCustomer(spec.database.db, shop.storeId, c)).toMatchObject({ orderCount: 1, totalSpent: 2500 })
    const order = await findOrder(spec.database.db, shop.storeId, { number: 1001 })
    expect(order).toMatchObject({
      id: o,
      notes: [{ text: 'gift wrap' }],
      fulfillments: [{ trackingNumber: '1Z', carrier: 'UPS' }],
      lines: [{ title: 'Shirt', lineTotal: 3000 }],
    })
  })

  it('marks an erased customer, keeps their orders, and keeps each store to itself', async () => {
    const shop = spec.store()
    const other = spec.store()
    const [o, c] = [randomUUID(), randomUUID()]
    await spec
      .given([
        placed(shop, o, c),
        placed(shop, randomUUID(), c, 1002, 9500),
        placed(other, randomUUID(), randomUUID()),
        shop.event(customerStream(shop.storeId, c), 'CustomerErased', { customerId: c }),
      ])
      .thenRows('customers', shop.storeId, [{ id: c, order_count: 2, erased: true }])
    const page = await listOrders(spec.database.db, shop.storeId, {
      filter: { total: { min: '40' } },
      sort: 'NUMBER_ASC',
    })
    expect(page.nodes.map((n) => n.number)).toEqual([1002])
    expect(await findOrder(spec.database.db, other.storeId, { id: o })).toBeNull()
  })
})
