import type { AttributeFields } from '../../../domain/catalog/attribute/events.js'
import { ATTRIBUTE_LIST } from '../../../domain/catalog/attribute/list.js'
import { sortValues, type ListArgsOf } from '../../../domain/shared/list-spec.js'
import { listRunner } from '../../shared/list-runner.js'
import type { AttributeDb, AttributeRow } from './tables.js'
import { storeRecords } from '../../shared/store-records.js'
import type { EntityVersionRecord } from '../../shared/entity-table.js'

/** An attribute as the API serves it: its fields, id, revision and times. */
export interface AttributeRecord extends Omit<AttributeFields, 'attributeId'>, EntityVersionRecord {
  id: string
}

export type ListAttributesArgs = ListArgsOf<typeof ATTRIBUTE_LIST>
export const ATTRIBUTE_SORTS = sortValues(ATTRIBUTE_LIST)

const COLUMNS = [
  'id',
  'code',
  'name',
  'type',
  'options',
  'required',
  'filterable',
  'visible',
  'validation',
  'revision',
  'created_at',
  'updated_at',
] as const

const attributes = storeRecords({
  rows: (db: AttributeDb) => db.selectFrom('attributes').select(COLUMNS),
  key: ['code'],
  list: listRunner(ATTRIBUTE_LIST, { filters: { search: ['code', 'name'] } }),
  toRecord,
})

/**
 * One attribute of the store by id or code, or null; other stores' ids are simply not found.
 *
 * @example await findAttribute(db, storeId, { code: 'material' })
 */
export const findAttribute = attributes.find

/** The store's live attributes among `ids`, by id (deleted ones are missing). */
export async function attributesByIds(
  db: AttributeDb,
  storeId: string,
  ids: readonly string[],
): Promise<Map<string, AttributeRecord>> {
  const found = await attributes.byIds(db, storeId, ids)
  return new Map(found.flatMap((attribute) => (attribute ? [[attribute.id, attribute]] : [])))
}

/**
 * One page of the store's attributes, filtered and sorted, in page or cursor mode.
 *
 * @example await listAttributes(db, storeId, { first: 50, filter: { filterable: true, type: ['SELECT'] } })
 */
export const listAttributes = attributes.list

function toRecord(row: Pick<AttributeRow, (typeof COLUMNS)[number]>): AttributeRecord {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    type: row.type,
    options: row.options,
    required: row.required,
    filterable: row.filterable,
    visible: row.visible,
    validation: row.validation,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    revision: row.revision,
  }
}
