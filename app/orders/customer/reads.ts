import type { AnyDb } from '../../../infra/database/database.js'
import {
  CUSTOMER_SORTS,
  findCustomer,
  listCustomers as listCustomerRecords,
  orderIdsOfCustomer,
  type CustomerRecord,
  type ListCustomersArgs,
} from '../../../projections/orders/order/queries.js'
import type { Caller } from '../../caller.js'
import { mapConnection, type PaginateOptions } from '../../shared/connection.js'
import { ordersStore } from '../order/reads.js'
import { findCustomerIdentities, findOrderAddresses } from './identities.js'
import { toCustomerView, type CustomerView } from './view.js'
import { orNotFound } from '../../shared/lookup.js'

export { CUSTOMER_SORTS }
export type { ListCustomersArgs }

async function viewsOf(db: AnyDb, storeId: string, customers: readonly CustomerRecord[]): Promise<CustomerView[]> {
  const identities = await findCustomerIdentities(
    db,
    storeId,
    customers.map((c) => c.id),
  )
  return Promise.all(
    customers.map(async (customer) => {
      const addresses = customer.erased
        ? new Map()
        : await findOrderAddresses(db, storeId, await orderIdsOfCustomer(db, storeId, customer.id))
      return toCustomerView(customer, identities.get(customer.id) ?? null, [...addresses.values()])
    }),
  )
}

/** One customer by id, or null: a write's read-back. */
export async function findCustomerView(caller: Caller, id: string): Promise<CustomerView | null> {
  const storeId = ordersStore(caller)
  const db = caller.platform.database.db
  const customer = await findCustomer(db, storeId, id)
  return customer && (await viewsOf(db, storeId, [customer]))[0]!
}

/** One customer of the store; NOT_FOUND when the store has none (another store's included). */
export async function readCustomer(caller: Caller, lookup: { id: string }): Promise<CustomerView> {
  const customer = await orNotFound(findCustomerView(caller, lookup.id), 'customer', lookup.id)
  return customer
}

/** One page of the store's customers (API-CONVENTIONS.md "Lists"). */
export async function listCustomers(caller: Caller, args: ListCustomersArgs, options: PaginateOptions = {}) {
  const storeId = ordersStore(caller)
  const db = caller.platform.database.db
  const page = await listCustomerRecords(db, storeId, args, options)
  const views = new Map((await viewsOf(db, storeId, page.nodes)).map((v) => [v.id, v]))
  return mapConnection(page, (customer) => views.get(customer.id)!)
}
