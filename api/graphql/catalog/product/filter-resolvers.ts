import { readProductFacets, type ProductFacetsArgs } from '../../../../app/catalog/product/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import { productFilterTypeDefs } from './filter-schema.js'

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    productFacets: (_root, args: ProductFacetsArgs, ctx) => readProductFacets(ctx, args),
  },
}

/** Catalog filters and sorts for `products`, and `productFacets`. */
export const productFilterSlice: GraphQLSlice = { typeDefs: productFilterTypeDefs, resolvers }
