import { productCreate, productDelete, productUpdate } from '../../../../domain/catalog/product/definitions.js'
import { DomainError, badInput, notFound } from '../../../../domain/shared/errors.js'
import {
  findProduct,
  listProducts,
  type ListProductsArgs,
  type ProductRecord,
} from '../../../../projections/catalog/product/queries.js'
import type { GraphQLSlice } from '../../plugin.js'
import { mutate, requireScope, requireStore } from '../../../../app/caller.js'
import { type RequestContext } from '../../shared/context.js'
import { wantsTotal } from '../../shared/selection.js'
import { readProductAsOf } from './history-resolvers.js'
import { productTypeDefs } from './schema.js'

async function readProduct(
  ctx: RequestContext,
  lookup: { id?: string | null; handle?: string | null },
): Promise<ProductRecord> {
  requireScope(ctx, 'products:read')
  const store = requireStore(ctx)
  const db = ctx.platform.database.db
  if (lookup.id) {
    const product = await findProduct(db, store.id, { id: lookup.id })
    if (!product) throw notFound('product', lookup.id)
    return product
  }
  if (lookup.handle) {
    const product = await findProduct(db, store.id, { handle: lookup.handle })
    if (!product) throw new DomainError('NOT_FOUND', `no product with handle '${lookup.handle}' in this store`)
    return product
  }
  throw badInput(['id'], 'product needs an id or a handle')
}

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    product: (_root, args: { id?: string; handle?: string; asOf?: Date | null }, ctx) =>
      args.asOf ? readProductAsOf(ctx, { ...args, asOf: args.asOf }) : readProduct(ctx, args),
    products: (_root, args: ListProductsArgs, ctx, info) => {
      requireScope(ctx, 'products:read')
      return listProducts(ctx.platform.database.db, requireStore(ctx).id, args, { count: wantsTotal(info) })
    },
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
