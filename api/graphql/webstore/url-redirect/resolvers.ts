import { urlRedirectCommands } from '../../../../domain/webstore/url-redirect/definitions.js'
import { URL_REDIRECT_CATEGORY } from '../../../../domain/webstore/url-redirect/streams.js'
import { listUrlRedirects, readUrlRedirect } from '../../../../app/webstore/url-redirect/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import { listResolver } from '../../shared/query-resolvers.js'
import { withMutations } from '../../shared/mutations.js'
import { urlRedirectTypeDefs } from './schema.js'
import { historyResolver } from '../../shared/history.js'

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    urlRedirect: (_root, args: { id: string }, ctx) => readUrlRedirect(ctx, args),
    urlRedirects: listResolver(listUrlRedirects),
  },
  UrlRedirect: {
    history: historyResolver('webstore:read', URL_REDIRECT_CATEGORY),
  },
}

export const urlRedirectSlice = withMutations({ typeDefs: urlRedirectTypeDefs, resolvers }, urlRedirectCommands, {
  field: 'urlRedirect',
  type: 'UrlRedirect',
  read: (ctx, id) => readUrlRedirect(ctx, { id }),
})
