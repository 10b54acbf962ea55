import type { Kysely, Selectable } from 'kysely'
import type { AttributeSetSection } from '../../../domain/catalog/attribute-set/events.js'
import { entityTable } from '../../shared/entity-table.js'
import { column, type DatabaseOf, type RowOf } from '../../shared/table.js'

/** One row per live attribute set; `sections` holds the layout (attribute ids in order). */
export const ATTRIBUTE_SETS_TABLE = entityTable(
  'attribute_sets',
  { name: column.text(), sections: column.jsonb<AttributeSetSection[]>() },
  {
    indexes: {
      attribute_sets_store_name_idx: ['store_id', 'name', 'id'],
      attribute_sets_store_created_idx: ['store_id', 'created_at', 'id'],
      attribute_sets_store_updated_idx: ['store_id', 'updated_at', 'id'],
    },
  },
)

export type AttributeSetsTable = RowOf<typeof ATTRIBUTE_SETS_TABLE>
export type AttributeSetDatabase = DatabaseOf<typeof ATTRIBUTE_SETS_TABLE>
export type AttributeSetRow = Selectable<AttributeSetsTable>
export type AttributeSetDb = Kysely<AttributeSetDatabase>
