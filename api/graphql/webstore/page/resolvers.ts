import { pageCreate, pageDelete, pageUpdate } from '../../../../domain/webstore/page/definitions.js'
import { PAGE_CATEGORY } from '../../../../domain/webstore/page/streams.js'
import { listPages, readPage } from '../../../../app/webstore/page/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import { listResolver } from '../../shared/query-resolvers.js'
import { pageTypeDefs } from './schema.js'
import { historyResolver } from '../../shared/history.js'
import { mutationResolvers, type WrittenEntity } from '../../shared/mutations.js'

const writtenPage: WrittenEntity = { field: 'page', read: (ctx, id) => readPage(ctx, { id }) }

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    page: (_root, args: { id?: string | null; handle?: string | null }, ctx) => readPage(ctx, args),
    pages: listResolver(listPages),
  },
  Page: {
    history: historyResolver('webstore:read', PAGE_CATEGORY),
  },
  Mutation: mutationResolvers([pageCreate, pageUpdate, pageDelete], writtenPage),
}

export const pageSlice: GraphQLSlice = { typeDefs: pageTypeDefs, resolvers }
