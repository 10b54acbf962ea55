import type { ColumnType, Kysely } from 'kysely'
import type { AnyDb } from '../../infra/database/database.js'
import type { Migrations } from '../../infra/database/migrate.js'
import { column, table } from '../../projections/shared/table.js'
import { createdNow, createTablesMigration } from '../shared/operational-tables.js'

/**
 * Key secrets live here, not in events (events are forever): a mutable table that holds only
 * the SHA-256 of each secret, so neither a database dump nor the event log yields a usable key.
 * It is not a projection: it cannot be rebuilt from the log, so it has migrations, and no
 * foreign key to `api_keys`, which projection rebuilds drop and recreate.
 */
export const apiKeySecretMigrations: Migrations = {
  // The table as it began: 20261121_0300 (account-tables.ts) then let a key have several secrets.
  '20261121_0200_api_key_secrets': createTablesMigration({
    ...table(
      'api_key_secrets',
      {
        key_id: column.uuid(),
        public_id: column.text(),
        secret_hash: column.text(),
        created_at: createdNow(),
      },
      { primaryKey: ['key_id'] },
    ),
    unique: { api_key_secrets_public_id_key: ['public_id'] },
  }),
}

export interface ApiKeySecretsTable {
  key_id: string
  public_id: string
  secret_hash: string
  created_at: ColumnType<Date, Date | string | undefined, never>
  /** When this secret stops working (the previous secret after a rotation); null = with the key. */
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

export interface ApiKeySecret {
  keyId: string
  publicId: string
  /** `hashSecret(secret)`, never the secret. */
  secretHash: string
}

const secrets = (db: AnyDb): Kysely<{ api_key_secrets: ApiKeySecretsTable }> => db

export async function insertApiKeySecret(db: AnyDb, secret: ApiKeySecret): Promise<void> {
  await secrets(db)
    .insertInto('api_key_secrets')
    .values({ key_id: secret.keyId, public_id: secret.publicId, secret_hash: secret.secretHash })
    .execute()
}

export async function deleteApiKeySecret(db: AnyDb, keyId: string): Promise<void> {
  await secrets(db).deleteFrom('api_key_secrets').where('key_id', '=', keyId).execute()
}
