import type { GraphQLSlice } from '../../plugin.js'
import { reachableStore } from '../../../../app/tenancy/store/reads.js'
import { commerceTypeDefs } from './schema.js'
import { storeCommerceToggle } from '../../../../domain/settings/commerce/definitions.js'
import { writeResolver, type WrittenEntity } from '../../shared/mutations.js'

const writtenStore: WrittenEntity = { field: 'store', read: (ctx, id) => reachableStore(ctx, id) }

const resolvers: GraphQLSlice['resolvers'] = {
  Mutation: {
    storeCommerceToggle: writeResolver(storeCommerceToggle, writtenStore),
  },
}

export const commerceSlice: GraphQLSlice = { typeDefs: commerceTypeDefs, resolvers }
