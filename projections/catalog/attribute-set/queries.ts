import { sql, type SqlBool } from 'kysely'
import type { AttributeSetSection } from '../../../domain/catalog/attribute-set/events.js'
import { ATTRIBUTE_SET_LIST } from '../../../domain/catalog/attribute-set/list.js'
import { sortValues, type ListArgsOf } from '../../../domain/shared/list-spec.js'
import { listRunner } from '../../shared/list-runner.js'
import { mapConnection, type Connection, type PaginateOptions } from '../../shared/pagination.js'
import type { AttributeSetDb, AttributeSetRow } from './tables.js'
import { findInStore, inStore } from '../../shared/store-rows.js'

/** An attribute set as the API serves it; sections name attribute ids, resolved by the API. */
export interface AttributeSetRecord {
  id: string
  name: string
  sections: AttributeSetSection[]
  createdAt: Date
  updatedAt: Date
  revision: number
}

export type ListAttributeSetsArgs = ListArgsOf<typeof ATTRIBUTE_SET_LIST>
export const ATTRIBUTE_SET_SORTS = sortValues(ATTRIBUTE_SET_LIST)

const attributeSets = listRunner(ATTRIBUTE_SET_LIST, {
  filters: {
    name: 'name',
    // A set's sections name attribute ids in JSON: the set holds the attribute when one section lists it.
    attributeId: (_eb, id) =>
      sql<SqlBool>`exists (select 1 from jsonb_array_elements(sections) s where s->'attributeIds' ? ${id.toLowerCase()})`,
  },
  sorts: { NAME: 'name', CREATED_AT: 'created_at', UPDATED_AT: 'updated_at' },
})

const COLUMNS = ['id', 'name', 'sections', 'revision', 'created_at', 'updated_at'] as const

/** One attribute set of the store, or null. */
export async function findAttributeSet(
  db: AttributeSetDb,
  storeId: string,
  id: string,
): Promise<AttributeSetRecord | null> {
  const row = await findInStore(db.selectFrom('attribute_sets').select(COLUMNS), storeId, { id })
  return row ? toRecord(row) : null
}

/**
 * One page of the store's attribute sets.
 *
 * @example await listAttributeSets(db, storeId, { limit: 10, sort: 'NAME_ASC' })
 */
export async function listAttributeSets(
  db: AttributeSetDb,
  storeId: string,
  args: ListAttributeSetsArgs = {},
  options: PaginateOptions = {},
): Promise<Connection<AttributeSetRecord>> {
  const query = db.selectFrom('attribute_sets').select(COLUMNS).where(inStore(storeId))
  return mapConnection(await attributeSets.run(query, args, options), toRecord)
}

function toRecord(row: Pick<AttributeSetRow, (typeof COLUMNS)[number]>): AttributeSetRecord {
  return {
    id: row.id,
    name: row.name,
    sections: row.sections,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    revision: row.revision,
  }
}
