import { productAttributeSets, productAttributeValues } from '../../../../app/catalog/product-attribute/reads.js'
import { readProduct } from '../../../../app/catalog/product/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import { type GraphQLContext } from '../../shared/context.js'
import { productAttributeTypeDefs } from './schema.js'
import {
  productAttributeSetChange,
  productAttributesRemove,
  productAttributesSet,
} from '../../../../domain/catalog/product/attributes-definitions.js'
import { writeResolver, type WrittenEntity } from '../../shared/mutations.js'

type Batch = { obj: { id: string } }[]

const productIdsOf = (queries: Batch) => queries.map(({ obj }) => obj.id)

const writtenProduct: WrittenEntity = { field: 'product', read: (ctx, id) => readProduct(ctx, { id }) }

const resolvers: GraphQLSlice['resolvers'] = {
  Mutation: {
    productAttributesSet: writeResolver(productAttributesSet, writtenProduct),
    productAttributesRemove: writeResolver(productAttributesRemove, writtenProduct),
    productAttributeSetChange: writeResolver(productAttributeSetChange, writtenProduct),
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
