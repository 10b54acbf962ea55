import type { AttributeOption, AttributeType, AttributeValidation } from '../../../domain/catalog/attribute/events.js'
import { ATTRIBUTE_LIST } from '../../../domain/catalog/attribute/list.js'
import { isUuid } from '../../../domain/shared/ids.js'
import { sortValues, type ListArgsOf } from '../../../domain/shared/list-spec.js'
import { listRunner } from '../../shared/list-runner.js'
import { mapConnection, type Connection, type PaginateOptions } from '../../shared/pagination.js'
import type { AttributeDb, AttributeRow } from './tables.js'
import { findInStore, inStore } from '../../shared/store-rows.js'

/** An attribute as the API serves it. */
export interface AttributeRecord {
  id: string
  code: string
  name: string
  type: AttributeType
  options: AttributeOption[]
  required: boolean
  filterable: boolean
  visible: boolean
  validation: AttributeValidation
  createdAt: Date
  updatedAt: Date
  revision: number
}

export type ListAttributesArgs = ListArgsOf<typeof ATTRIBUTE_LIST>
export const ATTRIBUTE_SORTS = sortValues(ATTRIBUTE_LIST)

const attributes = listRunner(ATTRIBUTE_LIST, {
  filters: {
    code: 'code',
    name: 'name',
    type: 'type',
    required: 'required',
    filterable: 'filterable',
    visible: 'visible',
    search: ['code', 'name'],
  },
  sorts: { CODE: 'code', NAME: 'name', CREATED_AT: 'created_at', UPDATED_AT: 'updated_at' },
})

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

/**
 * One attribute of the store by id or code, or null; other stores' ids are simply not found.
 *
 * @example await findAttribute(db, storeId, { code: 'material' })
 */
export async function findAttribute(
  db: AttributeDb,
  storeId: string,
  lookup: { id: string } | { code: string },
): Promise<AttributeRecord | null> {
  const row = await findInStore(db.selectFrom('attributes').select(COLUMNS), storeId, lookup)
  return row ? toRecord(row) : null
}

/** The store's live attributes among `ids`, by id (deleted ones are missing). */
export async function attributesByIds(
  db: AttributeDb,
  storeId: string,
  ids: readonly string[],
): Promise<Map<string, AttributeRecord>> {
  const wanted = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))]
  if (!isUuid(storeId) || wanted.length === 0) return new Map()
  const rows = await db
    .selectFrom('attributes')
    .select(COLUMNS)
    .where('store_id', '=', storeId)
    .where('id', 'in', wanted)
    .execute()
  return new Map(rows.map((row) => [row.id, toRecord(row)]))
}

/**
 * One page of the store's attributes, filtered and sorted, in page or cursor mode.
 *
 * @example await listAttributes(db, storeId, { first: 50, filter: { filterable: true, type: ['SELECT'] } })
 */
export async function listAttributes(
  db: AttributeDb,
  storeId: string,
  args: ListAttributesArgs = {},
  options: PaginateOptions = {},
): Promise<Connection<AttributeRecord>> {
  const query = db.selectFrom('attributes').select(COLUMNS).where(inStore(storeId))
  return mapConnection(await attributes.run(query, args, options), toRecord)
}

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
