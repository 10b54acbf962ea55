import { sql } from 'kysely'
import { fromMinorUnits } from '../../../domain/catalog/product/money.js'
import { CUSTOMER_EVENT_TYPES, type CustomerEvent } from '../../../domain/orders/customer/events.js'
import { ORDER_EVENT_TYPES, type OrderEvent } from '../../../domain/orders/order/events.js'
import { evolveOrder, paymentStatusOf, type OrderFields } from '../../../domain/orders/order/order.js'
import {
  CUSTOMERS_TABLE,
  ORDER_LINES_TABLE,
  ORDERS_TABLE,
  type FulfillmentRecord,
  type OrderDb,
  type OrderNoteRecord,
} from './tables.js'
import type { RecordedEvent } from '../../../infra/eventstore/port.js'
import { storeProjection } from '../../shared/entity-projection.js'
import { storeOf } from '../../shared/store-of.js'

/** The columns the statuses and amounts of an order's state give. */
function derived(order: OrderFields) {
  return {
    status: order.status,
    payment_status: paymentStatusOf(order.payment, order.total),
    fulfillment_status: order.fulfilled ? 'FULFILLED' : 'UNFULFILLED',
    total_refunded: order.payment.totalRefunded,
    state: JSON.stringify(order),
  }
}

/**
 * The `orders`, `order_lines` and `customers` read models. An order row keeps the domain's folded
 * state, so its statuses follow the decider's own rules; customers are gathered from the orders
 * (count, first and last order, paid less refunded) and marked when erased. Every change is
 * guarded by the order row's revision, so a replayed event changes nothing twice.
 */
export const ordersProjection = storeProjection({
  version: 1,
  eventTypes: [...ORDER_EVENT_TYPES, ...CUSTOMER_EVENT_TYPES],
  tables: [ORDERS_TABLE, ORDER_LINES_TABLE, CUSTOMERS_TABLE],
  async apply(event: OrderEvent | CustomerEvent, db: OrderDb, { storeId, recorded }) {
    const at = recorded.metadata.occurredAt
    if (event.type === 'CustomerErased') {
      await touchCustomer(db, recorded, event.data.customerId)
      await db
        .updateTable('customers')
        .set({ erased: true, erased_at: at, updated_at: at })
        .where('store_id', '=', storeId)
        .where('id', '=', event.data.customerId)
        .execute()
      return
    }
    if (event.type === 'OrderPlaced') {
      const data = event.data
      const state = evolveOrder({ kind: 'empty' }, event)
      if (state.kind !== 'placed') return
      const inserted = await db
        .insertInto('orders')
        .values({
          store_id: storeId,
          organization_id: recorded.metadata.organizationId,
          id: data.orderId,
          number: data.number,
          customer_id: data.customerId,
          currency_code: data.currencyCode,
          subtotal: data.subtotal,
          shipping_name: data.shipping.name,
          shipping_amount: data.shipping.amount,
          tax_rate: data.tax.rate,
          tax_inclusive: data.tax.inclusive,
          tax_amount: data.tax.amount,
          total: data.total,
          total_amount: fromMinorUnits(data.total, data.currencyCode),
          provider: data.provider,
          note: data.note,
          ...derived(state.order),
          notes: '[]',
          fulfillments: '[]',
          revision: recorded.revision,
          created_at: at,
          updated_at: at,
        })
        .onConflict((c) => c.columns(['store_id', 'id']).doNothing())
        .returning('id')
        .executeTakeFirst()
      if (!inserted) return
      if (data.lines.length > 0)
        await db
          .insertInto('order_lines')
          .values(
            data.lines.map((line, position) => ({
              store_id: storeId,
              order_id: data.orderId,
              position,
              product_id: line.productId,
              variant_id: line.variantId,
              title: line.title,
              variant_title: line.variantTitle,
              sku: line.sku,
              quantity: line.quantity,
              unit_price: line.unitPrice,
            })),
          )
          .execute()
      await touchCustomer(db, recorded, data.customerId)
      await db
        .updateTable('customers')
        .set({
          order_count: sql`order_count + 1`,
          currency_code: data.currencyCode,
          first_order_at: sql`coalesce(first_order_at, ${at}::timestamptz)`,
          last_order_at: at,
          updated_at: at,
        })
        .where('store_id', '=', storeId)
        .where('id', '=', data.customerId)
        .execute()
      return
    }
    const row = await db
      .selectFrom('orders')
      .select(['state', 'revision', 'customer_id', 'notes', 'fulfillments'])
      .where('store_id', '=', storeId)
      .where('id', '=', event.data.orderId)
      .executeTakeFirst()
    if (!row || row.revision >= recorded.revision) return
    const before = row.state
    const after = evolveOrder({ kind: 'placed', order: before }, event)
    if (after.kind !== 'placed') return
    const changes: Record<string, unknown> = { ...derived(after.order), revision: recorded.revision, updated_at: at }
    if (event.type === 'OrderNoteAdded') {
      const note: OrderNoteRecord = {
        id: event.data.noteId,
        text: event.data.text,
        createdAt: at,
        author: recorded.metadata.actor,
      }
      changes.notes = JSON.stringify([...row.notes, note])
    }
    if (event.type === 'OrderFulfilled') {
      const { fulfillmentId, trackingNumber, trackingUrl, carrier } = event.data
      const fulfillment: FulfillmentRecord = { id: fulfillmentId, trackingNumber, trackingUrl, carrier, createdAt: at }
      changes.fulfillments = JSON.stringify([...row.fulfillments, fulfillment])
    }
    await db
      .updateTable('orders')
      .set(changes)
      .where('store_id', '=', storeId)
      .where('id', '=', event.data.orderId)
      .execute()
    const spent =
      event.type === 'OrderPaid' ? event.data.amount : event.type === 'OrderRefunded' ? -event.data.amount : 0
    if (spent !== 0)
      await db
        .updateTable('customers')
        .set({ total_spent: sql`total_spent + ${spent}`, updated_at: at })
        .where('store_id', '=', storeId)
        .where('id', '=', row.customer_id)
        .execute()
  },
})

/** The customer's row, made empty on first sight. */
async function touchCustomer(db: OrderDb, recorded: RecordedEvent, customerId: string): Promise<void> {
  const at = recorded.metadata.occurredAt
  await db
    .insertInto('customers')
    .values({
      store_id: storeOf(recorded),
      organization_id: recorded.metadata.organizationId,
      id: customerId,
      order_count: 0,
      total_spent: 0,
      currency_code: null,
      first_order_at: null,
      last_order_at: null,
      erased: false,
      erased_at: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((c) => c.columns(['store_id', 'id']).doNothing())
    .execute()
}
