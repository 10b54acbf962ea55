import { productDuplicate, productRevert } from '../../../../domain/catalog/product/lifecycle-definitions.js'
import type { AnyCommandDefinition } from '../../../../domain/shared/command.js'
import { PRODUCT_CATEGORY } from '../../../../domain/catalog/product/streams.js'
import { DomainError, badInput } from '../../../../domain/shared/errors.js'
import { readEntityHistory } from '../../../../projections/audit/log/history.js'
import { findProductAsOf } from '../../../../projections/catalog/product/as-of.js'
import { findProduct, type ProductRecord } from '../../../../projections/catalog/product/queries.js'
import type { GraphQLSlice } from '../../plugin.js'
import { mutate, requireScope, requireStore } from '../../../../app/caller.js'
import { type RequestContext } from '../../shared/context.js'
import { wantsTotal } from '../../shared/selection.js'
import type { WithPastFields } from '../../shared/past-fields.js'
import { pastProductFields } from './as-of-fields.js'
import { productHistoryTypeDefs } from './history-schema.js'

/**
 * `product(id, asOf)`: the product folded from its events up to that instant, with its media,
 * options and variants of then. NOT_FOUND when it did not exist yet, or was already deleted, then.
 */
export async function readProductAsOf(
  ctx: RequestContext,
  args: { id?: string | null; handle?: string | null; asOf: Date },
): Promise<ProductRecord & WithPastFields> {
  requireScope(ctx, 'products:read')
  const store = requireStore(ctx)
  if (!args.id) throw badInput(['id'], 'asOf reads a product by id: pass id (handles change over time)')
  const product = await findProductAsOf(ctx.platform.eventStore, store.id, args.id, args.asOf)
  if (!product)
    throw new DomainError('NOT_FOUND', `product '${args.id}' did not exist in this store at ${args.asOf.toISOString()}`)
  const { mediaIds: _mediaIds, catalog: _catalog, variantTimes: _times, ...record } = product
  return { ...record, pastFields: await pastProductFields(ctx.platform.database.db, store.id, product) }
}

async function written(ctx: RequestContext, definition: AnyCommandDefinition, input: unknown) {
  const { entityId, eventPosition } = await mutate(ctx, definition, input)
  const product = await findProduct(ctx.platform.database.db, requireStore(ctx).id, { id: entityId })
  if (!product) throw new DomainError('NOT_FOUND', `product '${entityId}' does not exist in this store`)
  return { product, eventPosition }
}

const resolvers: GraphQLSlice['resolvers'] = {
  Product: {
    history: (product: ProductRecord, args: { first?: number | null; after?: string | null }, ctx, info) => {
      requireScope(ctx, 'products:read')
      return readEntityHistory(
        ctx.platform.database.db,
        requireStore(ctx).id,
        { entityType: PRODUCT_CATEGORY, entityId: product.id },
        args,
        {
          count: wantsTotal(info),
        },
      )
    },
  },
  Mutation: {
    productDuplicate: (_root, { input }: { input: unknown }, ctx) => written(ctx, productDuplicate, input),
    productRevert: (_root, { input }: { input: unknown }, ctx) => written(ctx, productRevert, input),
  },
}

/** SEO, publishAt, history, duplicate and revert on top of the product slice. */
export const productHistorySlice: GraphQLSlice = { typeDefs: productHistoryTypeDefs, resolvers }
