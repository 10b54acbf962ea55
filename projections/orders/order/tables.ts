import { sql, type ColumnType, type Kysely, type Selectable } from 'kysely'
import type { OrderFields } from '../../../domain/orders/order/order.js'
import { entityTable } from '../../shared/entity-table.js'
import { column, table, type DatabaseOf, type RowOf } from '../../shared/table.js'

export interface OrderNoteRecord {
  id: string
  text: string
  createdAt: string
  author: { type: string; id: string; name?: string }
}

export interface FulfillmentRecord {
  id: string
  trackingNumber: string | null
  trackingUrl: string | null
  carrier: string | null
  createdAt: string
}

/** One row per order; no personal data (the customer is a pseudonymous id). */
export const ORDERS_TABLE = entityTable(
  'orders',
  {
    number: column.integer(),
    customer_id: column.uuid(),
    status: column.text(),
    payment_status: column.text(),
    fulfillment_status: column.text(),
    currency_code: column.text(),
    subtotal: column.integer(),
    shipping_name: column.text(),
    shipping_amount: column.integer(),
    tax_rate: column.integer(),
    tax_inclusive: column.boolean(),
    tax_amount: column.integer(),
    /** Minor units; `total_amount` holds the same as a decimal in the currency, for money range filters. */
    total: column.integer(),
    total_amount: column.ofType<ColumnType<string, string, string>>('numeric'),
    total_refunded: column.integer(),
    provider: column.text(),
    note: column.text().nullable(),
    /** The order's state as the domain folds it, so the statuses are derived by the same rules. */
    state: column.jsonb<OrderFields>(),
    notes: column.jsonb<OrderNoteRecord[]>().default(sql`'[]'::jsonb`),
    fulfillments: column.jsonb<FulfillmentRecord[]>().default(sql`'[]'::jsonb`),
  },
  {
    indexes: {
      orders_store_customer_idx: ['store_id', 'customer_id', 'id'],
    },
    sortedBy: ['number', 'created_at', 'updated_at', 'total'],
  },
)

export const ORDER_LINES_TABLE = table(
  'order_lines',
  {
    store_id: column.uuid(),
    order_id: column.uuid(),
    position: column.integer(),
    product_id: column.uuid(),
    variant_id: column.uuid(),
    title: column.text(),
    variant_title: column.text().nullable(),
    sku: column.text().nullable(),
    quantity: column.integer(),
    unit_price: column.integer(),
  },
  { primaryKey: ['store_id', 'order_id', 'position'] },
)

/** What the orders say of a customer; name and email come from the deletable identity table. */
export const CUSTOMERS_TABLE = table(
  'customers',
  {
    store_id: column.uuid(),
    organization_id: column.uuid(),
    id: column.uuid(),
    order_count: column.integer(),
    /** Paid less refunded, in minor units of `currency_code` (the currency of the last order). */
    total_spent: column.ofType<ColumnType<string | number, number, number>>('bigint'),
    currency_code: column.text().nullable(),
    first_order_at: column.timestamptz().nullable(),
    last_order_at: column.timestamptz().nullable(),
    erased: column.boolean(),
    erased_at: column.timestamptz().nullable(),
    created_at: column.timestamptz(),
    updated_at: column.timestamptz(),
  },
  { primaryKey: ['store_id', 'id'], sortedBy: ['last_order_at'] },
)

export type OrderRow = Selectable<RowOf<typeof ORDERS_TABLE>>
export type OrderLineRow = Selectable<RowOf<typeof ORDER_LINES_TABLE>>
export type CustomerRow = Selectable<RowOf<typeof CUSTOMERS_TABLE>>
export type OrderDb = Kysely<DatabaseOf<typeof ORDERS_TABLE | typeof ORDER_LINES_TABLE | typeof CUSTOMERS_TABLE>>
