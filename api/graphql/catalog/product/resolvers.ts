import { listProducts, readProduct, type ListProductsArgs } from '../../../../app/catalog/product/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import { mutate } from '../../../../app/caller.js'
import { wantsTotal } from '../../shared/selection.js'
import { readProductAsOf } from './history-resolvers.js'
import { productTypeDefs } from './schema.js'
import { productCreate, productDelete, productUpdate } from '../../../../domain/catalog/product/definitions.js'

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    product: (_root, args: { id?: string; handle?: string; asOf?: Date | null }, ctx) =>
      args.asOf ? readProductAsOf(ctx, { ...args, asOf: args.asOf }) : readProduct(ctx, args),
    products: (_root, args: ListProductsArgs, ctx, info) => listProducts(ctx, args, { count: wantsTotal(info) }),
  },
  Mutation: {
    productCreate: async (_root, { input }: { input: unknown }, ctx) => {
      const { entityId, eventPosition } = await mutate(ctx, productCreate, input)
      return { product: await readProduct(ctx, { id: entityId }), eventPosition }
    },
    productUpdate: async (_root, { input }: { input: unknown }, ctx) => {
      const { entityId, eventPosition } = await mutate(ctx, productUpdate, input)
      return { product: await readProduct(ctx, { id: entityId }), eventPosition }
    },
    productDelete: async (_root, { input }: { input: unknown }, ctx) => {
      const { entityId, eventPosition } = await mutate(ctx, productDelete, input)
      return { deletedId: entityId, eventPosition }
    },
  },
}

export const productSlice: GraphQLSlice = { typeDefs: productTypeDefs, resolvers }
