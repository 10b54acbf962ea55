import type { Kysely, Selectable } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
import { column, createTable, table, type DatabaseOf, type RowOf } from '../../shared/table.js'

/** One row per storefront token, revoked ones kept (listed as REVOKED). */
export const STOREFRONT_TOKENS_TABLE = table(
  'storefront_tokens',
  {
    store_id: column.uuid(),
    organization_id: column.uuid(),
    id: column.uuid(),
    name: column.text(),
    /** SHA-256 hex of the token: what a request's token is matched by. */
    token_hash: column.text(),
    last4: column.text(),
    status: column.text<'ACTIVE' | 'REVOKED'>(),
    created_at: column.timestamptz(),
    revoked_at: column.timestamptz().nullable(),
  },
  {
    primaryKey: ['store_id', 'id'],
    sortedBy: ['name', 'created_at'],
  },
)

export type StorefrontTokenRow = Selectable<RowOf<typeof STOREFRONT_TOKENS_TABLE>>
export type StorefrontTokenDb = Kysely<DatabaseOf<typeof STOREFRONT_TOKENS_TABLE>>

export async function createStorefrontTokenTables(db: AnyDb): Promise<void> {
  await createTable(db, STOREFRONT_TOKENS_TABLE)
  // Every storefront API request looks its token up by hash.
  await db.schema
    .createIndex('storefront_tokens_hash_idx')
    .ifNotExists()
    .unique()
    .on('storefront_tokens')
    .column('token_hash')
    .execute()
}
