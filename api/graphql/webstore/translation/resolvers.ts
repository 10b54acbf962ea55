import type { TranslatableResourceType } from '../../../../domain/webstore/translation/events.js'
import {
  findTranslatableResourceView,
  listTranslatableResources,
  readTranslatableResource,
  type ListTranslatableResourcesArgs,
} from '../../../../app/webstore/translation/reads.js'
import type { TranslatableResourceView } from '../../../../app/webstore/translation/view.js'
import type { GraphQLSlice } from '../../plugin.js'
import { wantsTotal } from '../../shared/selection.js'
import { localizedFieldResolvers } from './localized-fields.js'
import { localeArgument } from './localized.js'
import { translationTypeDefs } from './schema.js'
import { translationsRegister, translationsRemove } from '../../../../domain/webstore/translation/definitions.js'
import { writeResolver, type WrittenEntity } from '../../shared/mutations.js'

const writtenTranslatableResource: WrittenEntity = {
  field: 'translatableResource',
  read: (ctx, id) => findTranslatableResourceView(ctx, id),
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
    translationsRegister: writeResolver(translationsRegister, writtenTranslatableResource),
    translationsRemove: writeResolver(translationsRemove, writtenTranslatableResource),
  },
}

export const translationSlice: GraphQLSlice = { typeDefs: translationTypeDefs, resolvers }
