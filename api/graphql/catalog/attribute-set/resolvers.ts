import {
  attributeSetSections,
  listAttributeSets,
  readAttributeSet,
} from '../../../../app/catalog/attribute-set/reads.js'
import type { AttributeSetView } from '../../../../app/catalog/attribute-set/view.js'
import type { GraphQLSlice } from '../../plugin.js'
import { listResolver } from '../../shared/query-resolvers.js'
import { withMutations } from '../../shared/mutations.js'
import { attributeSetTypeDefs } from './schema.js'
import { attributeSetCommands } from '../../../../domain/catalog/attribute-set/definitions.js'

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    attributeSet: (_root, args: { id: string }, ctx) => readAttributeSet(ctx, args.id),
    attributeSets: listResolver(listAttributeSets),
  },
  AttributeSet: {
    sections: (set: AttributeSetView, _args, ctx) => attributeSetSections(ctx, set),
    attributes: async (set: AttributeSetView, _args, ctx) =>
      (await attributeSetSections(ctx, set)).flatMap((s) => s.attributes),
  },
}

export const attributeSetSlice = withMutations({ typeDefs: attributeSetTypeDefs, resolvers }, attributeSetCommands, {
  field: 'attributeSet',
  type: 'AttributeSet',
  read: readAttributeSet,
})
