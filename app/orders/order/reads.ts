import { DomainError, notFound } from '../../../domain/shared/errors.js'
import type { AnyDb } from '../../../infra/database/database.js'
import {
  findOrder,
  listOrders as listOrderRecords,
  type ListOrdersArgs,
  type OrderRecord,
} from '../../../projections/orders/order/queries.js'
import { requireScope, requireStore, type Caller } from '../../caller.js'
import { mapConnection, type PaginateOptions } from '../../shared/connection.js'
import { findCustomerIdentities, findOrderAddresses } from '../customer/identities.js'
import { toOrderView, type OrderPersonalData, type OrderView } from './view.js'

export { ORDER_SORTS, findOrderForStore } from '../../../projections/orders/order/queries.js'
export type { ListOrdersArgs }

/** The selected store's id, once the caller may read orders. */
export function ordersStore(caller: Caller): string {
  requireScope(caller, 'orders:read')
  return requireStore(caller).id
}

/**
 * The personal data still held for some orders: the customer's identity and the order's address,
 * both null once the customer is erased (the customers read model says so even before the rows are gone).
 */
export async function personalDataOf(
  db: AnyDb,
  storeId: string,
  orders: readonly OrderRecord[],
): Promise<Map<string, OrderPersonalData>> {
  const customerIds = [...new Set(orders.map((o) => o.customerId))]
  const [erased, identities, addresses] = await Promise.all([
    customerIds.length
      ? db
          .selectFrom('customers')
          .select('id')
          .where('store_id', '=', storeId)
          .where('id', 'in', customerIds)
          .where('erased', '=', true)
          .execute()
      : Promise.resolve([] as { id: string }[]),
    findCustomerIdentities(db, storeId, customerIds),
    findOrderAddresses(
      db,
      storeId,
      orders.map((o) => o.id),
    ),
  ])
  const gone = new Set(erased.map((row: { id: string }) => row.id))
  return new Map(
    orders.map((order) => [
      order.id,
      gone.has(order.customerId)
        ? { identity: null, address: null }
        : { identity: identities.get(order.customerId) ?? null, address: addresses.get(order.id) ?? null },
    ]),
  )
}

async function viewOf(db: AnyDb, storeId: string, order: OrderRecord): Promise<OrderView> {
  const personal = await personalDataOf(db, storeId, [order])
  return toOrderView(order, personal.get(order.id)!)
}

/** One order by id, or null when the caller's store has none: a write's read-back. */
export async function findOrderView(caller: Caller, id: string): Promise<OrderView | null> {
  const storeId = ordersStore(caller)
  const db = caller.platform.database.db
  const order = await findOrder(db, storeId, { id })
  return order && viewOf(db, storeId, order)
}

/**
 * One order of the store by id or by number (1001 for #1001); NOT_FOUND when the store has none
 * (another store's order included).
 */
export async function readOrder(
  caller: Caller,
  lookup: { id?: string | null; number?: number | null },
): Promise<OrderView> {
  const storeId = ordersStore(caller)
  const db = caller.platform.database.db
  if (lookup.id == null && lookup.number == null)
    throw new DomainError('BAD_USER_INPUT', 'give the order id or its number (1001 for #1001)', { field: ['id'] })
  const order = await findOrder(db, storeId, lookup.id != null ? { id: lookup.id } : { number: lookup.number! })
  if (!order || (lookup.number != null && order.number !== lookup.number))
    throw notFound('order', lookup.id ?? `#${lookup.number}`)
  return viewOf(db, storeId, order)
}

/** One page of the store's orders, filtered and sorted (API-CONVENTIONS.md "Lists"). */
export async function listOrders(caller: Caller, args: ListOrdersArgs, options: PaginateOptions = {}) {
  const storeId = ordersStore(caller)
  const db = caller.platform.database.db
  const page = await listOrderRecords(db, storeId, args, options)
  const personal = await personalDataOf(db, storeId, page.nodes)
  return mapConnection(page, (order) => toOrderView(order, personal.get(order.id)!))
}
