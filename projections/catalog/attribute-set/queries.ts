import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import type { AttributeSetSection } from '../../../domain/catalog/attribute-set/events.js'
import { badInput } from '../../../domain/shared/errors.js'
import { isUuid } from '../../../domain/shared/ids.js'
import { combineFilter, stringConditions, type StringFilter } from '../../shared/filters.js'
import {
  paginate,
  sortOptions,
  type Connection,
  type ListArgs,
  type PaginateOptions,
  type SortSpec,
} from '../../shared/pagination.js'
import type { AttributeSetDatabase, AttributeSetDb, AttributeSetRow } from './tables.js'

/** An attribute set as the API serves it; sections name attribute ids, resolved by the API. */
export interface AttributeSetRecord {
  id: string
  name: string
  sections: AttributeSetSection[]
  createdAt: Date
  updatedAt: Date
  revision: number
}

export interface AttributeSetFilter {
  name?: StringFilter | null
  /** Sets holding the attribute with this id. */
  attributeId?: string | null
  and?: readonly AttributeSetFilter[] | null
  or?: readonly AttributeSetFilter[] | null
}

const SORTS = sortOptions({ NAME: 'name', CREATED_AT: 'created_at', UPDATED_AT: 'updated_at' })
export type AttributeSetSort = keyof typeof SORTS
export const ATTRIBUTE_SET_SORTS = Object.keys(SORTS) as AttributeSetSort[]

export interface ListAttributeSetsArgs extends ListArgs {
  filter?: AttributeSetFilter | null
  sort?: AttributeSetSort | null
}

const COLUMNS = ['id', 'name', 'sections', 'revision', 'created_at', 'updated_at'] as const

/** One attribute set of the store, or null. */
export async function findAttributeSet(
  db: AttributeSetDb,
  storeId: string,
  id: string,
): Promise<AttributeSetRecord | null> {
  if (!isUuid(storeId) || !isUuid(id)) return null
  const row = await db
    .selectFrom('attribute_sets')
    .select(COLUMNS)
    .where('store_id', '=', storeId)
    .where('id', '=', id.toLowerCase())
    .executeTakeFirst()
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
  const sortName = args.sort ?? 'NAME_ASC'
  const sort: SortSpec | undefined = SORTS[sortName]
  if (!sort) throw badInput(['sort'], `sort must be one of ${ATTRIBUTE_SET_SORTS.join(', ')}; got '${sortName}'`)
  const query = db
    .selectFrom('attribute_sets')
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
  eb: ExpressionBuilder<AttributeSetDatabase, 'attribute_sets'>,
  filter: AttributeSetFilter,
): Expression<SqlBool>[] {
  const list = stringConditions(eb, 'name', filter.name)
  if (filter.attributeId != null) {
    const id = filter.attributeId.toLowerCase()
    list.push(sql<SqlBool>`exists (select 1 from jsonb_array_elements(sections) s where s->'attributeIds' ? ${id})`)
  }
  return list
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
