import { evolveAttribute, initialAttributeState } from '../../../domain/catalog/attribute/attribute.js'
import type { AttributeEvent } from '../../../domain/catalog/attribute/events.js'
import { attributeStream } from '../../../domain/catalog/attribute/streams.js'
import { DomainError, badInput } from '../../../domain/shared/errors.js'
import { isUuid } from '../../../domain/shared/ids.js'
import {
  ATTRIBUTE_SORTS,
  findAttribute,
  listAttributes as listAttributeRecords,
  type AttributeRecord,
  type ListAttributesArgs,
} from '../../../projections/catalog/attribute/queries.js'
import { readAsOf } from '../../../projections/shared/as-of.js'
import type { Caller } from '../../caller.js'
import { catalogStore } from '../product/reads.js'
import { toAttributeView, type AttributeView } from './view.js'
import { readByIdOr } from '../../shared/lookup.js'
import { viewLister } from '../../shared/store-reads.js'

export { ATTRIBUTE_SORTS }
export type { ListAttributesArgs }

export type AttributeLookup = { id?: string | null; code?: string | null; asOf?: Date | null }

/** One attribute by id, or null when the caller's store has none: a write's read-back. */
export async function findAttributeView(caller: Caller, id: string): Promise<AttributeView | null> {
  if (!caller.store) return null
  const attribute = await findAttribute(caller.platform.database.db, caller.store.id, { id })
  return attribute && toAttributeView(attribute)
}

/**
 * One attribute of the store by id, else by code, now or as it was at `asOf` (by id only);
 * NOT_FOUND when the store has none (another store's attribute included).
 *
 * @example await readAttribute(caller, { code: 'material' })
 */
export async function readAttribute(
  caller: Caller,
  lookup: AttributeLookup,
  what = 'attribute',
): Promise<AttributeView> {
  const storeId = catalogStore(caller)
  if (lookup.asOf) {
    if (!lookup.id) throw badInput(['id'], 'asOf reads an attribute by id: pass id')
    const past = await attributeAsOf(caller, storeId, lookup.id, lookup.asOf)
    if (!past)
      throw new DomainError(
        'NOT_FOUND',
        `attribute '${lookup.id}' did not exist in this store at ${lookup.asOf.toISOString()}`,
      )
    return toAttributeView(past)
  }
  const attribute = await readByIdOr(lookup, { noun: 'attribute', key: 'code', what }, (by) =>
    findAttribute(caller.platform.database.db, storeId, by),
  )
  return toAttributeView(attribute)
}

/** The attribute folded from its events up to `asOf`, shaped like a read-model record. */
async function attributeAsOf(
  caller: Caller,
  storeId: string,
  attributeId: string,
  asOf: Date,
): Promise<AttributeRecord | null> {
  if (!isUuid(attributeId)) return null
  const id = attributeId.toLowerCase()
  const fold = (events: readonly { type: string; data: Record<string, unknown> }[]) =>
    events.reduce(
      (state, e) => evolveAttribute(state, { type: e.type, data: e.data } as AttributeEvent),
      initialAttributeState(),
    )
  const found = await readAsOf(caller.platform.eventStore, attributeStream(storeId, id), asOf, fold)
  if (!found || found.state.kind !== 'existing') return null
  const { attributeId: _id, ...fields } = found.state.attribute
  return { ...fields, id, createdAt: found.createdAt, updatedAt: found.updatedAt, revision: found.revision }
}

/** One page of the store's attributes, filtered and sorted (API-CONVENTIONS.md "Lists"). */
export const listAttributes = viewLister(catalogStore, listAttributeRecords, toAttributeView)
