import type { Kysely } from 'kysely'
import type { TranslatableResourceType } from '../../../domain/webstore/translation/events.js'
import { column, table, type DatabaseOf } from '../../shared/table.js'

/** One row per translated key of a resource in a locale; removed translations are deleted. */
export const TRANSLATIONS_TABLE = table(
  'translations',
  {
    store_id: column.uuid(),
    resource_id: column.uuid(),
    resource_type: column.text<TranslatableResourceType>(),
    locale: column.text(),
    key: column.text(),
    value: column.text(),
    /** Digest of the source text translated; differs from the current source's when outdated. */
    source_digest: column.text(),
    /** Stream revision of the registration: a replay cannot bring an older value back. */
    revision: column.integer(),
    updated_at: column.timestamptz(),
  },
  {
    // Reads ask for the keys of many resources in one locale (the per-request loader).
    primaryKey: ['store_id', 'locale', 'resource_id', 'key'],
    indexes: { translations_resource_idx: ['store_id', 'resource_id'] },
  },
)

export type TranslationDb = Kysely<DatabaseOf<typeof TRANSLATIONS_TABLE>>
