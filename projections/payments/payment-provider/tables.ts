import type { Kysely, Selectable } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
import {
  createTable,
  integer,
  table,
  text,
  timestamptz,
  uuid,
  type DatabaseOf,
  type RowOf,
} from '../../shared/table.js'

/**
 * One row per configured payment provider of a store. It holds which secret rows are current
 * (`payment_provider_secrets`, never the secrets) and their last 4 characters; removed providers
 * are deleted.
 */
export const PAYMENT_PROVIDERS_TABLE = table(
  'payment_providers',
  {
    store_id: uuid(),
    organization_id: uuid(),
    provider: text<'STRIPE' | 'TEST'>(),
    /** Row id of the API secret key in `payment_provider_secrets`; null for TEST. */
    secret_key_id: uuid().nullable(),
    secret_key_last4: text().nullable(),
    signing_secret_id: uuid(),
    signing_secret_last4: text(),
    /** The signing secret before the last rotation, accepted until `previous_valid_until`. */
    previous_signing_secret_id: uuid().nullable(),
    previous_signing_secret_last4: text().nullable(),
    previous_valid_until: timestamptz().nullable(),
    /** Id of the platform key that sealed the newest secret (`secretKeyId` in infra/secrets/cipher.ts). */
    key_id: text(),
    revision: integer(),
    created_at: timestamptz(),
    updated_at: timestamptz(),
  },
  { primaryKey: ['store_id', 'provider'] },
)

export type PaymentProvidersTable = RowOf<typeof PAYMENT_PROVIDERS_TABLE>
export type PaymentProviderDatabase = DatabaseOf<typeof PAYMENT_PROVIDERS_TABLE>
export type PaymentProviderRow = Selectable<PaymentProvidersTable>
export type PaymentProviderDb = Kysely<PaymentProviderDatabase>

export const createPaymentProviderTables = (db: AnyDb) => createTable(db, PAYMENT_PROVIDERS_TABLE)
