import { isUuid } from '../../../domain/shared/ids.js'
import type { PaymentProviderDb, PaymentProviderRow } from './tables.js'

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
  if (!isUuid(storeId)) return null
  const row = await db
    .selectFrom('payment_providers')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('provider', '=', provider as PaymentProviderRow['provider'])
    .executeTakeFirst()
  return row ?? null
}
