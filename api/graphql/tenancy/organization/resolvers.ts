import { readOrganization } from '../../../../app/tenancy/viewer/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import { mutate, requireScope } from '../../../../app/caller.js'
import { requireEveryStore } from '../store/target.js'
import { organizationTypeDefs } from './schema.js'
import { organizationUpdate } from '../../../../domain/tenancy/organization/definitions.js'

const resolvers: GraphQLSlice['resolvers'] = {
  Mutation: {
    organizationUpdate: async (_root, { input }: { input: unknown }, ctx) => {
      requireScope(ctx, 'settings:write')
      requireEveryStore(ctx, 'changing the organization')
      const { eventPosition } = await mutate(ctx, organizationUpdate, input)
      return { organization: await readOrganization(ctx), eventPosition }
    },
  },
}

export const organizationSlice: GraphQLSlice = { typeDefs: organizationTypeDefs, resolvers }
