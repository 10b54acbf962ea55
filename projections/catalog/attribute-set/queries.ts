import { sql, type SqlBool } from 'kysely'
import type { AttributeSetFields } from '../../../domain/catalog/attribute-set/events.js'
import { ATTRIBUTE_SET_LIST } from '../../../domain/catalog/attribute-set/list.js'
import { sortValues, type ListArgsOf } from '../../../domain/shared/list-spec.js'
import { listRunner } from '../../shared/list-runner.js'
import type { AttributeSetDb, AttributeSetRow } from './tables.js'
import { storeRecords } from '../../shared/store-records.js'
import type { EntityVersionRecord } from '../../shared/entity-table.js'

/** An attribute set as the API serves it; sections name attribute ids, resolved by the API. */
export interface AttributeSetRecord extends Omit<AttributeSetFields, 'attributeSetId'>, EntityVersionRecord {
  id: string
}

export type ListAttributeSetsArgs = ListArgsOf<typeof ATTRIBUTE_SET_LIST>
export const ATTRIBUTE_SET_SORTS = sortValues(ATTRIBUTE_SET_LIST)

const COLUMNS = ['id', 'name', 'sections', 'revision', 'created_at', 'updated_at'] as const

const attributeSets = storeRecords({
  rows: (db: AttributeSetDb) => db.selectFrom('attribute_sets').select(COLUMNS),
  list: listRunner(ATTRIBUTE_SET_LIST, {
    filters: {
      // A set's sections name attribute ids in JSON: the set holds the attribute when one section lists it.
      attributeId: (_eb, id) =>
        sql<SqlBool>`exists (select 1 from jsonb_array_elements(sections) s where s->'attributeIds' ? ${id.toLowerCase()})`,
    },
  }),
  toRecord,
})

/** One attribute set of the store, or null. */
export const findAttributeSet = attributeSets.findById

/**
 * One page of the store's attribute sets.
 *
 * @example await listAttributeSets(db, storeId, { limit: 10, sort: 'NAME_ASC' })
 */
export const listAttributeSets = attributeSets.list

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
