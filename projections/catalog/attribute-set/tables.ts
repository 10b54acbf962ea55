import { type ColumnType, type Kysely, type Selectable } from 'kysely'
import type { AttributeSetSection } from '../../../domain/catalog/attribute-set/events.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { createIndexes, createEntityTable, type EntityColumns } from '../../shared/entity-table.js'

/** One row per live attribute set; `sections` holds the layout (attribute ids in order). */
export interface AttributeSetsTable extends EntityColumns {
  name: string
  sections: ColumnType<AttributeSetSection[], string, string>
}

export interface AttributeSetDatabase {
  attribute_sets: AttributeSetsTable
}

export type AttributeSetRow = Selectable<AttributeSetsTable>
export type AttributeSetDb = Kysely<AttributeSetDatabase>

export async function createAttributeSetTables(db: AnyDb): Promise<void> {
  await createEntityTable(db, 'attribute_sets', (table) =>
    table.addColumn('name', 'text', (c) => c.notNull()).addColumn('sections', 'jsonb', (c) => c.notNull()),
  )
  await createIndexes(db, 'attribute_sets', {
    attribute_sets_store_name_idx: ['store_id', 'name', 'id'],
    attribute_sets_store_created_idx: ['store_id', 'created_at', 'id'],
    attribute_sets_store_updated_idx: ['store_id', 'updated_at', 'id'],
  })
}
