import type { GraphQLSlice } from '../../plugin.js'
import { mutate } from '../../../../app/caller.js'
import { reachableStore } from '../../../../app/tenancy/store/reads.js'
import { commerceTypeDefs } from './schema.js'
import { storeCommerceToggle } from '../../../../domain/settings/commerce/definitions.js'

const resolvers: GraphQLSlice['resolvers'] = {
  Mutation: {
    storeCommerceToggle: async (_root, { input }: { input: unknown }, ctx) => {
      const { entityId, eventPosition } = await mutate(ctx, storeCommerceToggle, input)
      return { store: await reachableStore(ctx, entityId), eventPosition }
    },
  },
}

export const commerceSlice: GraphQLSlice = { typeDefs: commerceTypeDefs, resolvers }
