import { sql, type ColumnType, type Kysely, type Selectable } from 'kysely'
import type { OrderFields } from '../../../domain/orders/order/order.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { entityTable } from '../../shared/entity-table.js'
import {
  boolean,
  column,
  createTable,
  integer,
  jsonb,
  table,
  text,
  timestamptz,
  uuid,
  type DatabaseOf,
  type RowOf,
} from '../../shared/table.js'

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
    number: integer(),
    customer_id: uuid(),
    status: text(),
    payment_status: text(),
    fulfillment_status: text(),
    currency_code: text(),
    subtotal: integer(),
    shipping_name: text(),
    shipping_amount: integer(),
    tax_rate: integer(),
    tax_inclusive: boolean(),
    tax_amount: integer(),
    /** Minor units; `total_amount` holds the same as a decimal in the currency, for money range filters. */
    total: integer(),
    total_amount: column<ColumnType<string, string, string>>('numeric'),
    total_refunded: integer(),
    provider: text(),
    note: text().nullable(),
    /** The order's state as the domain folds it, so the statuses are derived by the same rules. */
    state: jsonb<OrderFields>(),
    notes: jsonb<OrderNoteRecord[]>().default(sql`'[]'::jsonb`),
    fulfillments: jsonb<FulfillmentRecord[]>().default(sql`'[]'::jsonb`),
  },
  {
    indexes: {
      orders_store_number_idx: ['store_id', 'number', 'id'],
      orders_store_created_idx: ['store_id', 'created_at', 'id'],
      orders_store_updated_idx: ['store_id', 'updated_at', 'id'],
      orders_store_total_idx: ['store_id', 'total', 'id'],
      orders_store_customer_idx: ['store_id', 'customer_id', 'id'],
    },
  },
)

export const ORDER_LINES_TABLE = table(
  'order_lines',
  {
    store_id: uuid(),
    order_id: uuid(),
    position: integer(),
    product_id: uuid(),
    variant_id: uuid(),
    title: text(),
    variant_title: text().nullable(),
    sku: text().nullable(),
    quantity: integer(),
    unit_price: integer(),
  },
  { primaryKey: ['store_id', 'order_id', 'position'] },
)

/** What the orders say of a customer; name and email come from the deletable identity table. */
export const CUSTOMERS_TABLE = table(
  'customers',
  {
    store_id: uuid(),
    organization_id: uuid(),
    id: uuid(),
    order_count: integer(),
    /** Paid less refunded, in minor units of `currency_code` (the currency of the last order). */
    total_spent: column<ColumnType<string | number, number, number>>('bigint'),
    currency_code: text().nullable(),
    first_order_at: timestamptz().nullable(),
    last_order_at: timestamptz().nullable(),
    erased: boolean(),
    erased_at: timestamptz().nullable(),
    created_at: timestamptz(),
    updated_at: timestamptz(),
  },
  { primaryKey: ['store_id', 'id'], indexes: { customers_store_last_order_idx: ['store_id', 'last_order_at', 'id'] } },
)

export type OrderDatabase = DatabaseOf<typeof ORDERS_TABLE | typeof ORDER_LINES_TABLE | typeof CUSTOMERS_TABLE>
export type OrderRow = Selectable<RowOf<typeof ORDERS_TABLE>>
export type OrderLineRow = Selectable<RowOf<typeof ORDER_LINES_TABLE>>
export type CustomerRow = Selectable<RowOf<typeof CUSTOMERS_TABLE>>
export type OrderDb = Kysely<OrderDatabase>

export async function createOrderTables(db: AnyDb): Promise<void> {
  await createTable(db, ORDERS_TABLE)
  await createTable(db, ORDER_LINES_TABLE)
  await createTable(db, CUSTOMERS_TABLE)
}
