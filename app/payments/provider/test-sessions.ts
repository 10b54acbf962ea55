import type { ColumnType, Kysely, Selectable } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
import type { Migrations } from '../../../infra/database/migrate.js'
import { column, table, type DatabaseOf, type RowOf } from '../../../projections/shared/table.js'
import { createdNow, createTablesMigration } from '../../shared/operational-tables.js'

/**
 * Checkout sessions of the TEST provider: what its pay page (`/checkout/test-pay/<sessionId>`)
 * shows and sends back in the simulated webhook — the order, the amount and where to go next.
 * Not a read model: the TEST provider plays Stripe, whose sessions are not in our log either.
 */
const TEST_PAYMENT_SESSIONS_TABLE = table(
  'test_payment_sessions',
  {
    session_id: column.text(),
    store_id: column.uuid(),
    order_id: column.uuid(),
    order_number: column.integer(),
    amount: column.ofType<ColumnType<string, number, number>>('bigint'),
    currency_code: column.text(),
    success_url: column.text(),
    cancel_url: column.text(),
    created_at: createdNow(),
  },
  { primaryKey: ['session_id'], indexes: { test_payment_sessions_order: ['store_id', 'order_id'] } },
)

export const testSessionMigrations: Migrations = {
  '20261126_0110_test_payment_sessions': createTablesMigration(TEST_PAYMENT_SESSIONS_TABLE),
}

const sessions = (db: AnyDb): Kysely<DatabaseOf<typeof TEST_PAYMENT_SESSIONS_TABLE>> => db

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
export const findTestPaymentSessionOfOrder = (db: AnyDb, storeId: string, orderId: string) =>
  firstSession(db, storeId, 'order_id', orderId)

/**
 * A TEST session of the store by id, or null — another store's session id answers null like an
 * unknown one.
 *
 * @example const session = await findTestPaymentSession(db, storeId, 'cs_test_…')
 */
export const findTestPaymentSession = (db: AnyDb, storeId: string, sessionId: string) =>
  firstSession(db, storeId, 'session_id', sessionId)

/** The store's first TEST session with this session or order id, or null. */
async function firstSession(
  db: AnyDb,
  storeId: string,
  column: 'session_id' | 'order_id',
  value: string,
): Promise<TestPaymentSession | null> {
  const row = await sessions(db)
    .selectFrom('test_payment_sessions')
    .selectAll()
    .where('store_id', '=', storeId)
    .where(column, '=', value)
    .orderBy('created_at')
    .executeTakeFirst()
  return row ? toSession(row) : null
}

function toSession(row: Selectable<RowOf<typeof TEST_PAYMENT_SESSIONS_TABLE>>): TestPaymentSession {
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
