import { sql, type ColumnType, type Kysely, type Selectable } from 'kysely'
import type { OrderFields } from '../../../domain/orders/order/order.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { createIndexes, type Timestamp } from '../../shared/entity-table.js'

/** jsonb, written as its JSON text. */
type Json<T> = ColumnType<T, string, string>

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
export interface OrdersTable {
  store_id: string
  organization_id: string
  id: string
  number: number
  customer_id: string
  status: string
  payment_status: string
  fulfillment_status: string
  currency_code: string
  subtotal: number
  shipping_name: string
  shipping_amount: number
  tax_rate: number
  tax_inclusive: boolean
  tax_amount: number
  /** Minor units; `total_amount` holds the same as a decimal in the currency, for money range filters. */
  total: number
  total_amount: ColumnType<string, string, string>
  total_refunded: number
  provider: string
  note: string | null
  /** The order's state as the domain folds it, so the statuses are derived by the same rules. */
  state: Json<OrderFields>
  notes: Json<OrderNoteRecord[]>
  fulfillments: Json<FulfillmentRecord[]>
  /** Stream revision of the last event applied: later events only, so a replay cannot move a row back. */
  revision: number
  created_at: Timestamp
  updated_at: Timestamp
}

export interface OrderLinesTable {
  store_id: string
  order_id: string
  position: number
  product_id: string
  variant_id: string
  title: string
  variant_title: string | null
  sku: string | null
  quantity: number
  unit_price: number
}

/** What the orders say of a customer; name and email come from the deletable identity table. */
export interface CustomersTable {
  store_id: string
  organization_id: string
  id: string
  order_count: number
  /** Paid less refunded, in minor units of `currency_code` (the currency of the last order). */
  total_spent: ColumnType<string | number, number, number>
  currency_code: string | null
  first_order_at: ColumnType<Date | null, Date | string | null, Date | string | null>
  last_order_at: ColumnType<Date | null, Date | string | null, Date | string | null>
  erased: boolean
  erased_at: ColumnType<Date | null, Date | string | null, Date | string | null>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface OrderDatabase {
  orders: OrdersTable
  order_lines: OrderLinesTable
  customers: CustomersTable
}

export type OrderRow = Selectable<OrdersTable>
export type OrderLineRow = Selectable<OrderLinesTable>
export type CustomerRow = Selectable<CustomersTable>
export type OrderDb = Kysely<OrderDatabase>

export async function createOrderTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('orders')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('organization_id', 'uuid', (c) => c.notNull())
    .addColumn('id', 'uuid', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('customer_id', 'uuid', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_status', 'text', (c) => c.notNull())
    .addColumn('fulfillment_status', 'text', (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('subtotal', 'integer', (c) => c.notNull())
    .addColumn('shipping_name', 'text', (c) => c.notNull())
    .addColumn('shipping_amount', 'integer', (c) => c.notNull())
    .addColumn('tax_rate', 'integer', (c) => c.notNull())
    .addColumn('tax_inclusive', 'boolean', (c) => c.notNull())
    .addColumn('tax_amount', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('total_amount', 'numeric', (c) => c.notNull())
    .addColumn('total_refunded', 'integer', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('state', 'jsonb', (c) => c.notNull())
    .addColumn('notes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('fulfillments', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('orders_pkey', ['store_id', 'id'])
    .execute()
  await db.schema
    .createTable('order_lines')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('order_id', 'uuid', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'uuid', (c) => c.notNull())
    .addColumn('variant_id', 'uuid', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('variant_title', 'text')
    .addColumn('sku', 'text')
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_lines_pkey', ['store_id', 'order_id', 'position'])
    .execute()
  await db.schema
    .createTable('customers')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('organization_id', 'uuid', (c) => c.notNull())
    .addColumn('id', 'uuid', (c) => c.notNull())
    .addColumn('order_count', 'integer', (c) => c.notNull())
    .addColumn('total_spent', 'bigint', (c) => c.notNull())
    .addColumn('currency_code', 'text')
    .addColumn('first_order_at', 'timestamptz')
    .addColumn('last_order_at', 'timestamptz')
    .addColumn('erased', 'boolean', (c) => c.notNull())
    .addColumn('erased_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('customers_pkey', ['store_id', 'id'])
    .execute()
  await createIndexes(db, 'orders', {
    orders_store_number_idx: ['store_id', 'number', 'id'],
    orders_store_created_idx: ['store_id', 'created_at', 'id'],
    orders_store_updated_idx: ['store_id', 'updated_at', 'id'],
    orders_store_total_idx: ['store_id', 'total', 'id'],
    orders_store_customer_idx: ['store_id', 'customer_id', 'id'],
  })
  await createIndexes(db, 'customers', {
    customers_store_last_order_idx: ['store_id', 'last_order_at', 'id'],
  })
}
