import type { BulkItemOutcome, BulkResult } from '../../../../app/catalog/bulk.js'
import {
  productsBulkCreateService,
  productsBulkDeleteService,
  productsBulkUpdateService,
} from '../../../../app/catalog/product/bulk-services.js'
import { productsByIds } from '../../../../app/catalog/product/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import type { GraphQLContext } from '../../shared/context.js'
import { serve } from '../../shared/services.js'
import { productBulkTypeDefs } from './bulk-schema.js'

/** GraphQL shows the field path as strings, as Shopify's user errors do. */
function errorsOf(outcome: BulkItemOutcome) {
  return outcome.errors.map((e) => ({ code: e.code, message: e.message, field: e.field.map(String) }))
}

const counts = ({ appliedCount, failedCount, eventPosition }: BulkResult) => ({
  appliedCount,
  failedCount,
  eventPosition,
})

/** Each item with its product read back, all in one query. */
async function withProducts(ctx: GraphQLContext, bulk: BulkResult) {
  const ok = bulk.results.filter((o) => o.errors.length === 0 && o.entityId)
  const products = await productsByIds(
    ctx,
    ok.map((o) => o.entityId!),
  )
  const byId = new Map(products.flatMap((p) => (p ? [[p.id, p] as const] : [])))
  return {
    results: bulk.results.map((o) => ({
      index: o.index,
      id: o.errors.length ? null : o.entityId,
      product: o.errors.length ? null : (byId.get(o.entityId ?? '') ?? null),
      errors: errorsOf(o),
    })),
    ...counts(bulk),
  }
}

function withDeletedIds(bulk: BulkResult) {
  return {
    results: bulk.results.map((o) => ({
      index: o.index,
      deletedId: o.errors.length ? null : o.entityId,
      errors: errorsOf(o),
    })),
    ...counts(bulk),
  }
}

const resolvers: GraphQLSlice['resolvers'] = {
  Mutation: {
    productsBulkCreate: async (_root, { input }: { input: unknown }, ctx) =>
      withProducts(ctx, await serve(ctx, productsBulkCreateService, input)),
    productsBulkUpdate: async (_root, { input }: { input: unknown }, ctx) =>
      withProducts(ctx, await serve(ctx, productsBulkUpdateService, input)),
    productsBulkDelete: async (_root, { input }: { input: unknown }, ctx) =>
      withDeletedIds(await serve(ctx, productsBulkDeleteService, input)),
  },
}

/** `productsBulkCreate`, `productsBulkUpdate`, `productsBulkDelete`: registry services, one product command per item. */
export const productBulkSlice: GraphQLSlice = { typeDefs: productBulkTypeDefs, resolvers }
