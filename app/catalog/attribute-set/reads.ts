import { attributesByIds } from '../../../projections/catalog/attribute/queries.js'
import {
  ATTRIBUTE_SET_SORTS,
  findAttributeSet,
  listAttributeSets as listAttributeSetRecords,
  type AttributeSetRecord,
  type ListAttributeSetsArgs,
} from '../../../projections/catalog/attribute-set/queries.js'
import type { Caller } from '../../caller.js'
import type { PaginateOptions } from '../../shared/connection.js'
import { toAttributeView, type AttributeView } from '../attribute/view.js'
import { catalogStore } from '../product/reads.js'
import { toAttributeSetView, type AttributeSetView } from './view.js'
import { orNotFound } from '../../shared/lookup.js'

export { ATTRIBUTE_SET_SORTS }
export type { ListAttributeSetsArgs }

/** A section of a set with its live attributes in display order, as GraphQL's `AttributeSetSection`. */
export interface AttributeSetSectionView {
  name: string
  /** Place of the section in the set, from 0. */
  position: number
  attributes: AttributeView[]
}

/** Sets as views, the attributes their sections name read in one query for them all. */
export async function attributeSetViews(
  caller: Caller,
  storeId: string,
  sets: readonly AttributeSetRecord[],
): Promise<AttributeSetView[]> {
  const ids = sets.flatMap((set) => set.sections.flatMap((section) => section.attributeIds))
  const attributes = await attributesByIds(caller.platform.database.db, storeId, ids)
  return sets.map((set) => toAttributeSetView(set, attributes))
}

/** One attribute set by id, or null when the caller's store has none: a write's read-back. */
export async function findAttributeSetView(caller: Caller, id: string): Promise<AttributeSetView | null> {
  if (!caller.store) return null
  const set = await findAttributeSet(caller.platform.database.db, caller.store.id, id)
  return set && (await attributeSetViews(caller, caller.store.id, [set]))[0]!
}

/** One attribute set of the store; NOT_FOUND when the store has none (another store's set included). */
export async function readAttributeSet(caller: Caller, id: string): Promise<AttributeSetView> {
  const storeId = catalogStore(caller)
  const set = await orNotFound(findAttributeSet(caller.platform.database.db, storeId, id), 'attribute set', id)
  return (await attributeSetViews(caller, storeId, [set]))[0]!
}

/** One page of the store's attribute sets, filtered and sorted (API-CONVENTIONS.md "Lists"). */
export async function listAttributeSets(caller: Caller, args: ListAttributeSetsArgs, options: PaginateOptions = {}) {
  const storeId = catalogStore(caller)
  const page = await listAttributeSetRecords(caller.platform.database.db, storeId, args, options)
  const nodes = await attributeSetViews(caller, storeId, page.nodes)
  return {
    ...page,
    nodes,
    edges: page.edges.map((edge, index) => ({ cursor: edge.cursor, node: nodes[index]! })),
  }
}

/**
 * The set's sections with their live attributes, read in one query: GraphQL's
 * `AttributeSet.sections`. The set is read again by id, since the view names attributes by code.
 */
export async function attributeSetSections(caller: Caller, set: { id: string }): Promise<AttributeSetSectionView[]> {
  const storeId = catalogStore(caller)
  const db = caller.platform.database.db
  const record = await findAttributeSet(db, storeId, set.id)
  if (!record) return []
  const attributes = await attributesByIds(
    db,
    storeId,
    record.sections.flatMap((section) => section.attributeIds),
  )
  return record.sections.map((section, position) => ({
    name: section.name,
    position,
    attributes: section.attributeIds.flatMap((id) => {
      const attribute = attributes.get(id)
      return attribute ? [toAttributeView(attribute)] : []
    }),
  }))
}
