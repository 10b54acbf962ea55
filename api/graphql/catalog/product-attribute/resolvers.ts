import type { AnyCommandDefinition } from '../../../../domain/shared/command.js'
import { productAttributeSets, productAttributeValues } from '../../../../app/catalog/product-attribute/reads.js'
import { readProduct } from '../../../../app/catalog/product/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import { mutate } from '../../../../app/caller.js'
import { type GraphQLContext, type RequestContext } from '../../shared/context.js'
import { productAttributeTypeDefs } from './schema.js'
import {
  productAttributeSetChange,
  productAttributesRemove,
  productAttributesSet,
} from '../../../../domain/catalog/product/attributes-definitions.js'

type Batch = { obj: { id: string } }[]

const productIdsOf = (queries: Batch) => queries.map(({ obj }) => obj.id)

async function written(ctx: RequestContext, definition: AnyCommandDefinition, input: unknown) {
  const { entityId, eventPosition } = await mutate(ctx, definition, input)
  return { product: await readProduct(ctx, { id: entityId }), eventPosition }
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
    attributes: (queries: Batch, context) => productAttributeValues(context as GraphQLContext, productIdsOf(queries)),
    attributeSet: (queries: Batch, context) => productAttributeSets(context as GraphQLContext, productIdsOf(queries)),
  },
}

/** The attribute side of a product, kept apart from the product slice that other work changes. */
export const productAttributeSlice: GraphQLSlice = { typeDefs: productAttributeTypeDefs, resolvers, loaders }
