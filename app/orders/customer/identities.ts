import { sql, type Kysely } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import type { AnyDb } from '../../../infra/database/database.js'
import type { Migrations } from '../../../infra/database/migrate.js'
import { column, table, type DatabaseOf } from '../../../projections/shared/table.js'
import { rowsInStore } from '../../../projections/shared/store-rows.js'
import { createdNow, createTablesMigration } from '../../shared/operational-tables.js'

/**
 * Personal data of shoppers (email, name, phone, addresses) lives ONLY here: mutable tables keyed
 * by a pseudonymous customer id (a random UUID, not derived from the email, so the id alone
 * identifies nobody once its row is gone). Events carry that id and never the data, because
 * events are forever and a shopper may ask to be forgotten: `customerErase` deletes these rows
 * (app/orders/customer/reactions.ts) and the immutable log keeps only an anonymous order history.
 * These tables are not projections (no event could rebuild them), so migrations create them and
 * a rebuild never touches them.
 */
const CUSTOMER_IDENTITIES_TABLE = {
  ...table('customer_identities', {
    store_id: column.uuid(),
    customer_id: column.uuid(),
    email: column.text(),
    /** The email trimmed and lowercased: one customer per email in a store. */
    email_key: column.text(),
    first_name: column.text(),
    last_name: column.text(),
    phone: column.text().nullable(),
    created_at: createdNow(),
    updated_at: column.timestamptz().default(sql`now()`),
  }),
  namedPrimaryKey: ['customer_identities_pk', ['store_id', 'customer_id']],
  unique: { customer_identities_email_uq: ['store_id', 'email_key'] },
} as const

const ORDER_ADDRESSES_TABLE = {
  ...table('order_addresses', {
    store_id: column.uuid(),
    order_id: column.uuid(),
    first_name: column.text(),
    last_name: column.text(),
    address1: column.text(),
    address2: column.text().nullable(),
    city: column.text(),
    province: column.text().nullable(),
    postal_code: column.text(),
    country_code: column.text(),
    phone: column.text().nullable(),
    created_at: createdNow(),
  }),
  namedPrimaryKey: ['order_addresses_pk', ['store_id', 'order_id']],
} as const

export const customerIdentityMigrations: Migrations = {
  '20261126_0100_customer_identities': createTablesMigration(CUSTOMER_IDENTITIES_TABLE, ORDER_ADDRESSES_TABLE),
}

export type IdentityTables = DatabaseOf<typeof CUSTOMER_IDENTITIES_TABLE | typeof ORDER_ADDRESSES_TABLE>

const identities = (db: AnyDb): Kysely<IdentityTables> => db

export interface CustomerDetails {
  email: string
  firstName: string
  lastName: string
  phone?: string | null
}

export interface OrderAddress {
  firstName: string
  lastName: string
  address1: string
  address2?: string | null
  city: string
  province?: string | null
  postalCode: string
  countryCode: string
  phone?: string | null
}

export interface CustomerIdentity {
  customerId: string
  email: string
  firstName: string
  lastName: string
  phone: string | null
}

export const emailKey = (email: string): string => email.trim().toLowerCase()

/**
 * The store's pseudonymous id for a shopper's email, made on first sight: the same email (any
 * case) in a store gets the same id; the latest name and phone are kept. Concurrent checkouts
 * with one email get one id (the insert is an upsert on the unique email key).
 *
 * @example const customerId = await recordCustomer(db, storeId, { email, firstName, lastName })
 */
export async function recordCustomer(db: AnyDb, storeId: string, details: CustomerDetails): Promise<string> {
  const row = await identities(db)
    .insertInto('customer_identities')
    .values({
      store_id: storeId,
      customer_id: uuidv7(),
      email: details.email.trim(),
      email_key: emailKey(details.email),
      first_name: details.firstName,
      last_name: details.lastName,
      phone: details.phone ?? null,
    })
    .onConflict((c) =>
      c.columns(['store_id', 'email_key']).doUpdateSet({
        email: details.email.trim(),
        first_name: details.firstName,
        last_name: details.lastName,
        phone: details.phone ?? null,
        updated_at: sql`now()`,
      }),
    )
    .returning('customer_id')
    .executeTakeFirstOrThrow()
  return row.customer_id
}

/** The shipping address of an order; recording it again replaces it. */
export async function recordOrderAddress(
  db: AnyDb,
  storeId: string,
  orderId: string,
  address: OrderAddress,
): Promise<void> {
  const values = {
    first_name: address.firstName,
    last_name: address.lastName,
    address1: address.address1,
    address2: address.address2 ?? null,
    city: address.city,
    province: address.province ?? null,
    postal_code: address.postalCode,
    country_code: address.countryCode,
    phone: address.phone ?? null,
  }
  await identities(db)
    .insertInto('order_addresses')
    .values({ store_id: storeId, order_id: orderId, ...values })
    .onConflict((c) => c.columns(['store_id', 'order_id']).doUpdateSet(values))
    .execute()
}

/** The identities of some customers of a store, by id; erased ones are simply absent. */
export async function findCustomerIdentities(
  db: AnyDb,
  storeId: string,
  customerIds: readonly string[],
): Promise<Map<string, CustomerIdentity>> {
  const query = identities(db).selectFrom('customer_identities').selectAll()
  const rows = await rowsInStore(query, storeId, 'customer_id', customerIds)
  return new Map(
    rows.map((r) => [
      r.customer_id,
      { customerId: r.customer_id, email: r.email, firstName: r.first_name, lastName: r.last_name, phone: r.phone },
    ]),
  )
}

/** The shipping addresses of some orders of a store, by order id. */
export async function findOrderAddresses(
  db: AnyDb,
  storeId: string,
  orderIds: readonly string[],
): Promise<Map<string, OrderAddress>> {
  const query = identities(db).selectFrom('order_addresses').selectAll()
  const rows = await rowsInStore(query, storeId, 'order_id', orderIds)
  return new Map(
    rows.map((r) => [
      r.order_id,
      {
        firstName: r.first_name,
        lastName: r.last_name,
        address1: r.address1,
        address2: r.address2,
        city: r.city,
        province: r.province,
        postalCode: r.postal_code,
        countryCode: r.country_code,
        phone: r.phone,
      },
    ]),
  )
}

/**
 * Forgets a customer: their identity row and the addresses of the given orders. Idempotent, so
 * a reaction delivered twice does no harm.
 */
export async function eraseCustomerData(
  db: AnyDb,
  storeId: string,
  customerId: string,
  orderIds: readonly string[],
): Promise<void> {
  await identities(db)
    .deleteFrom('customer_identities')
    .where('store_id', '=', storeId)
    .where('customer_id', '=', customerId)
    .execute()
  if (orderIds.length > 0)
    await identities(db)
      .deleteFrom('order_addresses')
      .where('store_id', '=', storeId)
      .where('order_id', 'in', [...orderIds])
      .execute()
}
