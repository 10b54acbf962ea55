import { storeArchive, storeCreate, storeRestore, storeUpdate } from '../../../../domain/tenancy/store/definitions.js'
import { listStores, readStore, readStoreModelStatus } from '../../../../app/tenancy/store/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import { listResolver } from '../../shared/query-resolvers.js'
import { requireScope, requireStore } from '../../../../app/caller.js'
import { type RequestContext } from '../../shared/context.js'
import { storeTypeDefs } from './schema.js'
import { mutateOn, namedStoreId, requireEveryStore } from './target.js'

type Input = { input: Record<string, unknown> | null }

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    store: (_root, args: { id?: string | null; slug?: string | null }, ctx) =>
      readStore(ctx, args.id ?? args.slug ?? ctx.store?.id ?? requireStore(ctx).id),
    stores: listResolver(listStores),
  },
  Store: {
    readModelStatus: (store: { id: string }, _args: unknown, ctx: RequestContext) =>
      readStoreModelStatus(ctx, store.id),
  },
  Mutation: {
    storeCreate: async (_root, { input }: Input, ctx) => {
      requireScope(ctx, 'settings:write')
      requireEveryStore(ctx, 'creating a store')
      // No store of the request: the new store's history starts with its own creation.
      const { entityId, eventPosition } = await mutateOn(ctx, null, storeCreate, input)
      return { store: await readStore(ctx, entityId), eventPosition }
    },
    storeUpdate: async (_root, { input }: Input, ctx) => {
      const { entityId, eventPosition } = await mutateOn(ctx, await namedStoreId(ctx, input?.id), storeUpdate, input)
      return { store: await readStore(ctx, entityId), eventPosition }
    },
    storeArchive: async (_root, { input }: Input, ctx) => {
      const { entityId, eventPosition } = await mutateOn(ctx, await namedStoreId(ctx, input?.id), storeArchive, input)
      return { store: await readStore(ctx, entityId), eventPosition }
    },
    storeRestore: async (_root, { input }: Input, ctx) => {
      const storeId = await namedStoreId(ctx, input?.id)
      const { entityId, eventPosition } = await mutateOn(ctx, storeId, storeRestore, input)
      return { store: await readStore(ctx, entityId), eventPosition }
    },
  },
}

export const storeSlice: GraphQLSlice = { typeDefs: storeTypeDefs, resolvers }
