import type { Kysely, Selectable } from 'kysely'
import { column, table, type DatabaseOf, type RowOf } from '../../shared/table.js'

/**
 * One row per configured payment provider of a store. It holds which secret rows are current
 * (`payment_provider_secrets`, never the secrets) and their last 4 characters; removed providers
 * are deleted.
 */
export const PAYMENT_PROVIDERS_TABLE = table(
  'payment_providers',
  {
    store_id: column.uuid(),
    organization_id: column.uuid(),
    provider: column.text<'STRIPE' | 'TEST'>(),
    /** Row id of the API secret key in `payment_provider_secrets`; null for TEST. */
    secret_key_id: column.uuid().nullable(),
    secret_key_last4: column.text().nullable(),
    signing_secret_id: column.uuid(),
    signing_secret_last4: column.text(),
    /** The signing secret before the last rotation, accepted until `previous_valid_until`. */
    previous_signing_secret_id: column.uuid().nullable(),
    previous_signing_secret_last4: column.text().nullable(),
    previous_valid_until: column.timestamptz().nullable(),
    /** Id of the platform key that sealed the newest secret (`secretKeyId` in infra/secrets/cipher.ts). */
    key_id: column.text(),
    revision: column.integer(),
    created_at: column.timestamptz(),
    updated_at: column.timestamptz(),
  },
  { primaryKey: ['store_id', 'provider'] },
)

export type PaymentProvidersTable = RowOf<typeof PAYMENT_PROVIDERS_TABLE>
export type PaymentProviderRow = Selectable<PaymentProvidersTable>
export type PaymentProviderDb = Kysely<DatabaseOf<typeof PAYMENT_PROVIDERS_TABLE>>
