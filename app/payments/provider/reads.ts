import { notFound } from '../../../domain/shared/errors.js'
import {
  findPaymentProviderRow,
  listPaymentProviderRows,
} from '../../../projections/payments/payment-provider/queries.js'
import { requireScope, requireStore, type Caller } from '../../caller.js'
import { toPaymentProviderView, type PaymentProviderView } from './view.js'

function settingsStore(caller: Caller): string {
  requireScope(caller, 'settings:read')
  return requireStore(caller).id
}

/** The store's configured payment providers (none configured: an empty list). */
export async function listPaymentProviders(caller: Caller): Promise<PaymentProviderView[]> {
  const rows = await listPaymentProviderRows(caller.platform.database.db, settingsStore(caller))
  return rows.map((row) => toPaymentProviderView(row))
}

/** One configured provider of the store; NOT_FOUND when it is not configured: a write's read-back. */
export async function readPaymentProvider(caller: Caller, provider: string): Promise<PaymentProviderView> {
  const row = await findPaymentProviderRow(caller.platform.database.db, settingsStore(caller), provider)
  if (!row) throw notFound('payment provider', provider)
  return toPaymentProviderView(row)
}

/** One configured provider by name, or null: a write's read-back (MCP). */
export async function findPaymentProviderView(caller: Caller, provider: string): Promise<PaymentProviderView | null> {
  const row = await findPaymentProviderRow(caller.platform.database.db, settingsStore(caller), provider)
  return row && toPaymentProviderView(row)
}
