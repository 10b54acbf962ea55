import type { AnyCommandDefinition } from '../../../../domain/shared/command.js'
import { evolveAttribute, initialAttributeState } from '../../../../domain/catalog/attribute/attribute.js'
import type { AttributeEvent } from '../../../../domain/catalog/attribute/events.js'
import { ATTRIBUTE_CATEGORY, attributeStream } from '../../../../domain/catalog/attribute/streams.js'
import { DomainError, badInput, notFound } from '../../../../domain/shared/errors.js'
import { isUuid } from '../../../../domain/shared/ids.js'
import { readEntityHistory } from '../../../../projections/audit/log/history.js'
import {
  findAttribute,
  listAttributes,
  type AttributeRecord,
  type ListAttributesArgs,
} from '../../../../projections/catalog/attribute/queries.js'
import { readAsOf } from '../../../../projections/shared/as-of.js'
import type { GraphQLSlice } from '../../plugin.js'
import { mutate, requireScope, requireStore } from '../../../../app/caller.js'
import { type RequestContext } from '../../shared/context.js'
import { wantsTotal } from '../../shared/selection.js'
import { ATTRIBUTE_MUTATIONS, attributeTypeDefs } from './schema.js'
import { attributeDelete } from '../../../../domain/catalog/attribute/definitions.js'

type Lookup = { id?: string | null; code?: string | null; asOf?: Date | null }

/** One attribute of the store by id or code, now or as it was at `asOf`; NOT_FOUND otherwise. */
export async function readAttribute(ctx: RequestContext, lookup: Lookup): Promise<AttributeRecord> {
  requireScope(ctx, 'products:read')
  const store = requireStore(ctx)
  if (lookup.asOf) {
    if (!lookup.id) throw badInput(['id'], 'asOf reads an attribute by id: pass id')
    const past = await attributeAsOf(ctx, store.id, lookup.id, lookup.asOf)
    if (!past)
      throw new DomainError(
        'NOT_FOUND',
        `attribute '${lookup.id}' did not exist in this store at ${lookup.asOf.toISOString()}`,
      )
    return past
  }
  if (lookup.id) {
    const attribute = await findAttribute(ctx.platform.database.db, store.id, { id: lookup.id })
    if (!attribute) throw notFound('attribute', lookup.id)
    return attribute
  }
  if (lookup.code) {
    const attribute = await findAttribute(ctx.platform.database.db, store.id, { code: lookup.code })
    if (!attribute) throw new DomainError('NOT_FOUND', `no attribute with code '${lookup.code}' in this store`)
    return attribute
  }
  throw badInput(['id'], 'attribute needs an id or a code')
}

/** The attribute folded from its events up to `asOf`, shaped like a read-model record. */
async function attributeAsOf(
  ctx: RequestContext,
  storeId: string,
  attributeId: string,
  asOf: Date,
): Promise<AttributeRecord | null> {
  if (!isUuid(attributeId)) return null
  const id = attributeId.toLowerCase()
  const fold = (events: readonly { type: string; data: Record<string, unknown> }[]) =>
    events.reduce(
      (state, e) => evolveAttribute(state, { type: e.type, data: e.data } as AttributeEvent),
      initialAttributeState(),
    )
  const found = await readAsOf(ctx.platform.eventStore, attributeStream(storeId, id), asOf, fold)
  if (!found || found.state.kind !== 'existing') return null
  const { attributeId: _id, ...fields } = found.state.attribute
  return { ...fields, id, createdAt: found.createdAt, updatedAt: found.updatedAt, revision: found.revision }
}

async function written(ctx: RequestContext, definition: AnyCommandDefinition, input: unknown) {
  const { entityId, eventPosition } = await mutate(ctx, definition, input)
  return { attribute: await readAttribute(ctx, { id: entityId }), eventPosition }
}

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    attribute: (_root, args: Lookup, ctx) => readAttribute(ctx, args),
    attributes: (_root, args: ListAttributesArgs, ctx, info) => {
      requireScope(ctx, 'products:read')
      return listAttributes(ctx.platform.database.db, requireStore(ctx).id, args, { count: wantsTotal(info) })
    },
  },
  Attribute: {
    history: (attribute: AttributeRecord, args: { first?: number | null; after?: string | null }, ctx, info) => {
      requireScope(ctx, 'products:read')
      return readEntityHistory(
        ctx.platform.database.db,
        requireStore(ctx).id,
        { entityType: ATTRIBUTE_CATEGORY, entityId: attribute.id },
        args,
        { count: wantsTotal(info) },
      )
    },
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
