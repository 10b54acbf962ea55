import { listProducts, readProduct } from '../../../../app/catalog/product/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import { listResolver } from '../../shared/query-resolvers.js'
import { readProductAsOf } from './history-resolvers.js'
import { productTypeDefs } from './schema.js'
import { productCreate, productDelete, productUpdate } from '../../../../domain/catalog/product/definitions.js'
import { mutationResolvers, type WrittenEntity } from '../../shared/mutations.js'

const writtenProduct: WrittenEntity = { field: 'product', read: (ctx, id) => readProduct(ctx, { id }) }

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    product: (_root, args: { id?: string; handle?: string; asOf?: Date | null }, ctx) =>
      args.asOf ? readProductAsOf(ctx, { ...args, asOf: args.asOf }) : readProduct(ctx, args),
    products: listResolver(listProducts),
  },
  Mutation: mutationResolvers([productCreate, productUpdate, productDelete], writtenProduct),
}

export const productSlice: GraphQLSlice = { typeDefs: productTypeDefs, resolvers }
