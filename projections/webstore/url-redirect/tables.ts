import type { ColumnType, Kysely, Selectable } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'

type Timestamp = ColumnType<Date, Date | string, Date | string>

/** One row per live URL redirect; deleted redirects are removed. */
export interface UrlRedirectsTable {
  store_id: string
  organization_id: string
  id: string
  /** Normalized storefront path, unique per store (the command path's reservation guarantees it). */
  path: string
  target: string
  /** Stream revision of the last event applied: later events only, so a replay cannot move a row back. */
  revision: number
  created_at: Timestamp
  updated_at: Timestamp
}

export interface UrlRedirectDatabase {
  url_redirects: UrlRedirectsTable
}

export type UrlRedirectRow = Selectable<UrlRedirectsTable>
export type UrlRedirectDb = Kysely<UrlRedirectDatabase>

export async function createUrlRedirectTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('url_redirects')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('organization_id', 'uuid', (c) => c.notNull())
    .addColumn('id', 'uuid', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('url_redirects_pkey', ['store_id', 'id'])
    .execute()
  // The storefront's lookup is by (store, path); chain collapse looks up by (store, target); lists sort per column.
  const indexes: [string, string[]][] = [
    ['url_redirects_store_path_idx', ['store_id', 'path', 'id']],
    ['url_redirects_store_target_idx', ['store_id', 'target', 'id']],
    ['url_redirects_store_created_idx', ['store_id', 'created_at', 'id']],
    ['url_redirects_store_updated_idx', ['store_id', 'updated_at', 'id']],
  ]
  for (const [name, columns] of indexes)
    await db.schema.createIndex(name).ifNotExists().on('url_redirects').columns(columns).execute()
}
