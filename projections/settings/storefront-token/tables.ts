import type { ColumnType, Kysely, Selectable } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
import { createIndexes, type Timestamp } from '../../shared/entity-table.js'

/** One row per storefront token, revoked ones kept (listed as REVOKED). */
export interface StorefrontTokensTable {
  store_id: string
  organization_id: string
  id: string
  name: string
  /** SHA-256 hex of the token: what a request's token is matched by. */
  token_hash: string
  last4: string
  status: 'ACTIVE' | 'REVOKED'
  created_at: Timestamp
  revoked_at: ColumnType<Date | null, Date | string | null, Date | string | null>
}

export interface StorefrontTokenDatabase {
  storefront_tokens: StorefrontTokensTable
}

export type StorefrontTokenRow = Selectable<StorefrontTokensTable>
export type StorefrontTokenDb = Kysely<StorefrontTokenDatabase>

export async function createStorefrontTokenTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('storefront_tokens')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('organization_id', 'uuid', (c) => c.notNull())
    .addColumn('id', 'uuid', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addPrimaryKeyConstraint('storefront_tokens_pkey', ['store_id', 'id'])
    .execute()
  // Every storefront API request looks its token up by hash.
  await db.schema
    .createIndex('storefront_tokens_hash_idx')
    .ifNotExists()
    .unique()
    .on('storefront_tokens')
    .column('token_hash')
    .execute()
  await createIndexes(db, 'storefront_tokens', {
    storefront_tokens_store_name_idx: ['store_id', 'name', 'id'],
    storefront_tokens_store_created_idx: ['store_id', 'created_at', 'id'],
  })
}
