import { defineCommand, type AnyCommandDefinition, type PrepareEnv } from '../../shared/command.js'
import { badInput, notFound } from '../../shared/errors.js'
import { commandEndRevision } from '../../shared/revert-point.js'
import type { Decider } from '../../shared/event.js'
import { mediaLives } from '../../media/live.js'
import { skuReservations } from './catalog.js'
import type { CatalogDraft } from './variant-commands.js'
import { freeHandle, handleReservations, productDecider } from './definitions.js'
import { decideProductDuplicate, productDuplicateInput, type ProductDuplicate } from './duplicate.js'
import type { ProductEvent } from './events.js'
import { initialProductState, type ProductState } from './product.js'
import { decidePublishDue, type ProductPublishDue } from './publishing.js'
import { definePublishDue } from '../../shared/publishable/publish-due.js'
import { decideProductRevert, productRevertInput, type ProductRevert } from './revert.js'
import {
  evolveProductSnapshot,
  foldProductSnapshot,
  initialProductSnapshot,
  snapshotAttributes,
  snapshotMediaIds,
  type ProductSnapshot,
} from './snapshot.js'
import { PRODUCT_CATEGORY, productStream } from './streams.js'
import { onProduct, productWrite } from './write.js'
import type { Catalog, VariantsState } from './variants.js'
import { storeOf } from '../../shared/store-of.js'

// Commands over a product's life as a whole: copying it, restoring an earlier revision, and the
// scheduler's publish. Each folds the stream with the product's own deciders.

const WRITE = productWrite()

const duplicateDecider: Decider<ProductState, ProductDuplicate, ProductEvent> = {
  ...productDecider,
  decide: decideProductDuplicate,
}
const revertDecider: Decider<ProductSnapshot, ProductRevert, ProductEvent> = {
  initialState: initialProductSnapshot,
  evolve: evolveProductSnapshot,
  decide: decideProductRevert,
}
const publishDueDecider: Decider<ProductState, ProductPublishDue, ProductEvent> = {
  ...productDecider,
  decide: (command, state, ctx) => decidePublishDue(command, state, ctx.now),
}

export const productDuplicate = defineCommand({
  name: 'productDuplicate',
  tool: 'duplicate_product',
  description:
    'Copy a product, found by id, into a new product with its own id: description, vendor, tags, SEO, media, options, ' +
    'variants (with new ids, SKUs and barcodes empty as they must be unique, stock 0) and attribute values are copied; ' +
    'title is required and handle is generated from it when omitted. The copy is DRAFT unless you pass status, and is not ' +
    'scheduled for publishing. Returns the new product. Fails with NOT_FOUND when the source is unknown or deleted, and ' +
    'with CONFLICT when the handle you pass is taken.',
  ...WRITE,
  annotations: { destructive: false, idempotent: false },
  input: productDuplicateInput,
  async prepare(input, env) {
    const storeId = storeOf(env.ctx)
    const history = await env.readStream(productStream(storeId, input.id))
    const source = foldProductSnapshot(history)
    if (source.product.kind !== 'existing') throw notFound('product', input.id)
    const { productId: _sourceId, seo, publishAt: _publishAt, ...fields } = source.product.product
    const productId = env.newId()
    return onProduct(env, productId, {
      type: 'ProductDuplicate',
      data: {
        product: {
          ...fields,
          productId,
          title: input.title,
          handle: input.handle ?? (await freeHandle(input.title, productId, env)),
          status: input.status ?? 'DRAFT',
        },
        seo,
        mediaIds: await liveMedia(env, storeId, snapshotMediaIds(source)),
        catalog: await catalogCopy(env, storeId, source.variants),
        attributes: snapshotAttributes(source),
        sourceId: input.id,
        sourceRevision: history.at(-1)!.revision,
      },
    })
  },
  decider: duplicateDecider,
  uniqueness: handleReservations,
})

export const productRevert = defineCommand({
  name: 'productRevert',
  tool: 'revert_product',
  description:
    'Restore a product, found by id, to how it was at an earlier revision (see its history), as the whole change that wrote ' +
    'that revision left it (0: as its creation made it, variants and SEO included): title, handle, description, ' +
    'status, vendor, tags, SEO, publish schedule, media, options, variants (stock excepted) and attribute values go back ' +
    'to their values then. This appends ordinary change ' +
    'events after a ProductReverted marker, so the history keeps both the changes and the revert, and reverting again ' +
    'is possible. Media deleted from the library since then are left out. Fails with BAD_USER_INPUT when toRevision is ' +
    "beyond the product's current revision, NOT_FOUND when the product is unknown or deleted, and CONFLICT when the old " +
    'handle or a SKU is now used by another product.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: productRevertInput,
  async prepare(input, env) {
    const storeId = storeOf(env.ctx)
    const stream = productStream(storeId, input.id)
    const history = await env.readStream(stream)
    if (foldProductSnapshot(history).product.kind !== 'existing') throw notFound('product', input.id)
    const current = history.at(-1)!.revision
    if (input.toRevision > current) {
      throw badInput(
        ['input', 'toRevision'],
        `toRevision must be between 0 and ${current}, the product's current revision; Product.history lists them`,
      )
    }
    // The product as the whole command that wrote toRevision left it: the state Product.history shows.
    const target = foldProductSnapshot(history, commandEndRevision(history, input.toRevision))
    // Every revision of a live product's stream is a live product: deletion is final and comes last.
    if (target.product.kind !== 'existing') throw notFound('product', input.id)
    const command: ProductRevert = {
      type: 'ProductRevert',
      data: {
        productId: input.id,
        toRevision: input.toRevision,
        target: target.product.product,
        mediaIds: await liveMedia(env, storeId, snapshotMediaIds(target)),
        catalog:
          target.variants.kind === 'existing' ? await withLiveImages(env, storeId, target.variants.catalog) : null,
        attributes: snapshotAttributes(target),
      },
    }
    return { stream, entityId: input.id, command }
  },
  decider: revertDecider,
  uniqueness: (events, before, ctx) => [
    ...handleReservations(events, initialProductState(), ctx),
    ...skuReservations(events, before.variants, ctx),
  ],
})

/**
 * Run by the publish scheduler (actor `system:scheduler`), not offered to clients: it turns a
 * product ACTIVE when its publishAt has come, and does nothing otherwise.
 */
export const productPublishDue = definePublishDue({
  resource: PRODUCT_CATEGORY,
  scope: 'products:write',
  description: 'Turns a product whose publishAt has come ACTIVE; changes nothing when it is not due (any more).',
  decider: publishDueDecider,
  command: (productId): ProductPublishDue => ({ type: 'ProductPublishDue', data: { productId } }),
  stream: productStream,
})

export const productLifecycleCommands: readonly AnyCommandDefinition[] = [
  productDuplicate,
  productRevert,
  productPublishDue,
]

/**
 * The source's options and variants for the copy: new ids, SKUs and barcodes cleared (they are
 * unique per store), inventory at 0 (the copy's stock is counted anew, never doubled), a variant
 * image kept only while that media still exists.
 */
async function catalogCopy(env: PrepareEnv, storeId: string, variants: VariantsState): Promise<CatalogDraft> {
  if (variants.kind !== 'existing') return { options: [], variants: [] }
  const { options, variants: list } = variants.catalog
  const images = new Set(
    await liveMedia(
      env,
      storeId,
      list.flatMap((variant) => (variant.mediaId ? [variant.mediaId] : [])),
    ),
  )
  return {
    options: options.map((option) => ({ optionId: env.newId(), name: option.name, values: [...option.values] })),
    variants: list.map((variant) => ({
      ...variant,
      variantId: env.newId(),
      sku: '',
      barcode: '',
      inventoryQuantity: 0,
      mediaId: variant.mediaId && images.has(variant.mediaId) ? variant.mediaId : null,
      optionValues: variant.optionValues.map((value, index) => ({ name: options[index]!.name, value })),
      field: ['input', 'id'],
    })),
  }
}

/** A past catalog whose variant images are kept only while that media still exists. */
async function withLiveImages(env: PrepareEnv, storeId: string, catalog: Catalog): Promise<Catalog> {
  const images = new Set(
    await liveMedia(
      env,
      storeId,
      catalog.variants.flatMap((variant) => (variant.mediaId ? [variant.mediaId] : [])),
    ),
  )
  return {
    ...catalog,
    variants: catalog.variants.map((variant) => ({
      ...variant,
      mediaId: variant.mediaId && images.has(variant.mediaId) ? variant.mediaId : null,
    })),
  }
}

/** The media of `mediaIds` that still live in the store's library, in order. */
async function liveMedia(env: PrepareEnv, storeId: string, mediaIds: readonly string[]): Promise<string[]> {
  const live: string[] = []
  for (const mediaId of mediaIds) if (await mediaLives(env, storeId, mediaId)) live.push(mediaId)
  return live
}
