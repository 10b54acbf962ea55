import { PRODUCT_CATEGORY } from '../../../../domain/catalog/product/streams.js'
import { readProductAsOf as readPastProduct } from '../../../../app/catalog/product/as-of.js'
import { readProduct } from '../../../../app/catalog/product/reads.js'
import type { ProductView } from '../../../../app/catalog/product/view.js'
import type { GraphQLSlice } from '../../plugin.js'
import { type RequestContext } from '../../shared/context.js'
import type { WithPastFields } from '../../shared/past-fields.js'
import { productHistoryTypeDefs } from './history-schema.js'
import { productDuplicate, productRevert } from '../../../../domain/catalog/product/lifecycle-definitions.js'
import { historyResolver } from '../../shared/history.js'
import { writeResolver, type WrittenEntity } from '../../shared/mutations.js'

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

const writtenProduct: WrittenEntity = { field: 'product', read: (ctx, id) => readProduct(ctx, { id }) }

const resolvers: GraphQLSlice['resolvers'] = {
  Product: {
    history: historyResolver('products:read', PRODUCT_CATEGORY),
  },
  Mutation: {
    productDuplicate: writeResolver(productDuplicate, writtenProduct),
    productRevert: writeResolver(productRevert, writtenProduct),
  },
}

/** SEO, publishAt, history, duplicate and revert on top of the product slice. */
export const productHistorySlice: GraphQLSlice = { typeDefs: productHistoryTypeDefs, resolvers }
