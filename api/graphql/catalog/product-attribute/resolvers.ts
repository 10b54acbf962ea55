import { productAttributeSets, productAttributeValues } from '../../../../app/catalog/product-attribute/reads.js'
import { readProduct } from '../../../../app/catalog/product/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import { batchLoader, idOf } from '../../shared/loaders.js'
import { productAttributeTypeDefs } from './schema.js'
import {
  productAttributeSetChange,
  productAttributesRemove,
  productAttributesSet,
} from '../../../../domain/catalog/product/attributes-definitions.js'
import { mutationResolvers, type WrittenEntity } from '../../shared/mutations.js'

const writtenProduct: WrittenEntity = { field: 'product', read: (ctx, id) => readProduct(ctx, { id }) }

const resolvers: GraphQLSlice['resolvers'] = {
  Mutation: mutationResolvers(
    [productAttributesSet, productAttributesRemove, productAttributeSetChange],
    writtenProduct,
  ),
}

const loaders: GraphQLSlice['loaders'] = {
  Product: {
    attributes: batchLoader(idOf, productAttributeValues),
    attributeSet: batchLoader(idOf, productAttributeSets),
  },
}

/** The attribute side of a product, kept apart from the product slice that other work changes. */
export const productAttributeSlice: GraphQLSlice = { typeDefs: productAttributeTypeDefs, resolvers, loaders }
