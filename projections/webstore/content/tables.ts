import type { Kysely, Selectable } from 'kysely'
import type { ContentField, FieldValue } from '../../../domain/webstore/content/fields.js'
import { entityTable } from '../../shared/entity-table.js'
import { column, type DatabaseOf, type RowOf } from '../../shared/table.js'

// Keyset pagination orders by (column, id) within a store (entries within a type).

/** One row per live content type. */
export const CONTENT_TYPES_TABLE = entityTable(
  'content_types',
  { handle: column.text(), name: column.text(), fields: column.jsonb<ContentField[]>() },
  {
    sortedBy: ['handle', 'created_at'],
  },
)

/** One row per live entry; entries of a deleted type stay here but are served only with their type. */
export const CONTENT_ENTRIES_TABLE = entityTable(
  'content_entries',
  { type_id: column.uuid(), handle: column.text(), fields: column.jsonb<Record<string, FieldValue>>() },
  {
    indexes: {
      content_entries_type_handle_idx: ['store_id', 'type_id', 'handle', 'id'],
      content_entries_type_created_idx: ['store_id', 'type_id', 'created_at', 'id'],
      content_entries_type_updated_idx: ['store_id', 'type_id', 'updated_at', 'id'],
    },
  },
)

export type ContentTypeRow = Selectable<RowOf<typeof CONTENT_TYPES_TABLE>>
export type ContentEntryRow = Selectable<RowOf<typeof CONTENT_ENTRIES_TABLE>>
export type ContentDb = Kysely<DatabaseOf<typeof CONTENT_TYPES_TABLE | typeof CONTENT_ENTRIES_TABLE>>
