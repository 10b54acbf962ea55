import { ATTRIBUTE_CATEGORY } from '../../../../domain/catalog/attribute/streams.js'
import { listAttributes, readAttribute, type AttributeLookup } from '../../../../app/catalog/attribute/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import { listResolver } from '../../shared/query-resolvers.js'
import { deleteResolver, writeResolver, type WrittenEntity } from '../../shared/mutations.js'
import { ATTRIBUTE_MUTATIONS, attributeTypeDefs } from './schema.js'
import { attributeDelete } from '../../../../domain/catalog/attribute/definitions.js'
import { historyResolver } from '../../shared/history.js'

const writtenAttribute: WrittenEntity = { field: 'attribute', read: (ctx, id) => readAttribute(ctx, { id }) }

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    attribute: (_root, args: AttributeLookup, ctx) => readAttribute(ctx, args),
    attributes: listResolver(listAttributes),
  },
  Attribute: {
    history: historyResolver('products:read', ATTRIBUTE_CATEGORY),
  },
  Mutation: {
    ...Object.fromEntries(
      ATTRIBUTE_MUTATIONS.map(([definition]) => [definition.name, writeResolver(definition, writtenAttribute)]),
    ),
    attributeDelete: deleteResolver(attributeDelete),
  },
}

export const attributeSlice: GraphQLSlice = { typeDefs: attributeTypeDefs, resolvers }
