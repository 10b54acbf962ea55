import { cachePurgeInput } from '../../../../domain/settings/cache/commands.js'
import { notFound } from '../../../../domain/shared/errors.js'
import { isUuid } from '../../../../domain/shared/ids.js'
import { requestStoreRebuild, storeRebuildStatus } from '../../../../app/cache/rebuilds.js'
import type { GraphQLSlice } from '../../plugin.js'
import { mutate, requireScope, requireStore } from '../../../../app/caller.js'
import { type RequestContext } from '../../shared/context.js'
import { cacheTypeDefs } from './schema.js'
import { cachePurge, cacheRebuild } from '../../../../domain/settings/cache/definitions.js'

async function readRebuild(ctx: RequestContext, id: string) {
  requireScope(ctx, 'settings:read')
  const status = isUuid(id) ? await storeRebuildStatus(ctx.platform, requireStore(ctx).id, id.toLowerCase()) : null
  if (!status) throw notFound('rebuild', id)
  return status
}

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    cacheRebuildStatus: (_root, { id }: { id: string }, ctx) => readRebuild(ctx, id),
  },
  Mutation: {
    cachePurge: async (_root, { input }: { input: Record<string, unknown> | null }, ctx) => {
      const { entityId, eventPosition } = await mutate(ctx, cachePurge, input)
      // A purge is an event, not a row: its payload is the input as the command normalised it.
      const purge = cachePurgeInput.parse(input)
      return {
        cachePurge: {
          id: entityId,
          paths: purge.paths ?? [],
          surrogateKeys: purge.surrogateKeys ?? [],
          all: purge.all === true,
        },
        eventPosition,
      }
    },
    cacheRebuild: async (_root, { input }: { input?: unknown }, ctx) => {
      const { entityId, eventPosition } = await mutate(ctx, cacheRebuild, input)
      await requestStoreRebuild(ctx.platform, requireStore(ctx).id, entityId, ctx.actor)
      return { cacheRebuild: await readRebuild(ctx, entityId), eventPosition }
    },
  },
}

export const cacheSlice: GraphQLSlice = { typeDefs: cacheTypeDefs, resolvers }
