import type { Kysely, Selectable } from 'kysely'
import { entityTable } from '../../shared/entity-table.js'
import { column, type DatabaseOf, type RowOf } from '../../shared/table.js'

/** One row per live URL redirect; deleted redirects are removed. */
export const URL_REDIRECTS_TABLE = entityTable(
  'url_redirects',
  {
    /** Normalized storefront path, unique per store (the command path's reservation guarantees it). */
    path: column.text(),
    target: column.text(),
  },
  {
    // The storefront's lookup is by (store, path); chain collapse looks up by (store, target); lists sort per column.
    indexes: {
      url_redirects_store_path_idx: ['store_id', 'path', 'id'],
      url_redirects_store_target_idx: ['store_id', 'target', 'id'],
      url_redirects_store_created_idx: ['store_id', 'created_at', 'id'],
      url_redirects_store_updated_idx: ['store_id', 'updated_at', 'id'],
    },
  },
)

export type UrlRedirectsTable = RowOf<typeof URL_REDIRECTS_TABLE>
export type UrlRedirectDatabase = DatabaseOf<typeof URL_REDIRECTS_TABLE>
export type UrlRedirectRow = Selectable<UrlRedirectsTable>
export type UrlRedirectDb = Kysely<UrlRedirectDatabase>
