import { sql, type ColumnType, type Kysely } from 'kysely'
import type { AnyDb } from '../../infra/database/database.js'
import type { Migrations } from '../../infra/database/migrate.js'
import type { ApiKeySecretsTable } from './secrets.js'
import type { Timestamp } from '../../projections/shared/table.js'

/*
 * Secrets of people, outside events (events are forever): password hashes (argon2id), and the
 * SHA-256 of session, password-reset and invitation tokens, which are random, so a fast hash is
 * enough. Like `api_key_secrets` these tables are not projections: they cannot be rebuilt from
 * the log, so they have migrations.
 */
export const accountMigrations: Migrations = {
  // Rotation keeps the previous secret working for a while: several secrets per key, each with its own end.
  '20261121_0300_api_key_secret_expiry': {
    async up(db) {
      await db.schema.alterTable('api_key_secrets').addColumn('expires_at', 'timestamptz').execute()
      await db.schema.alterTable('api_key_secrets').dropConstraint('api_key_secrets_pkey').execute()
      await db.schema.createIndex('api_key_secrets_key').on('api_key_secrets').column('key_id').execute()
    },
    async down(db) {
      await db.schema.dropIndex('api_key_secrets_key').execute()
      await db.schema
        .alterTable('api_key_secrets')
        .addPrimaryKeyConstraint('api_key_secrets_pkey', ['key_id'])
        .execute()
      await db.schema.alterTable('api_key_secrets').dropColumn('expires_at').execute()
    },
  },
  '20261121_0310_accounts': {
    async up(db) {
      await db.schema
        .createTable('user_passwords')
        .addColumn('user_id', 'uuid', (c) => c.primaryKey())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute()
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('organization_id', 'uuid', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute()
      await db.schema
        .createTable('password_reset_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('password_reset_tokens_user').on('password_reset_tokens').column('user_id').execute()
      await db.schema
        .createTable('member_invitations')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'uuid', (c) => c.notNull())
        .addColumn('member_id', 'uuid', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('member_invitations_member').on('member_invitations').column('member_id').execute()
    },
    async down(db) {
      for (const table of ['member_invitations', 'password_reset_tokens', 'sessions', 'user_passwords'])
        await db.schema.dropTable(table).execute()
    },
  },
  // When each credential was last used (see usage.ts); it was a column of the api_keys read model,
  // which a whole rebuild reset. The old values are not copied: the next use within a minute refills them.
  '20261125_0100_credential_usage': {
    async up(db) {
      await db.schema
        .createTable('credential_usage')
        .addColumn('credential_id', 'uuid', (c) => c.primaryKey())
        .addColumn('last_used_at', 'timestamptz', (c) => c.notNull())
        .execute()
    },
    async down(db) {
      await db.schema.dropTable('credential_usage').execute()
    },
  },
}

export interface AccountSecretTables {
  api_key_secrets: ApiKeySecretsTable
  user_passwords: {
    user_id: string
    password_hash: string
    updated_at: ColumnType<Date, Date | string | undefined, Date | string>
  }
  sessions: {
    id: string
    token_hash: string
    user_id: string
    organization_id: string
    created_at: Timestamp
    last_seen_at: Timestamp
    expires_at: Timestamp
  }
  password_reset_tokens: { token_hash: string; user_id: string; expires_at: Timestamp }
  member_invitations: {
    token_hash: string
    organization_id: string
    member_id: string
    email: string
    expires_at: Timestamp
  }
}

export const secretTables = (db: AnyDb): Kysely<AccountSecretTables> => db
