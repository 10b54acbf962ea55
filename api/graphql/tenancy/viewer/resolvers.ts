import { credentialId } from '../../../../app/auth/authenticate.js'
import { findOrganization, listStores } from '../../../../projections/tenancy/queries.js'
import type { GraphQLSlice } from '../../plugin.js'
import type { RequestContext } from '../../shared/context.js'
import { viewerTypeDefs } from './schema.js'

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    viewer: (_root, _args, ctx) => ({ ctx }),
  },
  Viewer: {
    organization: ({ ctx }: { ctx: RequestContext }) =>
      findOrganization(ctx.platform.database.db, ctx.principal.organizationId),
    stores: ({ ctx }: { ctx: RequestContext }) =>
      listStores(ctx.platform.database.db, ctx.principal.organizationId, ctx.principal.storeIds),
    currentStore: async ({ ctx }: { ctx: RequestContext }) => {
      if (!ctx.store) return null
      const [store] = await listStores(ctx.platform.database.db, ctx.principal.organizationId, [ctx.store.id])
      return store ?? null
    },
    scopes: ({ ctx }: { ctx: RequestContext }) => ctx.principal.scopes,
    credential: ({ ctx }: { ctx: RequestContext }) => ({
      type: ctx.principal.type === 'user' ? 'USER' : 'API_KEY',
      id: credentialId(ctx.principal),
      name: ctx.principal.name,
    }),
  },
}

export const viewerSlice: GraphQLSlice = { typeDefs: viewerTypeDefs, resolvers }
