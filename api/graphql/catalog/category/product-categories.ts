import { categoriesOfProducts } from '../../../../app/catalog/category/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import { batchLoader, idOf } from '../../shared/loaders.js'

const typeDefs = /* GraphQL */ `
  extend type Product {
    "The categories the product is assigned to directly, by handle path."
    categories: [Category!]!
  }
`

/** `Product.categories` for every product of a response in one query. */
const loaders: GraphQLSlice['loaders'] = {
  Product: {
    categories: batchLoader(idOf, categoriesOfProducts),
  },
}

/** The category side of a product, kept apart from the product slice that other work changes. */
export const productCategoriesSlice: GraphQLSlice = { typeDefs, resolvers: {}, loaders }
