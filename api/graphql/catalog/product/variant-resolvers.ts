import {
  productInventoryAdjust,
  productOptionAdd,
  productOptionRemove,
  productOptionUpdate,
  productVariantCreate,
  productVariantDelete,
  productVariantUpdate,
  productVariantsBulkCreate,
  productVariantsBulkDelete,
  productVariantsBulkUpdate,
  productVariantsReorder,
} from '../../../../domain/catalog/product/variant-definitions.js'
import type { AnyCommandDefinition } from '../../../../domain/shared/command.js'
import { productStream } from '../../../../domain/catalog/product/streams.js'
import { notFound } from '../../../../domain/shared/errors.js'
import type { MutationResult } from '../../../../app/platform.js'
import { findProduct, productsByIds, type ProductRecord } from '../../../../projections/catalog/product/queries.js'
import {
  findVariant,
  listVariants,
  optionsOfProducts,
  variantSummaries,
  variantsByIds,
  variantsOfProducts,
  type ListVariantsArgs,
  type VariantRecord,
} from '../../../../projections/catalog/product/variant-queries.js'
import { findMedia } from '../../../../projections/media/queries.js'
import type { GraphQLSlice } from '../../plugin.js'
import { commandContext, requireScope, requireStore } from '../../../../app/caller.js'
import { type GraphQLContext, type RequestContext } from '../../shared/context.js'
import { money } from '../../shared/money.js'
import { wantsTotal } from '../../shared/selection.js'
import { productVariantMutationTypeDefs } from './variant-mutation-schema.js'
import { productVariantTypeDefs } from './variant-schema.js'

type Input = { input: Record<string, unknown> }

function readScope(ctx: RequestContext): string {
  requireScope(ctx, 'products:read')
  return requireStore(ctx).id
}

/** Runs the command, waits until the read models show it, and reads the product back. */
async function run(
  ctx: RequestContext,
  definition: AnyCommandDefinition,
  input: unknown,
): Promise<{ result: MutationResult; product: ProductRecord }> {
  const result = await ctx.platform.executeAndWait(definition, input, commandContext(ctx))
  const product = await findProduct(ctx.platform.database.db, requireStore(ctx).id, { id: result.entityId })
  if (!product) throw notFound('product', result.entityId)
  return { result, product }
}

async function readVariants(ctx: RequestContext, ids: readonly string[]): Promise<VariantRecord[]> {
  const found = await variantsByIds(ctx.platform.database.db, requireStore(ctx).id, ids)
  return found.filter((variant): variant is VariantRecord => variant !== null)
}

/** The ids of the variants a command created, from its own events: prepare chose them, so the input does not hold them. */
async function createdVariantIds(ctx: RequestContext, result: MutationResult): Promise<string[]> {
  const positions = new Set(result.events.filter((e) => e.type === 'ProductVariantCreated').map((e) => e.position))
  const stream = await ctx.platform.eventStore.readStream(productStream(requireStore(ctx).id, result.entityId))
  return stream.filter((e) => positions.has(e.position)).map((e) => String(e.data.variantId))
}

const lower = (id: unknown) => String(id).toLowerCase()

const resolvers: GraphQLSlice['resolvers'] = {
  ProductVariant: {
    price: (v: VariantRecord) => money(v.price),
    compareAtPrice: (v: VariantRecord) => (v.compareAtPrice ? money(v.compareAtPrice) : null),
    cost: (v: VariantRecord) => (v.cost ? money(v.cost) : null),
  },
  Query: {
    productVariant: async (_root, args: { id: string }, ctx) => {
      const variant = await findVariant(ctx.platform.database.db, readScope(ctx), args.id)
      if (!variant) throw notFound('variant', args.id)
      return variant
    },
    productVariants: (_root, args: ListVariantsArgs, ctx, info) =>
      listVariants(ctx.platform.database.db, readScope(ctx), args, { count: wantsTotal(info) }),
  },
  Mutation: {
    productOptionAdd: async (_root, { input }: Input, ctx) => {
      const { result, product } = await run(ctx, productOptionAdd, input)
      const [options] = await optionsOfProducts(ctx.platform.database.db, requireStore(ctx).id, [product.id])
      const name = String(input.name).trim().toLowerCase()
      return {
        product,
        option: options!.find((o) => o.name.toLowerCase() === name) ?? null,
        eventPosition: result.position,
      }
    },
    productOptionUpdate: async (_root, { input }: Input, ctx) => {
      const { result, product } = await run(ctx, productOptionUpdate, input)
      const [options] = await optionsOfProducts(ctx.platform.database.db, requireStore(ctx).id, [product.id])
      return { product, option: options!.find((o) => o.id === lower(input.id)) ?? null, eventPosition: result.position }
    },
    productOptionRemove: async (_root, { input }: Input, ctx) => {
      const { result, product } = await run(ctx, productOptionRemove, input)
      return { product, deletedId: lower(input.id), eventPosition: result.position }
    },
    productVariantCreate: async (_root, { input }: Input, ctx) => {
      const { result, product } = await run(ctx, productVariantCreate, input)
      const [variant] = await readVariants(ctx, await createdVariantIds(ctx, result))
      return { product, variant: variant ?? null, eventPosition: result.position }
    },
    productVariantsBulkCreate: async (_root, { input }: Input, ctx) => {
      const { result, product } = await run(ctx, productVariantsBulkCreate, input)
      return {
        product,
        variants: await readVariants(ctx, await createdVariantIds(ctx, result)),
        eventPosition: result.position,
      }
    },
    productVariantUpdate: async (_root, { input }: Input, ctx) => {
      const { result, product } = await run(ctx, productVariantUpdate, input)
      const [variant] = await readVariants(ctx, [lower(input.id)])
      return { product, variant: variant ?? null, eventPosition: result.position }
    },
    productVariantsBulkUpdate: async (_root, { input }: Input, ctx) => {
      const { result, product } = await run(ctx, productVariantsBulkUpdate, input)
      const ids = (input.variants as { id: string }[]).map((v) => lower(v.id))
      return { product, variants: await readVariants(ctx, [...new Set(ids)]), eventPosition: result.position }
    },
    productVariantDelete: async (_root, { input }: Input, ctx) => {
      const { result, product } = await run(ctx, productVariantDelete, input)
      return { product, deletedId: lower(input.id), eventPosition: result.position }
    },
    productVariantsBulkDelete: async (_root, { input }: Input, ctx) => {
      const { result, product } = await run(ctx, productVariantsBulkDelete, input)
      return {
        product,
        deletedIds: [...new Set((input.variantIds as string[]).map(lower))],
        eventPosition: result.position,
      }
    },
    productVariantsReorder: async (_root, { input }: Input, ctx) => {
      const { result, product } = await run(ctx, productVariantsReorder, input)
      return { product, eventPosition: result.position }
    },
    productInventoryAdjust: async (_root, { input }: Input, ctx) => {
      const { result, product } = await run(ctx, productInventoryAdjust, input)
      const [variant] = await readVariants(ctx, [lower(input.variantId)])
      return { product, variant: variant ?? null, eventPosition: result.position }
    },
  },
}

type Batch<Obj> = { obj: Obj }[]
const dbOf = (context: unknown) => (context as GraphQLContext).platform.database.db
const storeOf = (context: unknown) => readScope(context as GraphQLContext)

/** One query per field for every product or variant of a response, never one per object. */
const loaders: GraphQLSlice['loaders'] = {
  Product: {
    options: (queries: Batch<ProductRecord>, context) =>
      optionsOfProducts(
        dbOf(context),
        storeOf(context),
        queries.map((q) => q.obj.id),
      ),
    variants: (queries: Batch<ProductRecord>, context) =>
      variantsOfProducts(
        dbOf(context),
        storeOf(context),
        queries.map((q) => q.obj.id),
      ),
    priceRange: async (queries: Batch<ProductRecord>, context) => {
      const summaries = await variantSummaries(
        dbOf(context),
        storeOf(context),
        queries.map((q) => q.obj.id),
      )
      return summaries.map((s) =>
        s?.priceMin == null || s.priceMax == null || !s.currencyCode
          ? null
          : {
              min: money({ minor: s.priceMin, currencyCode: s.currencyCode }),
              max: money({ minor: s.priceMax, currencyCode: s.currencyCode }),
            },
      )
    },
    totalInventory: async (queries: Batch<ProductRecord>, context) =>
      (
        await variantSummaries(
          dbOf(context),
          storeOf(context),
          queries.map((q) => q.obj.id),
        )
      ).map((s) => s?.inventoryTotal ?? 0),
    variantsCount: async (queries: Batch<ProductRecord>, context) =>
      (
        await variantSummaries(
          dbOf(context),
          storeOf(context),
          queries.map((q) => q.obj.id),
        )
      ).map((s) => s?.variantCount ?? 0),
  },
  ProductVariant: {
    product: (queries: Batch<VariantRecord>, context) =>
      productsByIds(
        dbOf(context),
        storeOf(context),
        queries.map((q) => q.obj.productId),
      ),
    // Variants of one response share few images: one lookup per distinct image.
    image: async (queries: Batch<VariantRecord>, context) => {
      const storeId = storeOf(context)
      const ids = [...new Set(queries.map((q) => q.obj.mediaId).filter((id): id is string => id !== null))]
      const found = new Map(
        await Promise.all(ids.map(async (id) => [id, await findMedia(dbOf(context), storeId, id)] as const)),
      )
      return queries.map((q) => (q.obj.mediaId ? (found.get(q.obj.mediaId) ?? null) : null))
    },
  },
}

export const productVariantSlice: GraphQLSlice = {
  typeDefs: productVariantTypeDefs + productVariantMutationTypeDefs,
  resolvers,
  loaders,
}
