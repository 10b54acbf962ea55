import { credentialId } from '../../../../app/auth/authenticate.js'
import { listViewerStores, readCurrentStore, readOrganization } from '../../../../app/tenancy/viewer/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import type { RequestContext } from '../../shared/context.js'
import { viewerTypeDefs } from './schema.js'

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    viewer: (_root, _args, ctx) => ({ ctx }),
  },
  Viewer: {
    organization: ({ ctx }: { ctx: RequestContext }) => readOrganization(ctx),
    stores: ({ ctx }: { ctx: RequestContext }) => listViewerStores(ctx),
    currentStore: ({ ctx }: { ctx: RequestContext }) => readCurrentStore(ctx),
    scopes: ({ ctx }: { ctx: RequestContext }) => ctx.principal.scopes,
    credential: ({ ctx }: { ctx: RequestContext }) => ({
      type: ctx.principal.type === 'user' ? 'USER' : 'API_KEY',
      id: credentialId(ctx.principal),
      name: ctx.principal.name,
    }),
  },
}

export const viewerSlice: GraphQLSlice = { typeDefs: viewerTypeDefs, resolvers }
