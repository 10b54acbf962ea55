import type { ColumnType, Kysely, Selectable } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
import type { Timestamp } from '../../shared/entity-table.js'

/**
 * One row per configured payment provider of a store. It holds which secret rows are current
 * (`payment_provider_secrets`, never the secrets) and their last 4 characters; removed providers
 * are deleted.
 */
export interface PaymentProvidersTable {
  store_id: string
  organization_id: string
  provider: 'STRIPE' | 'TEST'
  /** Row id of the API secret key in `payment_provider_secrets`; null for TEST. */
  secret_key_id: string | null
  secret_key_last4: string | null
  signing_secret_id: string
  signing_secret_last4: string
  /** The signing secret before the last rotation, accepted until `previous_valid_until`. */
  previous_signing_secret_id: string | null
  previous_signing_secret_last4: string | null
  previous_valid_until: ColumnType<Date | null, Date | string | null, Date | string | null>
  /** Id of the platform key that sealed the newest secret (`secretKeyId` in infra/secrets/cipher.ts). */
  key_id: string
  revision: number
  created_at: Timestamp
  updated_at: Timestamp
}

export interface PaymentProviderDatabase {
  payment_providers: PaymentProvidersTable
}

export type PaymentProviderRow = Selectable<PaymentProvidersTable>
export type PaymentProviderDb = Kysely<PaymentProviderDatabase>

export async function createPaymentProviderTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('payment_providers')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('organization_id', 'uuid', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('secret_key_id', 'uuid')
    .addColumn('secret_key_last4', 'text')
    .addColumn('signing_secret_id', 'uuid', (c) => c.notNull())
    .addColumn('signing_secret_last4', 'text', (c) => c.notNull())
    .addColumn('previous_signing_secret_id', 'uuid')
    .addColumn('previous_signing_secret_last4', 'text')
    .addColumn('previous_valid_until', 'timestamptz')
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_providers_pkey', ['store_id', 'provider'])
    .execute()
}
