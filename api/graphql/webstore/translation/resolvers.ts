import type { AnyCommandDefinition } from '../../../../domain/shared/command.js'
import { notFound } from '../../../../domain/shared/errors.js'
import type { TranslatableResourceType } from '../../../../domain/webstore/translation/events.js'
import type { ListArgs } from '../../../../projections/shared/pagination.js'
import {
  findTranslatableResource,
  listTranslatableResources,
  type TranslatableResourceRecord,
} from '../../../../projections/webstore/translation/queries.js'
import type { GraphQLSlice } from '../../plugin.js'
import { mutate, requireScope, requireStore } from '../../../../app/caller.js'
import { type RequestContext } from '../../shared/context.js'
import { wantsTotal } from '../../shared/selection.js'
import { localizedFieldResolvers } from './localized-fields.js'
import { localeArgument } from './localized.js'
import { translationTypeDefs } from './schema.js'
import { translationsRegister, translationsRemove } from '../../../../domain/webstore/translation/definitions.js'

/** A resource of the store by id, or NOT_FOUND (another store's resource included). */
export async function readTranslatableResource(
  ctx: RequestContext,
  resourceId: string,
): Promise<TranslatableResourceRecord> {
  requireScope(ctx, 'webstore:read')
  const resource = await findTranslatableResource(
    ctx.platform.database.db,
    requireStore(ctx).id,
    resourceId.toLowerCase(),
  )
  if (!resource) throw notFound('translatable resource', resourceId)
  return resource
}

async function written(ctx: RequestContext, definition: AnyCommandDefinition, input: unknown) {
  const { entityId, eventPosition } = await mutate(ctx, definition, input)
  const translatableResource = await findTranslatableResource(ctx.platform.database.db, requireStore(ctx).id, entityId)
  return { translatableResource, eventPosition }
}

const resolvers: GraphQLSlice['resolvers'] = {
  ...localizedFieldResolvers,
  Query: {
    translatableResource: (_root, args: { resourceId: string }, ctx) => readTranslatableResource(ctx, args.resourceId),
    translatableResources: (
      _root,
      { resourceType, ...args }: ListArgs & { resourceType: TranslatableResourceType },
      ctx,
      info,
    ) => {
      requireScope(ctx, 'webstore:read')
      return listTranslatableResources(ctx.platform.database.db, requireStore(ctx).id, resourceType, args, {
        count: wantsTotal(info),
      })
    },
  },
  TranslatableResource: {
    translatableContent: (resource: TranslatableResourceRecord) => resource.content,
    translations: (
      resource: TranslatableResourceRecord,
      args: { locale?: string | null; outdated?: boolean | null },
    ) => {
      const locale = localeArgument(args.locale)
      return resource.translations.filter(
        (translation) =>
          (locale === null || translation.locale === locale) &&
          (args.outdated == null || translation.outdated === args.outdated),
      )
    },
  },
  Mutation: {
    translationsRegister: (_root, { input }: { input: unknown }, ctx) => written(ctx, translationsRegister, input),
    translationsRemove: (_root, { input }: { input: unknown }, ctx) => written(ctx, translationsRemove, input),
  },
}

export const translationSlice: GraphQLSlice = { typeDefs: translationTypeDefs, resolvers }
