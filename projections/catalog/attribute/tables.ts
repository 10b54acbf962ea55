import { sql, type Kysely, type Selectable } from 'kysely'
import type { AttributeOption, AttributeType, AttributeValidation } from '../../../domain/catalog/attribute/events.js'
import { entityTable } from '../../shared/entity-table.js'
import { column, type DatabaseOf, type RowOf } from '../../shared/table.js'

/** One row per live attribute of every store; deleted attributes are removed. */
export const ATTRIBUTES_TABLE = entityTable(
  'attributes',
  {
    code: column.text(),
    name: column.text(),
    type: column.text<AttributeType>(),
    options: column.jsonb<AttributeOption[]>().default(sql`'[]'::jsonb`),
    required: column.boolean(),
    filterable: column.boolean(),
    visible: column.boolean(),
    validation: column.jsonb<AttributeValidation>(),
  },
  {
    sortedBy: ['code', 'name', 'created_at', 'updated_at'],
  },
)

export type AttributesTable = RowOf<typeof ATTRIBUTES_TABLE>
export type AttributeRow = Selectable<AttributesTable>
export type AttributeDb = Kysely<DatabaseOf<typeof ATTRIBUTES_TABLE>>
