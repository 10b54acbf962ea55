import { sql, type ColumnType, type Kysely, type Selectable } from 'kysely'
import type { AttributeOption, AttributeType, AttributeValidation } from '../../../domain/catalog/attribute/events.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { createIndexes, createEntityTable, type EntityColumns } from '../../shared/entity-table.js'

/** Written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string, string>

/** One row per live attribute of every store; deleted attributes are removed. */
export interface AttributesTable extends EntityColumns {
  code: string
  name: string
  type: AttributeType
  options: Json<AttributeOption[]>
  required: boolean
  filterable: boolean
  visible: boolean
  validation: Json<AttributeValidation>
}

export interface AttributeDatabase {
  attributes: AttributesTable
}

export type AttributeRow = Selectable<AttributesTable>
export type AttributeDb = Kysely<AttributeDatabase>

export async function createAttributeTables(db: AnyDb): Promise<void> {
  await createEntityTable(db, 'attributes', (table) =>
    table
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('options', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('required', 'boolean', (c) => c.notNull())
      .addColumn('filterable', 'boolean', (c) => c.notNull())
      .addColumn('visible', 'boolean', (c) => c.notNull())
      .addColumn('validation', 'jsonb', (c) => c.notNull()),
  )
  // Keyset pagination orders by (column, id) within a store: one index per sort column.
  await createIndexes(db, 'attributes', {
    attributes_store_code_idx: ['store_id', 'code', 'id'],
    attributes_store_name_idx: ['store_id', 'name', 'id'],
    attributes_store_created_idx: ['store_id', 'created_at', 'id'],
    attributes_store_updated_idx: ['store_id', 'updated_at', 'id'],
  })
}
