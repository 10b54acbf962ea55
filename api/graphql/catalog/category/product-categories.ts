import { categoriesOfProducts } from '../../../../app/catalog/category/reads.js'
import type { ProductView } from '../../../../app/catalog/product/view.js'
import type { GraphQLSlice } from '../../plugin.js'
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
    categories: (queries: { obj: ProductView }[], context) =>
      categoriesOfProducts(
        context as GraphQLContext,
        queries.map(({ obj }) => obj.id),
      ),
  },
}

/** The category side of a product, kept apart from the product slice that other work changes. */
export const productCategoriesSlice: GraphQLSlice = { typeDefs, resolvers: {}, loaders }
