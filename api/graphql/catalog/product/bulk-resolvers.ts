import { runBulk, type BulkItemOutcome } from '../../../../app/catalog/bulk.js'
import { productsByIds } from '../../../../app/catalog/product/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import { commandContext, requireStore } from '../../../../app/caller.js'
import { type RequestContext } from '../../shared/context.js'
import { productBulkTypeDefs } from './bulk-schema.js'

type BulkArgs = { input: { items: unknown[] } }

/** GraphQL shows the field path as strings, as Shopify's user errors do. */
function errorsOf(outcome: BulkItemOutcome) {
  return outcome.errors.map((e) => ({ code: e.code, message: e.message, field: e.field.map(String) }))
}

function counts(outcomes: readonly BulkItemOutcome[]) {
  const failedCount = outcomes.filter((o) => o.errors.length > 0).length
  return { appliedCount: outcomes.length - failedCount, failedCount }
}

/** Runs the items, then reads every written product back in one query. */
async function writeProducts(ctx: RequestContext, command: string, args: BulkArgs) {
  requireStore(ctx)
  const bulk = await runBulk(ctx.platform, commandContext(ctx), command, args.input.items)
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
    ...counts(bulk.results),
    eventPosition: bulk.eventPosition,
  }
}

async function deleteProducts(ctx: RequestContext, args: BulkArgs) {
  requireStore(ctx)
  const bulk = await runBulk(ctx.platform, commandContext(ctx), 'productDelete', args.input.items)
  return {
    results: bulk.results.map((o) => ({
      index: o.index,
      deletedId: o.errors.length ? null : o.entityId,
      errors: errorsOf(o),
    })),
    ...counts(bulk.results),
    eventPosition: bulk.eventPosition,
  }
}

const resolvers: GraphQLSlice['resolvers'] = {
  Mutation: {
    productsBulkCreate: (_root, args: BulkArgs, ctx) => writeProducts(ctx, 'productCreate', args),
    productsBulkUpdate: (_root, args: BulkArgs, ctx) => writeProducts(ctx, 'productUpdate', args),
    productsBulkDelete: (_root, args: BulkArgs, ctx) => deleteProducts(ctx, args),
  },
}

/** `productsBulkCreate`, `productsBulkUpdate`, `productsBulkDelete`: many registry commands in one request. */
export const productBulkSlice: GraphQLSlice = { typeDefs: productBulkTypeDefs, resolvers }
