import { isUuid } from '../../../domain/shared/ids.js'
import type { PaymentProviderDb, PaymentProviderRow } from './tables.js'
import { findInStore } from '../../shared/store-rows.js'

/** A store's configured providers, STRIPE before TEST. */
export async function listPaymentProviderRows(db: PaymentProviderDb, storeId: string): Promise<PaymentProviderRow[]> {
  if (!isUuid(storeId)) return []
  return db.selectFrom('payment_providers').selectAll().where('store_id', '=', storeId).orderBy('provider').execute()
}

/** One configured provider of a store, or null. */
export async function findPaymentProviderRow(
  db: PaymentProviderDb,
  storeId: string,
  provider: string,
): Promise<PaymentProviderRow | null> {
  return (await findInStore(db.selectFrom('payment_providers').selectAll(), storeId, { provider })) ?? null
}
