import type { ColumnType, Kysely, Selectable } from 'kysely'
import type { ContentField, FieldValue } from '../../../domain/webstore/content/fields.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { createIndexes, createEntityTable, type EntityColumns } from '../../shared/entity-table.js'

/** One row per live content type. */
export interface ContentTypesTable extends EntityColumns {
  handle: string
  name: string
  fields: ColumnType<ContentField[], string, string>
}

/** One row per live entry; entries of a deleted type stay here but are served only with their type. */
export interface ContentEntriesTable extends EntityColumns {
  type_id: string
  handle: string
  fields: ColumnType<Record<string, FieldValue>, string, string>
}

export interface ContentDatabase {
  content_types: ContentTypesTable
  content_entries: ContentEntriesTable
}

export type ContentTypeRow = Selectable<ContentTypesTable>
export type ContentEntryRow = Selectable<ContentEntriesTable>
export type ContentDb = Kysely<ContentDatabase>

export async function createContentTables(db: AnyDb): Promise<void> {
  await createEntityTable(db, 'content_types', (table) =>
    table
      .addColumn('handle', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('fields', 'jsonb', (c) => c.notNull()),
  )
  await createEntityTable(db, 'content_entries', (table) =>
    table
      .addColumn('type_id', 'uuid', (c) => c.notNull())
      .addColumn('handle', 'text', (c) => c.notNull())
      .addColumn('fields', 'jsonb', (c) => c.notNull()),
  )
  // Keyset pagination orders by (column, id) within a store (entries within a type).
  await createIndexes(db, 'content_types', {
    content_types_store_handle_idx: ['store_id', 'handle', 'id'],
    content_types_store_created_idx: ['store_id', 'created_at', 'id'],
  })
  await createIndexes(db, 'content_entries', {
    content_entries_type_handle_idx: ['store_id', 'type_id', 'handle', 'id'],
    content_entries_type_created_idx: ['store_id', 'type_id', 'created_at', 'id'],
    content_entries_type_updated_idx: ['store_id', 'type_id', 'updated_at', 'id'],
  })
}
