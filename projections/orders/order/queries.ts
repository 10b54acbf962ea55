import { sql, type Expression, type SqlBool } from 'kysely'
import { DECIMAL_PATTERN } from '../../../domain/catalog/product/money.js'
import { CUSTOMER_LIST } from '../../../domain/orders/customer/list.js'
import { ORDER_LIST } from '../../../domain/orders/order/list.js'
import type { OrderFields } from '../../../domain/orders/order/order.js'
import type { OrderLine, OrderPlacedData } from '../../../domain/orders/order/events.js'
import { badInput } from '../../../domain/shared/errors.js'
import { isUuid } from '../../../domain/shared/ids.js'
import { sortValues, type ListArgsOf, type MoneyRangeFilter } from '../../../domain/shared/list-spec.js'
import type { Eb } from '../../shared/filters.js'
import { listRunner } from '../../shared/list-runner.js'
import { mapConnection, type Connection, type PaginateOptions } from '../../shared/pagination.js'
import type { CustomerRow, FulfillmentRecord, OrderDb, OrderLineRow, OrderNoteRecord, OrderRow } from './tables.js'
import { idsInStore, inStore } from '../../shared/store-rows.js'
import { storeRecords } from '../../shared/store-records.js'
import type { EntityVersionRecord } from '../../shared/entity-table.js'

/** A line as placed, with its total. */
export interface OrderLineRecord extends OrderLine {
  lineTotal: number
}

/** The fields an order keeps as it was placed. */
type AsPlaced = Pick<
  OrderPlacedData,
  'number' | 'customerId' | 'currencyCode' | 'subtotal' | 'shipping' | 'tax' | 'total' | 'reservationExpiresAt' | 'note'
>

/** An order as the API serves it; amounts in minor units of `currencyCode`. */
export interface OrderRecord extends EntityVersionRecord, AsPlaced {
  id: string
  status: string
  paymentStatus: string
  fulfillmentStatus: string
  totalRefunded: number
  provider: string
  paymentSessionId: string | null
  notes: OrderNoteRecord[]
  fulfillments: FulfillmentRecord[]
  lines: OrderLineRecord[]
}

export interface CustomerRecord {
  id: string
  orderCount: number
  totalSpent: number
  currencyCode: string | null
  firstOrderAt: Date | null
  lastOrderAt: Date | null
  erased: boolean
  erasedAt: Date | null
  createdAt: Date
  updatedAt: Date
}

export type ListOrdersArgs = ListArgsOf<typeof ORDER_LIST>
export type ListCustomersArgs = ListArgsOf<typeof CUSTOMER_LIST>
export const ORDER_SORTS = sortValues(ORDER_LIST)
export const CUSTOMER_SORTS = sortValues(CUSTOMER_LIST)

/** `total: {min, max}` as decimals of the order's own currency, compared with the decimal column. */
function totalRange(eb: Eb, range: MoneyRangeFilter): Expression<SqlBool>[] {
  const bound = (value: string, end: 'min' | 'max') => {
    if (!DECIMAL_PATTERN.test(value))
      throw badInput(['filter', 'total', end], `total.${end} must be a decimal string like "19.99"; got '${value}'`)
    return sql`${value}::numeric`
  }
  const conditions: Expression<SqlBool>[] = []
  if (range.min != null) conditions.push(eb('total_amount', '>=', bound(range.min, 'min')))
  if (range.max != null) conditions.push(eb('total_amount', '<=', bound(range.max, 'max')))
  return conditions
}

const orders = listRunner(ORDER_LIST, { filters: { total: totalRange } })

const customers = storeRecords({
  rows: (db: OrderDb) => db.selectFrom('customers').selectAll(),
  list: listRunner(CUSTOMER_LIST),
  toRecord: toCustomerRecord,
})

/** One order of the store by id or by number, or null (another store's id included). */
export async function findOrder(
  db: OrderDb,
  storeId: string,
  by: { id: string } | { number: number },
): Promise<OrderRecord | null> {
  if (!isUuid(storeId) || ('id' in by && !isUuid(by.id))) return null
  if ('number' in by && !Number.isSafeInteger(by.number)) return null
  const query = db.selectFrom('orders').selectAll().where('store_id', '=', storeId)
  const row = await ('id' in by ? query.where('id', '=', by.id.toLowerCase()) : query.where('number', '=', by.number))
    .limit(1)
    .executeTakeFirst()
  if (!row) return null
  return (await withLines(db, storeId, [row]))[0]!
}

/**
 * One order of a store with its lines, for the storefront (confirmation page) and other server-side
 * readers that hold no caller; null for an unknown id or another store's.
 *
 * @example const order = await findOrderForStore(platform.database.db, storeId, orderId)
 */
export function findOrderForStore(db: OrderDb, storeId: string, orderId: string): Promise<OrderRecord | null> {
  return findOrder(db, storeId, { id: orderId })
}

/** One page of the store's orders, with their lines. */
export async function listOrders(
  db: OrderDb,
  storeId: string,
  args: ListOrdersArgs = {},
  options: PaginateOptions = {},
): Promise<Connection<OrderRecord>> {
  const query = db.selectFrom('orders').selectAll().where(inStore(storeId))
  const page = await orders.run(query, args, options)
  const records = new Map((await withLines(db, storeId, page.nodes)).map((record) => [record.id, record]))
  return mapConnection(page, (row) => records.get(row.id)!)
}

/** The ids of a customer's orders in the store, for erasing their addresses. */
export function orderIdsOfCustomer(db: OrderDb, storeId: string, customerId: string): Promise<string[]> {
  return idsInStore(db, 'orders', storeId, { customer_id: customerId })
}

/** One customer of the store, or null (another store's id included). */
export const findCustomer = customers.findById

/** One page of the store's customers. */
export const listCustomers = customers.list

async function withLines(db: OrderDb, storeId: string, rows: readonly OrderRow[]): Promise<OrderRecord[]> {
  if (rows.length === 0) return []
  const lines = await db
    .selectFrom('order_lines')
    .selectAll()
    .where('store_id', '=', storeId)
    .where(
      'order_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('order_id')
    .orderBy('position')
    .execute()
  const byOrder = new Map<string, OrderLineRow[]>()
  for (const line of lines) byOrder.set(line.order_id, [...(byOrder.get(line.order_id) ?? []), line])
  return rows.map((row) => toOrderRecord(row, byOrder.get(row.id) ?? []))
}

function toOrderRecord(row: OrderRow, lines: readonly OrderLineRow[]): OrderRecord {
  const state: OrderFields = row.state
  return {
    id: row.id,
    number: row.number,
    customerId: row.customer_id,
    status: row.status,
    paymentStatus: row.payment_status,
    fulfillmentStatus: row.fulfillment_status,
    currencyCode: row.currency_code,
    subtotal: row.subtotal,
    shipping: { name: row.shipping_name, amount: row.shipping_amount },
    tax: { rate: row.tax_rate, inclusive: row.tax_inclusive, amount: row.tax_amount },
    total: row.total,
    totalRefunded: row.total_refunded,
    provider: row.provider,
    paymentSessionId: state.payment.sessionId,
    reservationExpiresAt: state.reservationExpiresAt,
    note: row.note,
    notes: row.notes,
    fulfillments: row.fulfillments,
    lines: lines.map((line) => ({
      productId: line.product_id,
      variantId: line.variant_id,
      title: line.title,
      variantTitle: line.variant_title,
      sku: line.sku,
      quantity: line.quantity,
      unitPrice: line.unit_price,
      lineTotal: line.quantity * line.unit_price,
    })),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    revision: row.revision,
  }
}

function toCustomerRecord(row: CustomerRow): CustomerRecord {
  return {
    id: row.id,
    orderCount: row.order_count,
    totalSpent: Number(row.total_spent),
    currencyCode: row.currency_code,
    firstOrderAt: row.first_order_at,
    lastOrderAt: row.last_order_at,
    erased: row.erased,
    erasedAt: row.erased_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}
