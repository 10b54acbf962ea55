import type { AnyCommandDefinition } from '../../../../domain/shared/command.js'
import { PRODUCT_CATEGORY } from '../../../../domain/catalog/product/streams.js'
import { readProductAsOf as readPastProduct } from '../../../../app/catalog/product/as-of.js'
import { readProduct } from '../../../../app/catalog/product/reads.js'
import type { ProductView } from '../../../../app/catalog/product/view.js'
import type { GraphQLSlice } from '../../plugin.js'
import { mutate } from '../../../../app/caller.js'
import { type RequestContext } from '../../shared/context.js'
import type { WithPastFields } from '../../shared/past-fields.js'
import { productHistoryTypeDefs } from './history-schema.js'
import { productDuplicate, productRevert } from '../../../../domain/catalog/product/lifecycle-definitions.js'
import { historyResolver } from '../../shared/history.js'

/**
 * `product(id, asOf)`: the product folded from its events up to that instant, its loader fields
 * (media, options, variants, totals) answered with what its stream held then.
 */
export async function readProductAsOf(
  ctx: RequestContext,
  args: { id?: string | null; handle?: string | null; asOf: Date },
): Promise<ProductView & WithPastFields> {
  const { product, ...pastFields } = await readPastProduct(ctx, args)
  return { ...product, pastFields }
}

async function written(ctx: RequestContext, definition: AnyCommandDefinition, input: unknown) {
  const { entityId, eventPosition } = await mutate(ctx, definition, input)
  return { product: await readProduct(ctx, { id: entityId }), eventPosition }
}

const resolvers: GraphQLSlice['resolvers'] = {
  Product: {
    history: historyResolver('products:read', PRODUCT_CATEGORY),
  },
  Mutation: {
    productDuplicate: (_root, { input }: { input: unknown }, ctx) => written(ctx, productDuplicate, input),
    productRevert: (_root, { input }: { input: unknown }, ctx) => written(ctx, productRevert, input),
  },
}

/** SEO, publishAt, history, duplicate and revert on top of the product slice. */
export const productHistorySlice: GraphQLSlice = { typeDefs: productHistoryTypeDefs, resolvers }
