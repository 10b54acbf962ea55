import { notFound } from '../../../../domain/shared/errors.js'
import { attributesByIds } from '../../../../projections/catalog/attribute/queries.js'
import {
  findAttributeSet,
  listAttributeSets,
  type AttributeSetRecord,
  type ListAttributeSetsArgs,
} from '../../../../projections/catalog/attribute-set/queries.js'
import type { GraphQLSlice } from '../../plugin.js'
import { requireScope, requireStore } from '../../../../app/caller.js'
import { type RequestContext } from '../../shared/context.js'
import { wantsTotal } from '../../shared/selection.js'
import { withMutations } from '../../shared/mutations.js'
import { attributeSetTypeDefs } from './schema.js'
import { attributeSetCommands } from '../../../../domain/catalog/attribute-set/definitions.js'

/** One attribute set of the store, or NOT_FOUND. */
export async function readAttributeSet(ctx: RequestContext, id: string): Promise<AttributeSetRecord> {
  requireScope(ctx, 'products:read')
  const set = await findAttributeSet(ctx.platform.database.db, requireStore(ctx).id, id)
  if (!set) throw notFound('attribute set', id)
  return set
}

/** The set's sections with their live attributes, read in one query. */
async function sectionsOf(set: AttributeSetRecord, ctx: RequestContext) {
  const ids = set.sections.flatMap((s) => s.attributeIds)
  const attributes = await attributesByIds(ctx.platform.database.db, requireStore(ctx).id, ids)
  return set.sections.map((section, position) => ({
    name: section.name,
    position,
    attributes: section.attributeIds.flatMap((id) => attributes.get(id) ?? []),
  }))
}

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    attributeSet: (_root, args: { id: string }, ctx) => readAttributeSet(ctx, args.id),
    attributeSets: (_root, args: ListAttributeSetsArgs, ctx, info) => {
      requireScope(ctx, 'products:read')
      return listAttributeSets(ctx.platform.database.db, requireStore(ctx).id, args, { count: wantsTotal(info) })
    },
  },
  AttributeSet: {
    sections: (set: AttributeSetRecord, _args, ctx) => sectionsOf(set, ctx),
    attributes: async (set: AttributeSetRecord, _args, ctx) =>
      (await sectionsOf(set, ctx)).flatMap((s) => s.attributes),
  },
}

export const attributeSetSlice = withMutations({ typeDefs: attributeSetTypeDefs, resolvers }, attributeSetCommands, {
  field: 'attributeSet',
  type: 'AttributeSet',
  read: readAttributeSet,
})
