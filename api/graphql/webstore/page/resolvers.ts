import type { AnyCommandDefinition } from '../../../../domain/shared/command.js'
import { pageCreate, pageDelete, pageUpdate } from '../../../../domain/webstore/page/definitions.js'
import { PAGE_CATEGORY } from '../../../../domain/webstore/page/streams.js'
import { mutate } from '../../../../app/caller.js'
import { listPages, readPage, type ListPagesArgs } from '../../../../app/webstore/page/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import { type RequestContext } from '../../shared/context.js'
import { wantsTotal } from '../../shared/selection.js'
import { pageTypeDefs } from './schema.js'
import { historyResolver } from '../../shared/history.js'

async function written(ctx: RequestContext, definition: AnyCommandDefinition, input: unknown) {
  const { entityId, eventPosition } = await mutate(ctx, definition, input)
  return { page: await readPage(ctx, { id: entityId }), eventPosition }
}

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    page: (_root, args: { id?: string | null; handle?: string | null }, ctx) => readPage(ctx, args),
    pages: (_root, args: ListPagesArgs, ctx, info) => listPages(ctx, args, { count: wantsTotal(info) }),
  },
  Page: {
    history: historyResolver('webstore:read', PAGE_CATEGORY),
  },
  Mutation: {
    pageCreate: (_root, { input }: { input: unknown }, ctx) => written(ctx, pageCreate, input),
    pageUpdate: (_root, { input }: { input: unknown }, ctx) => written(ctx, pageUpdate, input),
    pageDelete: async (_root, { input }: { input: unknown }, ctx) => {
      const { entityId, eventPosition } = await mutate(ctx, pageDelete, input)
      return { deletedId: entityId, eventPosition }
    },
  },
}

export const pageSlice: GraphQLSlice = { typeDefs: pageTypeDefs, resolvers }
