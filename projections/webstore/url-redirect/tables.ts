import type { Kysely, Selectable } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
import { createIndexes, createEntityTable, type EntityColumns } from '../../shared/entity-table.js'

/** One row per live URL redirect; deleted redirects are removed. */
export interface UrlRedirectsTable extends EntityColumns {
  /** Normalized storefront path, unique per store (the command path's reservation guarantees it). */
  path: string
  target: string
}

export interface UrlRedirectDatabase {
  url_redirects: UrlRedirectsTable
}

export type UrlRedirectRow = Selectable<UrlRedirectsTable>
export type UrlRedirectDb = Kysely<UrlRedirectDatabase>

export async function createUrlRedirectTables(db: AnyDb): Promise<void> {
  await createEntityTable(db, 'url_redirects', (table) =>
    table.addColumn('path', 'text', (c) => c.notNull()).addColumn('target', 'text', (c) => c.notNull()),
  )
  // The storefront's lookup is by (store, path); chain collapse looks up by (store, target); lists sort per column.
  await createIndexes(db, 'url_redirects', {
    url_redirects_store_path_idx: ['store_id', 'path', 'id'],
    url_redirects_store_target_idx: ['store_id', 'target', 'id'],
    url_redirects_store_created_idx: ['store_id', 'created_at', 'id'],
    url_redirects_store_updated_idx: ['store_id', 'updated_at', 'id'],
  })
}
