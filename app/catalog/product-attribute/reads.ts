import { displayValue } from '../../../domain/catalog/attribute/values.js'
import type { AttributeValue } from '../../../domain/catalog/attribute/values.js'
import { attributesByIds } from '../../../projections/catalog/attribute/queries.js'
import { findAttributeSet } from '../../../projections/catalog/attribute-set/queries.js'
import {
  attributeSetIdsOfProducts,
  attributeValuesOfProducts,
} from '../../../projections/catalog/product-attribute/queries.js'
import type { Caller } from '../../caller.js'
import { attributeSetViews } from '../attribute-set/reads.js'
import type { AttributeSetView } from '../attribute-set/view.js'
import { toAttributeView, type AttributeView } from '../attribute/view.js'
import { catalogStore } from '../product/reads.js'

/** A product's value of one attribute, as GraphQL's `ProductAttributeValue`. */
export interface ProductAttributeValueView {
  attribute: AttributeView
  code: string
  value: AttributeValue
  /** The value as shoppers read it: option labels, the number with its unit … */
  displayValue: string
}

/**
 * The attribute values of each product (in the order of `productIds`), the attributes they are
 * of and their sets' layouts read in a few queries: in set order, then by code.
 */
export async function productAttributeValues(
  caller: Caller,
  productIds: readonly string[],
): Promise<ProductAttributeValueView[][]> {
  const storeId = catalogStore(caller)
  const db = caller.platform.database.db
  const [values, setIds] = await Promise.all([
    attributeValuesOfProducts(db, storeId, productIds),
    attributeSetIdsOfProducts(db, storeId, productIds),
  ])
  const attributes = await attributesByIds(
    db,
    storeId,
    values.flat().map((v) => v.attributeId),
  )
  const sets = new Map<string, string[]>()
  for (const setId of new Set(setIds.filter((id): id is string => id !== null))) {
    sets.set(setId, (await findAttributeSet(db, storeId, setId))?.sections.flatMap((s) => s.attributeIds) ?? [])
  }
  return values.map((list, index) => {
    const order = sets.get(setIds[index] ?? '') ?? []
    const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length)
    return list
      .flatMap((value) => {
        const attribute = attributes.get(value.attributeId)
        return attribute
          ? [
              {
                attribute: toAttributeView(attribute),
                code: value.code,
                value: value.value,
                displayValue: displayValue(attribute, value.value),
              },
            ]
          : []
      })
      .sort((a, b) => rank(a.attribute.id) - rank(b.attribute.id) || a.code.localeCompare(b.code))
  })
}

/** The attribute set of each product (in the order of `productIds`), null for a product in none. */
export async function productAttributeSets(
  caller: Caller,
  productIds: readonly string[],
): Promise<(AttributeSetView | null)[]> {
  const storeId = catalogStore(caller)
  const db = caller.platform.database.db
  const setIds = await attributeSetIdsOfProducts(db, storeId, productIds)
  const records = await Promise.all(setIds.map((id) => (id ? findAttributeSet(db, storeId, id) : null)))
  const views = await attributeSetViews(
    caller,
    storeId,
    records.filter((set) => set !== null),
  )
  const byId = new Map(views.map((view) => [view.id, view]))
  return records.map((set) => (set ? byId.get(set.id)! : null))
}
