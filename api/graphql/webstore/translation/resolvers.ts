import type { AnyCommandDefinition } from '../../../../domain/shared/command.js'
import type { TranslatableResourceType } from '../../../../domain/webstore/translation/events.js'
import {
  findTranslatableResourceView,
  listTranslatableResources,
  readTranslatableResource,
  type ListTranslatableResourcesArgs,
} from '../../../../app/webstore/translation/reads.js'
import type { TranslatableResourceView } from '../../../../app/webstore/translation/view.js'
import type { GraphQLSlice } from '../../plugin.js'
import { mutate } from '../../../../app/caller.js'
import { type RequestContext } from '../../shared/context.js'
import { wantsTotal } from '../../shared/selection.js'
import { localizedFieldResolvers } from './localized-fields.js'
import { localeArgument } from './localized.js'
import { translationTypeDefs } from './schema.js'
import { translationsRegister, translationsRemove } from '../../../../domain/webstore/translation/definitions.js'

async function written(ctx: RequestContext, definition: AnyCommandDefinition, input: unknown) {
  const { entityId, eventPosition } = await mutate(ctx, definition, input)
  return { translatableResource: await findTranslatableResourceView(ctx, entityId), eventPosition }
}

const resolvers: GraphQLSlice['resolvers'] = {
  ...localizedFieldResolvers,
  Query: {
    translatableResource: (_root, args: { resourceId: string }, ctx) => readTranslatableResource(ctx, args.resourceId),
    translatableResources: (
      _root,
      { resourceType, ...args }: ListTranslatableResourcesArgs & { resourceType: TranslatableResourceType },
      ctx,
      info,
    ) => listTranslatableResources(ctx, resourceType, args, { count: wantsTotal(info) }),
  },
  TranslatableResource: {
    translations: (resource: TranslatableResourceView, args: { locale?: string | null; outdated?: boolean | null }) => {
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
