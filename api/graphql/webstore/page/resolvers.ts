import { badInput, DomainError, notFound } from '../../../../domain/shared/errors.js'
import { PAGE_CATEGORY } from '../../../../domain/webstore/page/streams.js'
import { readEntityHistory } from '../../../../projections/audit/log/history.js'
import {
  findPage,
  listPages,
  type ListPagesArgs,
  type PageRecord,
} from '../../../../projections/webstore/page/queries.js'
import { isVisibleToShoppers } from '../../../../projections/webstore/shared/content.js'
import type { GraphQLSlice } from '../../plugin.js'
import { mutate, requireScope, requireStore } from '../../../../app/caller.js'
import { type RequestContext } from '../../shared/context.js'
import { wantsTotal } from '../../shared/selection.js'
import { pageTypeDefs } from './schema.js'

/** One page of the store by id or handle, or NOT_FOUND (another store's page included). */
export async function readPage(
  ctx: RequestContext,
  args: { id?: string | null; handle?: string | null },
): Promise<PageRecord> {
  requireScope(ctx, 'webstore:read')
  const storeId = requireStore(ctx).id
  const by = args.id ? { id: args.id } : args.handle ? { handle: args.handle } : null
  if (!by) throw badInput(['id'], 'page needs an id or a handle')
  const page = await findPage(ctx.platform.database.db, storeId, by)
  if (!page)
    throw args.id
      ? notFound('page', args.id)
      : new DomainError('NOT_FOUND', `no page with handle '${args.handle}' in this store`)
  return page
}

async function written(ctx: RequestContext, name: string, input: unknown) {
  const { entityId, eventPosition } = await mutate(ctx, name, input)
  return { page: await readPage(ctx, { id: entityId }), eventPosition }
}

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    page: (_root, args: { id?: string | null; handle?: string | null }, ctx) => readPage(ctx, args),
    pages: (_root, args: ListPagesArgs, ctx, info) => {
      requireScope(ctx, 'webstore:read')
      return listPages(ctx.platform.database.db, requireStore(ctx).id, args, { count: wantsTotal(info) })
    },
  },
  Page: {
    visible: (page: PageRecord) => isVisibleToShoppers(page, new Date()),
    history: (page: PageRecord, args: { first?: number | null; after?: string | null }, ctx, info) => {
      requireScope(ctx, 'webstore:read')
      return readEntityHistory(
        ctx.platform.database.db,
        requireStore(ctx).id,
        { entityType: PAGE_CATEGORY, entityId: page.id },
        args,
        { count: wantsTotal(info) },
      )
    },
  },
  Mutation: {
    pageCreate: (_root, { input }: { input: unknown }, ctx) => written(ctx, 'pageCreate', input),
    pageUpdate: (_root, { input }: { input: unknown }, ctx) => written(ctx, 'pageUpdate', input),
    pageDelete: async (_root, { input }: { input: unknown }, ctx) => {
      const { entityId, eventPosition } = await mutate(ctx, 'pageDelete', input)
      return { deletedId: entityId, eventPosition }
    },
  },
}

export const pageSlice: GraphQLSlice = { typeDefs: pageTypeDefs, resolvers }
