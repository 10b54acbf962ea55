import type { AnyCommandDefinition } from '../../../../domain/shared/command.js'
import { ATTRIBUTE_CATEGORY } from '../../../../domain/catalog/attribute/streams.js'
import {
  listAttributes,
  readAttribute,
  type AttributeLookup,
  type ListAttributesArgs,
} from '../../../../app/catalog/attribute/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import { mutate } from '../../../../app/caller.js'
import { type RequestContext } from '../../shared/context.js'
import { wantsTotal } from '../../shared/selection.js'
import { ATTRIBUTE_MUTATIONS, attributeTypeDefs } from './schema.js'
import { attributeDelete } from '../../../../domain/catalog/attribute/definitions.js'
import { historyResolver } from '../../shared/history.js'

async function written(ctx: RequestContext, definition: AnyCommandDefinition, input: unknown) {
  const { entityId, eventPosition } = await mutate(ctx, definition, input)
  return { attribute: await readAttribute(ctx, { id: entityId }), eventPosition }
}

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    attribute: (_root, args: AttributeLookup, ctx) => readAttribute(ctx, args),
    attributes: (_root, args: ListAttributesArgs, ctx, info) => listAttributes(ctx, args, { count: wantsTotal(info) }),
  },
  Attribute: {
    history: historyResolver('products:read', ATTRIBUTE_CATEGORY),
  },
  Mutation: {
    ...Object.fromEntries(
      ATTRIBUTE_MUTATIONS.map(([name]) => [
        name,
        (_root: unknown, { input }: { input: unknown }, ctx: RequestContext) =>
          written(ctx, ctx.platform.registry.get(name), input),
      ]),
    ),
    attributeDelete: async (_root, { input }: { input: unknown }, ctx) => {
      const { entityId, eventPosition } = await mutate(ctx, attributeDelete, input)
      return { deletedId: entityId, eventPosition }
    },
  },
}

export const attributeSlice: GraphQLSlice = { typeDefs: attributeTypeDefs, resolvers }
