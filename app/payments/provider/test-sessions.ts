import { sql, type ColumnType, type Kysely } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
import type { Migrations } from '../../../infra/database/migrate.js'

/**
 * Checkout sessions of the TEST provider: what its pay page (`/checkout/test-pay/<sessionId>`)
 * shows and sends back in the simulated webhook — the order, the amount and where to go next.
 * Not a read model: the TEST provider plays Stripe, whose sessions are not in our log either.
 */
export const testSessionMigrations: Migrations = {
  '20261126_0110_test_payment_sessions': {
    async up(db) {
      await db.schema
        .createTable('test_payment_sessions')
        .addColumn('session_id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'uuid', (c) => c.notNull())
        .addColumn('order_id', 'uuid', (c) => c.notNull())
        .addColumn('order_number', 'integer', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('currency_code', 'text', (c) => c.notNull())
        .addColumn('success_url', 'text', (c) => c.notNull())
        .addColumn('cancel_url', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute()
      await db.schema
        .createIndex('test_payment_sessions_order')
        .on('test_payment_sessions')
        .columns(['store_id', 'order_id'])
        .execute()
    },
    async down(db) {
      await db.schema.dropTable('test_payment_sessions').execute()
    },
  },
}

interface TestPaymentSessionsTable {
  session_id: string
  store_id: string
  order_id: string
  order_number: number
  amount: ColumnType<string, number, number>
  currency_code: string
  success_url: string
  cancel_url: string
  created_at: ColumnType<Date, Date | string | undefined, never>
}

const sessions = (db: AnyDb): Kysely<{ test_payment_sessions: TestPaymentSessionsTable }> => db

/** A TEST checkout session as the pay page needs it. Amount in integer minor units. */
export interface TestPaymentSession {
  sessionId: string
  storeId: string
  orderId: string
  orderNumber: number
  amount: number
  currencyCode: string
  successUrl: string
  cancelUrl: string
  createdAt: Date
}

export async function insertTestPaymentSession(
  db: AnyDb,
  session: Omit<TestPaymentSession, 'createdAt'>,
): Promise<void> {
  await sessions(db)
    .insertInto('test_payment_sessions')
    .values({
      session_id: session.sessionId,
      store_id: session.storeId,
      order_id: session.orderId,
      order_number: session.orderNumber,
      amount: session.amount,
      currency_code: session.currencyCode,
      success_url: session.successUrl,
      cancel_url: session.cancelUrl,
    })
    .execute()
}

/** The TEST session of an order (its first), so a second checkout attempt of the same order reuses it. */
export async function findTestPaymentSessionOfOrder(
  db: AnyDb,
  storeId: string,
  orderId: string,
): Promise<TestPaymentSession | null> {
  const row = await sessions(db)
    .selectFrom('test_payment_sessions')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .executeTakeFirst()
  return row ? toSession(row) : null
}

/**
 * A TEST session of the store by id, or null — another store's session id answers null like an
 * unknown one.
 *
 * @example const session = await findTestPaymentSession(db, storeId, 'cs_test_…')
 */
export async function findTestPaymentSession(
  db: AnyDb,
  storeId: string,
  sessionId: string,
): Promise<TestPaymentSession | null> {
  const row = await sessions(db)
    .selectFrom('test_payment_sessions')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('session_id', '=', sessionId)
    .executeTakeFirst()
  return row ? toSession(row) : null
}

function toSession(row: {
  session_id: string
  store_id: string
  order_id: string
  order_number: number
  amount: string
  currency_code: string
  success_url: string
  cancel_url: string
  created_at: Date
}): TestPaymentSession {
  return {
    sessionId: row.session_id,
    storeId: row.store_id,
    orderId: row.order_id,
    orderNumber: row.order_number,
    amount: Number(row.amount),
    currencyCode: row.currency_code,
    successUrl: row.success_url,
    cancelUrl: row.cancel_url,
    createdAt: row.created_at,
  }
}
