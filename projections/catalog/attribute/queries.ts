import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import type { AttributeOption, AttributeType, AttributeValidation } from '../../../domain/catalog/attribute/events.js'
import { badInput } from '../../../domain/shared/errors.js'
import { isUuid } from '../../../domain/shared/ids.js'
import { combineFilter, inList, searchWords, stringConditions, type StringFilter } from '../../shared/filters.js'
import {
  paginate,
  sortOptions,
  type Connection,
  type ListArgs,
  type PaginateOptions,
  type SortSpec,
} from '../../shared/pagination.js'
import type { AttributeDatabase, AttributeDb, AttributeRow } from './tables.js'

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

export interface AttributeFilter {
  code?: StringFilter | null
  name?: StringFilter | null
  type?: readonly AttributeType[] | null
  required?: boolean | null
  filterable?: boolean | null
  visible?: boolean | null
  /** Words in the code or name, ignoring case. */
  search?: string | null
  and?: readonly AttributeFilter[] | null
  or?: readonly AttributeFilter[] | null
}

const SORTS = sortOptions({ CODE: 'code', NAME: 'name', CREATED_AT: 'created_at', UPDATED_AT: 'updated_at' })
export type AttributeSort = keyof typeof SORTS
export const ATTRIBUTE_SORTS = Object.keys(SORTS) as AttributeSort[]
export const DEFAULT_ATTRIBUTE_SORT: AttributeSort = 'CODE_ASC'

export interface ListAttributesArgs extends ListArgs {
  filter?: AttributeFilter | null
  sort?: AttributeSort | null
}

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
  if (!isUuid(storeId)) return null
  let query = db.selectFrom('attributes').select(COLUMNS).where('store_id', '=', storeId)
  if ('id' in lookup) {
    if (!isUuid(lookup.id)) return null
    query = query.where('id', '=', lookup.id.toLowerCase())
  } else {
    query = query.where('code', '=', lookup.code)
  }
  const row = await query.executeTakeFirst()
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
  const sortName = args.sort ?? DEFAULT_ATTRIBUTE_SORT
  const sort: SortSpec | undefined = SORTS[sortName]
  if (!sort) throw badInput(['sort'], `sort must be one of ${ATTRIBUTE_SORTS.join(', ')}; got '${sortName}'`)
  const query = db
    .selectFrom('attributes')
    .select(COLUMNS)
    .where((eb) => (isUuid(storeId) ? eb('store_id', '=', storeId) : sql<SqlBool>`false`))
    .where((eb) => combineFilter(eb, args.filter, conditions))
  const page = await paginate(query, args, sort, options)
  return {
    ...page,
    nodes: page.nodes.map(toRecord),
    edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: toRecord(edge.node) })),
  }
}

function conditions(
  eb: ExpressionBuilder<AttributeDatabase, 'attributes'>,
  filter: AttributeFilter,
): Expression<SqlBool>[] {
  const list = [...stringConditions(eb, 'code', filter.code), ...stringConditions(eb, 'name', filter.name)]
  if (filter.type != null) list.push(inList('type', filter.type))
  if (filter.required != null) list.push(eb('required', '=', filter.required))
  if (filter.filterable != null) list.push(eb('filterable', '=', filter.filterable))
  if (filter.visible != null) list.push(eb('visible', '=', filter.visible))
  for (const word of searchWords(filter.search)) {
    const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    list.push(eb.or([eb('code', 'ilike', like), eb('name', 'ilike', like)]))
  }
  return list
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
