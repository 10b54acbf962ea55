import { DomainError, badInput, notFound } from '../../../../domain/shared/errors.js'
import { CONTENT_ENTRY_CATEGORY, CONTENT_TYPE_CATEGORY } from '../../../../domain/webstore/content/streams.js'
import { readEntityHistory } from '../../../../projections/audit/log/history.js'
import {
  findContentEntry,
  findContentType,
  listContentEntries,
  listContentTypes,
  type ContentEntryFilter,
  type ContentEntryRecord,
  type ContentEntrySort,
  type ContentTypeRecord,
  type ContentTypeSort,
} from '../../../../projections/webstore/content/queries.js'
import type { ListArgs } from '../../../../projections/shared/pagination.js'
import type { GraphQLSlice } from '../../plugin.js'
import { mutate, requireScope, requireStore } from '../../../../app/caller.js'
import { type RequestContext } from '../../shared/context.js'
import { wantsTotal } from '../../shared/selection.js'
import { contentTypeDefs } from './schema.js'
import {
  contentEntryCreate,
  contentEntryDelete,
  contentEntryUpdate,
  contentTypeCreate,
  contentTypeDelete,
  contentTypeUpdate,
} from '../../../../domain/webstore/content/definitions.js'

async function readType(
  ctx: RequestContext,
  lookup: { id?: string | null; handle?: string | null },
): Promise<ContentTypeRecord> {
  requireScope(ctx, 'webstore:read')
  const db = ctx.platform.database.db
  const storeId = requireStore(ctx).id
  if (lookup.id)
    return (await findContentType(db, storeId, { id: lookup.id })) ?? raise(notFound('content type', lookup.id))
  if (lookup.handle)
    return (
      (await findContentType(db, storeId, { handle: lookup.handle })) ??
      raise(new DomainError('NOT_FOUND', `no content type with handle '${lookup.handle}' in this store`))
    )
  throw badInput(['id'], 'contentType needs an id or a handle')
}

async function readEntry(
  ctx: RequestContext,
  lookup: { id?: string | null; typeHandle?: string | null; handle?: string | null },
): Promise<ContentEntryRecord> {
  requireScope(ctx, 'webstore:read')
  const db = ctx.platform.database.db
  const storeId = requireStore(ctx).id
  if (lookup.id)
    return (await findContentEntry(db, storeId, { id: lookup.id })) ?? raise(notFound('content entry', lookup.id))
  if (lookup.typeHandle && lookup.handle) {
    const type = await readType(ctx, { handle: lookup.typeHandle })
    const entry = await findContentEntry(db, storeId, { typeId: type.id, handle: lookup.handle })
    return (
      entry ??
      raise(new DomainError('NOT_FOUND', `no ${lookup.typeHandle} entry with handle '${lookup.handle}' in this store`))
    )
  }
  throw badInput(['id'], 'contentEntry needs an id, or a typeHandle and a handle')
}

function raise(error: DomainError): never {
  throw error
}

const history =
  (entityType: string) =>
  (
    record: { id: string },
    args: { first?: number | null; after?: string | null },
    ctx: RequestContext,
    info: Parameters<typeof wantsTotal>[0],
  ) =>
    readEntityHistory(ctx.platform.database.db, requireStore(ctx).id, { entityType, entityId: record.id }, args, {
      count: wantsTotal(info),
    })

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    contentType: (_root, args: { id?: string; handle?: string }, ctx) => readType(ctx, args),
    contentTypes: (_root, args: ListArgs & { sort?: ContentTypeSort }, ctx, info) => {
      requireScope(ctx, 'webstore:read')
      return listContentTypes(ctx.platform.database.db, requireStore(ctx).id, args, { count: wantsTotal(info) })
    },
    contentEntry: (_root, args: { id?: string; typeHandle?: string; handle?: string }, ctx) => readEntry(ctx, args),
    contentEntries: async (
      _root,
      args: ListArgs & { type: string; filter?: ContentEntryFilter; sort?: ContentEntrySort },
      ctx,
      info,
    ) => {
      const type = await readType(ctx, { handle: args.type })
      return listContentEntries(ctx.platform.database.db, requireStore(ctx).id, type, args, { count: wantsTotal(info) })
    },
  },
  ContentType: { history: history(CONTENT_TYPE_CATEGORY) },
  ContentEntry: {
    type: (entry: ContentEntryRecord, _args, ctx) => readType(ctx, { id: entry.typeId }),
    history: history(CONTENT_ENTRY_CATEGORY),
  },
  Mutation: {
    contentTypeCreate: async (_root, { input }: { input: unknown }, ctx) => {
      const { entityId, eventPosition } = await mutate(ctx, contentTypeCreate, input)
      return { contentType: await readType(ctx, { id: entityId }), eventPosition }
    },
    contentTypeUpdate: async (_root, { input }: { input: unknown }, ctx) => {
      const { entityId, eventPosition } = await mutate(ctx, contentTypeUpdate, input)
      return { contentType: await readType(ctx, { id: entityId }), eventPosition }
    },
    contentTypeDelete: async (_root, { input }: { input: unknown }, ctx) => {
      const { entityId, eventPosition } = await mutate(ctx, contentTypeDelete, input)
      return { deletedId: entityId, eventPosition }
    },
    contentEntryCreate: async (_root, { input }: { input: unknown }, ctx) => {
      const { entityId, eventPosition } = await mutate(ctx, contentEntryCreate, input)
      return { contentEntry: await readEntry(ctx, { id: entityId }), eventPosition }
    },
    contentEntryUpdate: async (_root, { input }: { input: unknown }, ctx) => {
      const { entityId, eventPosition } = await mutate(ctx, contentEntryUpdate, input)
      return { contentEntry: await readEntry(ctx, { id: entityId }), eventPosition }
    },
    contentEntryDelete: async (_root, { input }: { input: unknown }, ctx) => {
      const { entityId, eventPosition } = await mutate(ctx, contentEntryDelete, input)
      return { deletedId: entityId, eventPosition }
    },
  },
}

/** Content types and their entries. */
export const contentSlice: GraphQLSlice = { typeDefs: contentTypeDefs, resolvers }
