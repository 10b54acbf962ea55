import { type ColumnType, type Kysely, type Selectable } from 'kysely'
import type { AttributeSetSection } from '../../../domain/catalog/attribute-set/events.js'
import type { AnyDb } from '../../../infra/database/database.js'

type Timestamp = ColumnType<Date, Date | string, Date | string>

/** One row per live attribute set; `sections` holds the layout (attribute ids in order). */
export interface AttributeSetsTable {
  store_id: string
  organization_id: string
  id: string
  name: string
  sections: ColumnType<AttributeSetSection[], string, string>
  revision: number
  created_at: Timestamp
  updated_at: Timestamp
}

export interface AttributeSetDatabase {
  attribute_sets: AttributeSetsTable
}

export type AttributeSetRow = Selectable<AttributeSetsTable>
export type AttributeSetDb = Kysely<AttributeSetDatabase>

export async function createAttributeSetTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('attribute_sets')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('organization_id', 'uuid', (c) => c.notNull())
    .addColumn('id', 'uuid', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sections', 'jsonb', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('attribute_sets_pkey', ['store_id', 'id'])
    .execute()
  const indexes: [string, string[]][] = [
    ['attribute_sets_store_name_idx', ['store_id', 'name', 'id']],
    ['attribute_sets_store_created_idx', ['store_id', 'created_at', 'id']],
    ['attribute_sets_store_updated_idx', ['store_id', 'updated_at', 'id']],
  ]
  for (const [name, columns] of indexes)
    await db.schema.createIndex(name).ifNotExists().on('attribute_sets').columns(columns).execute()
}
