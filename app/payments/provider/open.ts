import { findPaymentProviderRow } from '../../../projections/payments/payment-provider/queries.js'
import type { PaymentProviderDb } from '../../../projections/payments/payment-provider/tables.js'
import type { PaymentProvider, PaymentProviderKind } from './port.js'
import { revealPaymentSecrets } from './secrets.js'
import { paymentServices, type PaymentPlatform } from './services.js'
import { stripeProvider } from './stripe.js'
import { testProvider } from './test-provider.js'

/**
 * The store's payment provider, ready to open sessions and refund; null when the store has none
 * configured (`paymentProviderConfigure`). A store with both uses STRIPE: TEST is the offline
 * default, for a laptop, CI and the demo shop.
 *
 * @example const provider = await openPaymentProvider(platform, storeId); if (!provider) throw notSelling()
 */
export async function openPaymentProvider(platform: PaymentPlatform, storeId: string): Promise<PaymentProvider | null> {
  const db: PaymentProviderDb = platform.database.db
  const services = paymentServices(platform)
  const stripe = await findPaymentProviderRow(db, storeId, 'STRIPE')
  if (stripe?.secret_key_id) {
    const secrets = await revealPaymentSecrets(platform.database.db, await services.cipher(), storeId, [
      stripe.secret_key_id,
    ])
    const secretKey = secrets.get(stripe.secret_key_id)
    if (secretKey) return stripeProvider({ storeId, secretKey, api: services.stripeApi })
  }
  const test = await findPaymentProviderRow(db, storeId, 'TEST')
  if (test) return testProvider({ db: platform.database.db, storeId, deliverRefund: services.testRefundDelivery })
  return null
}

/**
 * The webhook signing secrets a delivery from `provider` to this store may be signed with: the
 * current one first, then the previous one while the rotation overlap lasts. null when the store
 * has not configured that provider (the receiver answers 404).
 *
 * @example const secrets = await webhookSigningSecrets(platform, storeId, 'STRIPE')
 */
export async function webhookSigningSecrets(
  platform: PaymentPlatform,
  storeId: string,
  provider: PaymentProviderKind,
  now: Date = new Date(),
): Promise<string[] | null> {
  const db: PaymentProviderDb = platform.database.db
  const row = await findPaymentProviderRow(db, storeId, provider)
  if (!row) return null
  const previousLive =
    row.previous_signing_secret_id !== null &&
    row.previous_valid_until !== null &&
    row.previous_valid_until.getTime() > now.getTime()
  const ids = [row.signing_secret_id, ...(previousLive ? [row.previous_signing_secret_id!] : [])]
  const secrets = await revealPaymentSecrets(
    platform.database.db,
    await paymentServices(platform).cipher(),
    storeId,
    ids,
  )
  return ids.flatMap((id) => {
    const secret = secrets.get(id)
    return secret === undefined ? [] : [secret]
  })
}
