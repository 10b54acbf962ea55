import type { AnyCommandDefinition } from '../../../../domain/shared/command.js'
import { DomainError, badInput } from '../../../../domain/shared/errors.js'
import { COLLECTION_CATEGORY } from '../../../../domain/webstore/collection/streams.js'
import { readEntityHistory } from '../../../../projections/audit/log/history.js'
import type { ListProductsArgs, ProductRecord } from '../../../../projections/catalog/product/queries.js'
import { findMedia } from '../../../../projections/media/queries.js'
import {
  collectionProducts,
  collectionsOfProducts,
  findCollection,
  listCollections,
  productCountsOfCollections,
  type CollectionRecord,
  type ListCollectionsArgs,
} from '../../../../projections/webstore/collection/queries.js'
import type { GraphQLSlice } from '../../plugin.js'
import { mutate, requireScope, requireStore } from '../../../../app/caller.js'
import { type GraphQLContext, type RequestContext } from '../../shared/context.js'
import { wantsTotal } from '../../shared/selection.js'
import { collectionTypeDefs } from './schema.js'
import {
  collectionCreate,
  collectionDelete,
  collectionProductsAdd,
  collectionProductsRemove,
  collectionProductsReorder,
  collectionUpdate,
} from '../../../../domain/webstore/collection/definitions.js'

/** The selected store's id, once the credential may read web store content. */
function readableStore(ctx: RequestContext): string {
  requireScope(ctx, 'webstore:read')
  return requireStore(ctx).id
}

/** One collection by id or handle; NOT_FOUND when there is none (another store's included). */
async function readCollection(
  ctx: RequestContext,
  args: { id?: string | null; handle?: string | null },
): Promise<CollectionRecord> {
  const storeId = readableStore(ctx)
  const lookup = args.id ? { id: args.id } : args.handle ? { handle: args.handle } : null
  if (!lookup) throw badInput(['id'], 'collection needs an id or a handle')
  const collection = await findCollection(ctx.platform.database.db, storeId, lookup)
  if (collection) return collection
  throw new DomainError(
    'NOT_FOUND',
    'id' in lookup
      ? `collection '${lookup.id}' does not exist in this store`
      : `no collection with handle '${lookup.handle}' in this store`,
  )
}

async function written(ctx: RequestContext, definition: AnyCommandDefinition, input: unknown) {
  const { entityId, eventPosition } = await mutate(ctx, definition, input)
  return { collection: await readCollection(ctx, { id: entityId }), eventPosition }
}

const resolvers: GraphQLSlice['resolvers'] = {
  Collection: {
    products: (collection: CollectionRecord, args: ListProductsArgs, ctx, info) =>
      collectionProducts(ctx.platform.database.db, readableStore(ctx), collection, args, { count: wantsTotal(info) }),
    history: (collection: CollectionRecord, args: { first?: number | null; after?: string | null }, ctx, info) =>
      readEntityHistory(
        ctx.platform.database.db,
        readableStore(ctx),
        { entityType: COLLECTION_CATEGORY, entityId: collection.id },
        args,
        { count: wantsTotal(info) },
      ),
  },
  Query: {
    collection: (_root, args: { id?: string | null; handle?: string | null }, ctx) => readCollection(ctx, args),
    collections: (_root, args: ListCollectionsArgs, ctx, info) =>
      listCollections(ctx.platform.database.db, readableStore(ctx), args, { count: wantsTotal(info) }),
  },
  Mutation: {
    collectionCreate: (_root, { input }: { input: unknown }, ctx) => written(ctx, collectionCreate, input),
    collectionUpdate: (_root, { input }: { input: unknown }, ctx) => written(ctx, collectionUpdate, input),
    collectionProductsAdd: (_root, { input }: { input: unknown }, ctx) => written(ctx, collectionProductsAdd, input),
    collectionProductsRemove: (_root, { input }: { input: unknown }, ctx) =>
      written(ctx, collectionProductsRemove, input),
    collectionProductsReorder: (_root, { input }: { input: unknown }, ctx) =>
      written(ctx, collectionProductsReorder, input),
    collectionDelete: async (_root, { input }: { input: unknown }, ctx) => {
      const { entityId, eventPosition } = await mutate(ctx, collectionDelete, input)
      return { deletedId: entityId, eventPosition }
    },
  },
}

/** `Collection.productsCount` and `image`, and `Product.collections`, for every object of a response in one query each. */
const loaders: GraphQLSlice['loaders'] = {
  Collection: {
    productsCount: async (queries: { obj: CollectionRecord }[], context) => {
      const ctx = context as GraphQLContext
      return productCountsOfCollections(
        ctx.platform.database.db,
        readableStore(ctx),
        queries.map(({ obj }) => obj.id),
      )
    },
    image: async (queries: { obj: CollectionRecord }[], context) => {
      const ctx = context as GraphQLContext
      const storeId = readableStore(ctx)
      return Promise.all(
        queries.map(({ obj }) => (obj.imageId ? findMedia(ctx.platform.database.db, storeId, obj.imageId) : null)),
      )
    },
  },
  Product: {
    collections: async (queries: { obj: ProductRecord }[], context) => {
      const ctx = context as GraphQLContext
      return collectionsOfProducts(
        ctx.platform.database.db,
        readableStore(ctx),
        queries.map(({ obj }) => obj.id),
      )
    },
  },
}

export const collectionSlice: GraphQLSlice = { typeDefs: collectionTypeDefs, resolvers, loaders }
