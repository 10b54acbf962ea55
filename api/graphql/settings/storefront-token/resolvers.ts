import { storefrontTokenRevoke } from '../../../../domain/settings/storefront-token/definitions.js'
import { issueStorefrontToken } from '../../../../app/settings/storefront-token/issue.js'
import {
  listStorefrontTokens,
  readStorefrontToken,
  type ListStorefrontTokensArgs,
} from '../../../../app/settings/storefront-token/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import type { RequestContext } from '../../shared/context.js'
import { withMutations } from '../../shared/mutations.js'
import { wantsTotal } from '../../shared/selection.js'
import { storefrontTokenTypeDefs } from './schema.js'

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    storefrontToken: (_root, { id }: { id: string }, ctx: RequestContext) => readStorefrontToken(ctx, id),
    storefrontTokens: (_root, args: ListStorefrontTokensArgs, ctx: RequestContext, info) =>
      listStorefrontTokens(ctx, args, { count: wantsTotal(info) }),
  },
  Mutation: {
    storefrontTokenCreate: (_root, { input }: { input: unknown }, ctx: RequestContext) =>
      issueStorefrontToken(ctx, input),
  },
}

export const storefrontTokenSlice: GraphQLSlice = withMutations(
  { typeDefs: storefrontTokenTypeDefs, resolvers },
  [storefrontTokenRevoke],
  { field: 'storefrontToken', type: 'StorefrontToken', read: readStorefrontToken },
)
