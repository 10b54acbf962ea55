import { productFacets, type ProductFacetsArgs } from '../../../../projections/catalog/product/facets.js'
import type { GraphQLSlice } from '../../plugin.js'
import { requireScope, requireStore } from '../../../../app/caller.js'
import { productFilterTypeDefs } from './filter-schema.js'

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    productFacets: (_root, args: ProductFacetsArgs, ctx) => {
      requireScope(ctx, 'products:read')
      return productFacets(ctx.platform.database.db, requireStore(ctx).id, args)
    },
  },
}

/** Catalog filters and sorts for `products`, and `productFacets`. */
export const productFilterSlice: GraphQLSlice = { typeDefs: productFilterTypeDefs, resolvers }
