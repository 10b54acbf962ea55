import { pageCommands } from '../../../../domain/webstore/page/definitions.js'
import { PAGE_CATEGORY } from '../../../../domain/webstore/page/streams.js'
import { listPages, readPage } from '../../../../app/webstore/page/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import { listResolver } from '../../shared/query-resolvers.js'
import { pageTypeDefs } from './schema.js'
import { historyResolver } from '../../shared/history.js'
import { withMutations } from '../../shared/mutations.js'

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    page: (_root, args: { id?: string | null; handle?: string | null }, ctx) => readPage(ctx, args),
    pages: listResolver(listPages),
  },
  Page: {
    history: historyResolver('webstore:read', PAGE_CATEGORY),
  },
}

export const pageSlice = withMutations({ typeDefs: pageTypeDefs, resolvers }, pageCommands, {
  field: 'page',
  type: 'Page',
  read: (ctx, id) => readPage(ctx, { id }),
})
