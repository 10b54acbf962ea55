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
    sortedBy: ['path', 'target', 'created_at', 'updated_at'],
  },
)

export type UrlRedirectRow = Selectable<RowOf<typeof URL_REDIRECTS_TABLE>>
export type UrlRedirectDb = Kysely<DatabaseOf<typeof URL_REDIRECTS_TABLE>>
