import { productStream } from '../../../../domain/catalog/product/streams.js'
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
import type { MutationResult } from '../../../../app/platform.js'
import { productsByIds, readProduct } from '../../../../app/catalog/product/reads.js'
import {
  listVariants,
  optionsOfProducts,
  readVariant,
  variantTotals,
  variantsByIds,
  variantsOfProducts,
} from '../../../../app/catalog/product/variant-reads.js'
import type { ProductView } from '../../../../app/catalog/product/view.js'
import type { ProductVariantView, VariantTotalsView } from '../../../../app/catalog/product/variant-view.js'
import { mediaByIds } from '../../../../app/media/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import { listResolver } from '../../shared/query-resolvers.js'
import { commandContext, requireStore } from '../../../../app/caller.js'
import { type RequestContext } from '../../shared/context.js'
import { batchLoader, idOf } from '../../shared/loaders.js'
import { productVariantMutationTypeDefs } from './variant-mutation-schema.js'
import { productVariantTypeDefs } from './variant-schema.js'

type Input = { input: Record<string, unknown> }

/** Runs the command, waits until the read models show it, and reads the product back. */
async function run(
  ctx: RequestContext,
  definition: AnyCommandDefinition,
  input: unknown,
): Promise<{ result: MutationResult; product: ProductView }> {
  const result = await ctx.platform.executeAndWait(definition, input, commandContext(ctx))
  return { result, product: await readProduct(ctx, { id: result.entityId }) }
}

const readVariants = variantsByIds

/** The ids of the variants a command created, from its own events: prepare chose them, so the input does not hold them. */
async function createdVariantIds(ctx: RequestContext, result: MutationResult): Promise<string[]> {
  const positions = new Set(result.events.filter((e) => e.type === 'ProductVariantCreated').map((e) => e.position))
  const stream = await ctx.platform.eventStore.readStream(productStream(requireStore(ctx).id, result.entityId))
  return stream.filter((e) => positions.has(e.position)).map((e) => String(e.data.variantId))
}

const lower = (id: unknown) => String(id).toLowerCase()

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    productVariant: (_root, args: { id: string }, ctx) => readVariant(ctx, args.id),
    productVariants: listResolver(listVariants),
  },
  Mutation: {
    productOptionAdd: async (_root, { input }: Input, ctx) => {
      const { result, product } = await run(ctx, productOptionAdd, input)
      const [options] = await optionsOfProducts(ctx, [product.id])
      const name = String(input.name).trim().toLowerCase()
      return {
        product,
        option: options!.find((o) => o.name.toLowerCase() === name) ?? null,
        eventPosition: result.position,
      }
    },
    productOptionUpdate: async (_root, { input }: Input, ctx) => {
      const { result, product } = await run(ctx, productOptionUpdate, input)
      const [options] = await optionsOfProducts(ctx, [product.id])
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

/** The variant totals of every product of a response, of which each field picks one. */
const totalsLoader = <Total>(pick: (totals: VariantTotalsView) => Total) =>
  batchLoader(idOf, async (ctx, ids: string[]) => (await variantTotals(ctx, ids)).map(pick))

/** One query per field for every product or variant of a response, never one per object. */
const loaders: GraphQLSlice['loaders'] = {
  Product: {
    options: batchLoader(idOf, optionsOfProducts),
    variants: batchLoader(idOf, variantsOfProducts),
    priceRange: totalsLoader((totals) => totals.priceRange),
    totalInventory: totalsLoader((totals) => totals.totalInventory),
    variantsCount: totalsLoader((totals) => totals.variantsCount),
  },
  ProductVariant: {
    product: batchLoader((variant: ProductVariantView) => variant.productId, productsByIds),
    // Variants of one response share few images: one lookup per distinct image.
    image: batchLoader((variant: ProductVariantView) => variant.mediaId, mediaByIds),
  },
}

export const productVariantSlice: GraphQLSlice = {
  typeDefs: productVariantTypeDefs + productVariantMutationTypeDefs,
  resolvers,
  loaders,
}
