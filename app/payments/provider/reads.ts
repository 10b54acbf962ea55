import {
  findPaymentProviderRow,
  listPaymentProviderRows,
} from '../../../projections/payments/payment-provider/queries.js'
import type { PaymentProviderRow } from '../../../projections/payments/payment-provider/tables.js'
import { requireScope, requireStore, type Caller } from '../../caller.js'
import { paymentSecretKeyIds } from './secrets.js'
import { paymentServices } from './services.js'
import { toPaymentProviderView, type PaymentProviderView } from './view.js'
import { orNotFound } from '../../shared/lookup.js'

function settingsStore(caller: Caller): string {
  requireScope(caller, 'settings:read')
  return requireStore(caller).id
}

/** The store's configured payment providers (none configured: an empty list). */
export async function listPaymentProviders(caller: Caller): Promise<PaymentProviderView[]> {
  const rows = await listPaymentProviderRows(caller.platform.database.db, settingsStore(caller))
  return Promise.all(rows.map((row) => view(caller, row)))
}

/** One configured provider of the store; NOT_FOUND when it is not configured: a write's read-back. */
export async function readPaymentProvider(caller: Caller, provider: string): Promise<PaymentProviderView> {
  const row = await orNotFound(
    findPaymentProviderRow(caller.platform.database.db, settingsStore(caller), provider),
    'payment provider',
    provider,
  )
  return view(caller, row)
}

/** One configured provider by name, or null: a write's read-back (MCP). */
export async function findPaymentProviderView(caller: Caller, provider: string): Promise<PaymentProviderView | null> {
  const row = await findPaymentProviderRow(caller.platform.database.db, settingsStore(caller), provider)
  return row && view(caller, row)
}

/**
 * The view with `keyId` read from the sealed rows themselves, so it stays true after
 * `emporium payments reseal`: the key of a row still awaiting a reseal when there is one, else the
 * current key.
 */
async function view(caller: Caller, row: PaymentProviderRow): Promise<PaymentProviderView> {
  const { platform } = caller
  const ids = [row.secret_key_id, row.signing_secret_id, row.previous_signing_secret_id].filter(
    (id): id is string => id !== null,
  )
  const keyIds = [...new Set((await paymentSecretKeyIds(platform.database.db, row.store_id, ids)).values())]
  const current = (await paymentServices(platform).cipher()).keyId
  return toPaymentProviderView({ ...row, key_id: keyIds.find((id) => id !== current) ?? keyIds[0] ?? row.key_id })
}
