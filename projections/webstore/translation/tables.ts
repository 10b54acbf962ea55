import type { Kysely, Selectable } from 'kysely'
import type { TranslatableResourceType } from '../../../domain/webstore/translation/events.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { createIndexes, type Timestamp } from '../../shared/entity-table.js'

/** One row per translated key of a resource in a locale; removed translations are deleted. */
export interface TranslationsTable {
  store_id: string
  resource_id: string
  resource_type: TranslatableResourceType
  locale: string
  key: string
  value: string
  /** Digest of the source text translated; differs from the current source's when outdated. */
  source_digest: string
  /** Stream revision of the registration: a replay cannot bring an older value back. */
  revision: number
  updated_at: Timestamp
}

export interface TranslationDatabase {
  translations: TranslationsTable
}

export type TranslationRow = Selectable<TranslationsTable>
export type TranslationDb = Kysely<TranslationDatabase>

export async function createTranslationTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('translations')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('resource_id', 'uuid', (c) => c.notNull())
    .addColumn('resource_type', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('source_digest', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    // Reads ask for the keys of many resources in one locale (the per-request loader).
    .addPrimaryKeyConstraint('translations_pkey', ['store_id', 'locale', 'resource_id', 'key'])
    .execute()
  await createIndexes(db, 'translations', { translations_resource_idx: ['store_id', 'resource_id'] })
}
