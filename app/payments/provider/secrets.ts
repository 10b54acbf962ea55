import type { Kysely } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
import type { Migrations } from '../../../infra/database/migrate.js'
import { column, table, type RowOf } from '../../../projections/shared/table.js'
import { rowsInStore } from '../../../projections/shared/store-rows.js'
import { createdNow, createTablesMigration } from '../../shared/operational-tables.js'
import type { SealedSecret, SecretCipher } from '../../../infra/secrets/cipher.js'
import type { PaymentProviderKind } from './port.js'

/**
 * Payment provider secrets (Stripe API keys, webhook signing secrets) live here, sealed with
 * AES-256-GCM under the platform key (`SECRETS_KEY`), never in events: events are forever and
 * are exported. An event names a row by its `secret_id` (with the last 4 characters and the key
 * id), so the log says which secret was current when without holding it.
 *
 * Rows are written before the command's event (`stashPaymentSecret`); a refused command leaves
 * a row no event names, which is never used. Not a projection: it cannot be rebuilt from the log,
 * so it has migrations, and rebuilds never touch it.
 */
const PAYMENT_PROVIDER_SECRETS_TABLE = table(
  'payment_provider_secrets',
  {
    secret_id: column.uuid(),
    store_id: column.uuid(),
    provider: column.text<PaymentProviderKind>(),
    purpose: column.text<PaymentSecretPurpose>(),
    key_id: column.text(),
    sealed: column.text(),
    created_at: createdNow(),
  },
  { primaryKey: ['secret_id'], indexes: { payment_provider_secrets_store: ['store_id', 'provider'] } },
)

export const paymentSecretMigrations: Migrations = {
  '20261126_0100_payment_provider_secrets': createTablesMigration(PAYMENT_PROVIDER_SECRETS_TABLE),
}

/** What a secret is for: the provider's API key, or the key its webhooks are signed with. */
export type PaymentSecretPurpose = 'api_key' | 'signing'

export type PaymentProviderSecretsTable = RowOf<typeof PAYMENT_PROVIDER_SECRETS_TABLE>

export type PaymentSecretsDb = Kysely<{ payment_provider_secrets: PaymentProviderSecretsTable }>

const secrets = (db: AnyDb): PaymentSecretsDb => db

/**
 * The authenticated context of a sealed row: its store, provider, purpose and id. A row copied to
 * another store or another purpose does not open.
 */
function context(row: Pick<PaymentProviderSecretsTable, 'secret_id' | 'store_id' | 'provider' | 'purpose'>): string {
  return `payment-secret:${row.store_id}:${row.provider}:${row.purpose}:${row.secret_id}`
}

/** Seals `value` and stores it under `secretId`; returns the key id that sealed it. */
export async function stashPaymentSecret(
  db: AnyDb,
  cipher: SecretCipher,
  row: { secretId: string; storeId: string; provider: PaymentProviderKind; purpose: PaymentSecretPurpose },
  value: string,
): Promise<string> {
  const where = { secret_id: row.secretId, store_id: row.storeId, provider: row.provider, purpose: row.purpose }
  const box = cipher.seal(value, context(where))
  await secrets(db)
    .insertInto('payment_provider_secrets')
    .values({ ...where, key_id: box.keyId, sealed: box.sealed })
    .execute()
  return box.keyId
}

/** The store's rows with these ids; another store's are left out, and no ids ask nothing of the database. */
function rowsOf(db: AnyDb, storeId: string, secretIds: readonly string[]) {
  return rowsInStore(secrets(db).selectFrom('payment_provider_secrets').selectAll(), storeId, 'secret_id', secretIds)
}

/** Opens the rows of a store by id; ids of another store (or unknown ones) are left out. */
export async function revealPaymentSecrets(
  db: AnyDb,
  cipher: SecretCipher,
  storeId: string,
  secretIds: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  for (const row of await rowsOf(db, storeId, secretIds)) {
    const box: SealedSecret = { keyId: row.key_id, sealed: row.sealed }
    found.set(row.secret_id, cipher.open(box, context(row)))
  }
  return found
}

/** Deletes a store's secrets of one provider except `keep` (after a removal: nothing kept). */
export async function deletePaymentSecrets(
  db: AnyDb,
  storeId: string,
  provider: PaymentProviderKind,
  keep: readonly string[] = [],
): Promise<void> {
  let query = secrets(db)
    .deleteFrom('payment_provider_secrets')
    .where('store_id', '=', storeId)
    .where('provider', '=', provider)
  if (keep.length) query = query.where('secret_id', 'not in', keep)
  await query.execute()
}

/** The key ids that sealed the rows, by row id (rows of another store left out). */
export async function paymentSecretKeyIds(
  db: AnyDb,
  storeId: string,
  secretIds: readonly string[],
): Promise<Map<string, string>> {
  const rows = await rowsOf(db, storeId, secretIds)
  return new Map(rows.map((row) => [row.secret_id, row.key_id]))
}

/**
 * After a `SECRETS_KEY` rotation: seals again under the current key every row sealed under
 * another one (which must still open: the old key is `SECRETS_KEY_PREVIOUS`). Row ids stay, so
 * the events naming them stay true. Safe to run on a live platform and to run again.
 *
 * @example await resealPaymentSecrets(db, cipher) // { resealed: 12, keyId: '3f9a0c1d' }
 */
export async function resealPaymentSecrets(
  db: AnyDb,
  cipher: SecretCipher,
): Promise<{ resealed: number; keyId: string }> {
  const stale = await secrets(db)
    .selectFrom('payment_provider_secrets')
    .selectAll()
    .where('key_id', '!=', cipher.keyId)
    .execute()
  let resealed = 0
  for (const row of stale) {
    const box = cipher.seal(cipher.open({ keyId: row.key_id, sealed: row.sealed }, context(row)), context(row))
    const result = await secrets(db)
      .updateTable('payment_provider_secrets')
      .set({ key_id: box.keyId, sealed: box.sealed })
      .where('secret_id', '=', row.secret_id)
      .where('key_id', '=', row.key_id)
      .executeTakeFirst()
    resealed += Number(result.numUpdatedRows)
  }
  return { resealed, keyId: cipher.keyId }
}
