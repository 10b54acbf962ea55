import type { Kysely, Selectable } from 'kysely'
import type { AttributeSetSection } from '../../../domain/catalog/attribute-set/events.js'
import { entityTable } from '../../shared/entity-table.js'
import { column, type DatabaseOf, type RowOf } from '../../shared/table.js'

/** One row per live attribute set; `sections` holds the layout (attribute ids in order). */
export const ATTRIBUTE_SETS_TABLE = entityTable(
  'attribute_sets',
  { name: column.text(), sections: column.jsonb<AttributeSetSection[]>() },
  {
    sortedBy: ['name', 'created_at', 'updated_at'],
  },
)

export type AttributeSetsTable = RowOf<typeof ATTRIBUTE_SETS_TABLE>
export type AttributeSetRow = Selectable<AttributeSetsTable>
export type AttributeSetDb = Kysely<DatabaseOf<typeof ATTRIBUTE_SETS_TABLE>>
