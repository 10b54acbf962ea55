import { categoriesOfProducts } from '../../../../projections/catalog/category/queries.js'
import type { ProductRecord } from '../../../../projections/catalog/product/queries.js'
import type { GraphQLSlice } from '../../plugin.js'
import { requireScope, requireStore } from '../../../../app/caller.js'
import { type GraphQLContext } from '../../shared/context.js'

const typeDefs = /* GraphQL */ `
  extend type Product {
    "The categories the product is assigned to directly, by handle path."
    categories: [Category!]!
  }
`

/** `Product.categories` for every product of a response in one query. */
const loaders: GraphQLSlice['loaders'] = {
  Product: {
    categories: async (queries: { obj: ProductRecord }[], context) => {
      const ctx = context as GraphQLContext
      requireScope(ctx, 'products:read')
      return categoriesOfProducts(
        ctx.platform.database.db,
        requireStore(ctx).id,
        queries.map(({ obj }) => obj.id),
      )
    },
  },
}

/** The category side of a product, kept apart from the product slice that other work changes. */
export const productCategoriesSlice: GraphQLSlice = { typeDefs, resolvers: {}, loaders }
