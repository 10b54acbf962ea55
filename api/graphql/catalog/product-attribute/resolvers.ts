import type { AnyCommandDefinition } from '../../../../domain/shared/command.js'
import { displayValue } from '../../../../domain/catalog/attribute/values.js'
import { DomainError } from '../../../../domain/shared/errors.js'
import { attributesByIds } from '../../../../projections/catalog/attribute/queries.js'
import { findAttributeSet } from '../../../../projections/catalog/attribute-set/queries.js'
import {
  attributeSetIdsOfProducts,
  attributeValuesOfProducts,
} from '../../../../projections/catalog/product-attribute/queries.js'
import { findProduct, type ProductRecord } from '../../../../projections/catalog/product/queries.js'
import type { GraphQLSlice } from '../../plugin.js'
import { mutate, requireScope, requireStore } from '../../../../app/caller.js'
import { type GraphQLContext, type RequestContext } from '../../shared/context.js'
import { productAttributeTypeDefs } from './schema.js'
import {
  productAttributeSetChange,
  productAttributesRemove,
  productAttributesSet,
} from '../../../../domain/catalog/product/attributes-definitions.js'

type Batch = { obj: ProductRecord }[]

/**
 * `Product.attributes` for every product of a response: their values, the attributes they are
 * of, and their sets' layouts in a few queries, in set order then by code.
 */
async function attributesOf(queries: Batch, ctx: GraphQLContext) {
  requireScope(ctx, 'products:read')
  const db = ctx.platform.database.db
  const storeId = requireStore(ctx).id
  const productIds = queries.map(({ obj }) => obj.id)
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
          ? [{ attribute, code: value.code, value: value.value, displayValue: displayValue(attribute, value.value) }]
          : []
      })
      .sort((a, b) => rank(a.attribute.id) - rank(b.attribute.id) || a.code.localeCompare(b.code))
  })
}

async function setsOf(queries: Batch, ctx: GraphQLContext) {
  requireScope(ctx, 'products:read')
  const db = ctx.platform.database.db
  const storeId = requireStore(ctx).id
  const setIds = await attributeSetIdsOfProducts(
    db,
    storeId,
    queries.map(({ obj }) => obj.id),
  )
  return Promise.all(setIds.map((id) => (id ? findAttributeSet(db, storeId, id) : null)))
}

async function written(ctx: RequestContext, definition: AnyCommandDefinition, input: unknown) {
  const { entityId, eventPosition } = await mutate(ctx, definition, input)
  const product = await findProduct(ctx.platform.database.db, requireStore(ctx).id, { id: entityId })
  if (!product) throw new DomainError('NOT_FOUND', `product '${entityId}' does not exist in this store`)
  return { product, eventPosition }
}

const resolvers: GraphQLSlice['resolvers'] = {
  Mutation: {
    productAttributesSet: (_root, { input }: { input: unknown }, ctx) => written(ctx, productAttributesSet, input),
    productAttributesRemove: (_root, { input }: { input: unknown }, ctx) =>
      written(ctx, productAttributesRemove, input),
    productAttributeSetChange: (_root, { input }: { input: unknown }, ctx) =>
      written(ctx, productAttributeSetChange, input),
  },
}

const loaders: GraphQLSlice['loaders'] = {
  Product: {
    attributes: (queries: Batch, context) => attributesOf(queries, context as GraphQLContext),
    attributeSet: (queries: Batch, context) => setsOf(queries, context as GraphQLContext),
  },
}

/** The attribute side of a product, kept apart from the product slice that other work changes. */
export const productAttributeSlice: GraphQLSlice = { typeDefs: productAttributeTypeDefs, resolvers, loaders }
