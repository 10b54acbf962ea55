import { sql, type Kysely, type Selectable } from 'kysely'
import type { AnyDb } from '../../infra/database/database.js'
import type { Migrations } from '../../infra/database/migrate.js'
import type { ApiKeySecretsTable } from './secrets.js'
import { column, table, type DatabaseOf } from '../../projections/shared/table.js'
import { createTablesMigration } from '../shared/operational-tables.js'
import { hashToken } from './tokens.js'
import { CREDENTIAL_USAGE_TABLE } from './usage.js'

/*
 * Secrets of people, outside events (events are forever): password hashes (argon2id), and the
 * SHA-256 of session, password-reset and invitation tokens, which are random, so a fast hash is
 * enough. Like `api_key_secrets` these tables are not projections: they cannot be rebuilt from
 * the log, so they have migrations.
 */
const USER_PASSWORDS_TABLE = table(
  'user_passwords',
  {
    user_id: column.uuid(),
    password_hash: column.text(),
    updated_at: column.timestamptz().default(sql`now()`),
  },
  { primaryKey: ['user_id'] },
)

const SESSIONS_TABLE = {
  ...table(
    'sessions',
    {
      id: column.uuid(),
      token_hash: column.text(),
      user_id: column.uuid(),
      organization_id: column.uuid(),
      created_at: column.timestamptz(),
      last_seen_at: column.timestamptz(),
      expires_at: column.timestamptz(),
    },
    { primaryKey: ['id'], indexes: { sessions_user: ['user_id'] } },
  ),
  unique: { sessions_token_hash_key: ['token_hash'] },
}

const PASSWORD_RESET_TOKENS_TABLE = table(
  'password_reset_tokens',
  { token_hash: column.text(), user_id: column.uuid(), expires_at: column.timestamptz() },
  { primaryKey: ['token_hash'], indexes: { password_reset_tokens_user: ['user_id'] } },
)

const MEMBER_INVITATIONS_TABLE = table(
  'member_invitations',
  {
    token_hash: column.text(),
    organization_id: column.uuid(),
    member_id: column.uuid(),
    email: column.text(),
    expires_at: column.timestamptz(),
  },
  { primaryKey: ['token_hash'], indexes: { member_invitations_member: ['member_id'] } },
)

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
  '20261121_0310_accounts': createTablesMigration(
    USER_PASSWORDS_TABLE,
    SESSIONS_TABLE,
    PASSWORD_RESET_TOKENS_TABLE,
    MEMBER_INVITATIONS_TABLE,
  ),
  // When each credential was last used (see usage.ts); it was a column of the api_keys read model,
  // which a whole rebuild reset. The old values are not copied: the next use within a minute refills them.
  '20261125_0100_credential_usage': createTablesMigration(CREDENTIAL_USAGE_TABLE),
}

export type AccountSecretTables = { api_key_secrets: ApiKeySecretsTable } & DatabaseOf<
  | typeof USER_PASSWORDS_TABLE
  | typeof SESSIONS_TABLE
  | typeof PASSWORD_RESET_TOKENS_TABLE
  | typeof MEMBER_INVITATIONS_TABLE
>

export const secretTables = (db: AnyDb): Kysely<AccountSecretTables> => db

/** The person's password hash, undefined when they have none: what `verifyPassword` checks against. */
export async function storedPasswordHash(db: AnyDb, userId: string): Promise<string | undefined> {
  const row = await secretTables(db)
    .selectFrom('user_passwords')
    .select('password_hash')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row?.password_hash
}

type MailedTokenTable = 'password_reset_tokens' | 'member_invitations'

/**
 * The row of a mailed token (password reset, invitation) while it still works: undefined for an
 * unknown, used or expired token alike, so the answer does not tell them apart.
 *
 * @example const invitation = await liveTokenRow(db, 'member_invitations', input.token, meta.now)
 */
export function liveTokenRow<T extends MailedTokenTable>(
  db: AnyDb,
  table: T,
  token: string,
  now: Date,
): Promise<Selectable<AccountSecretTables[T]> | undefined>
export function liveTokenRow(db: AnyDb, table: MailedTokenTable, token: string, now: Date) {
  return secretTables(db)
    .selectFrom(table)
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', now)
    .executeTakeFirst()
}
