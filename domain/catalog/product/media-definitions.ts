import { defineCommand, type AnyCommandDefinition } from '../../shared/command.js'
import { deciderOf } from '../../shared/event.js'
import { requireLiveMedia } from '../../media/live.js'
import {
  decideProductMedia,
  evolveProductMedia,
  initialProductMediaState,
  productMediaAttachInput,
  productMediaDetachInput,
  productMediaReorderInput,
} from './media.js'
import { onProduct, productWrite } from './write.js'
import { inputAsData, storeOf } from '../../shared/store-of.js'

/** A second decider over the product stream: it folds only what the media commands need. */
export const productMediaDecider = deciderOf(initialProductMediaState, evolveProductMedia, decideProductMedia)

const WRITE = productWrite({ decider: productMediaDecider })

export const productMediaAttach = defineCommand({
  name: 'productMediaAttach',
  tool: 'attach_product_media',
  description:
    'Show media of the media library (images uploaded with upload_image) on a product, found by productId. position says ' +
    'where to insert them, counting from 0 (0 makes the first one the main image); they go last when omitted. Media the ' +
    'product already shows stay where they are, so repeating a call is safe. Returns the product with its media. Fails ' +
    'with NOT_FOUND when the product or a media id is unknown in this store.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: productMediaAttachInput,
  async prepare(input, env) {
    const storeId = storeOf(env)
    for (const [index, mediaId] of input.mediaIds.entries())
      await requireLiveMedia(env, storeId, mediaId, ['input', 'mediaIds', index])
    return onProduct(env, input.productId, {
      type: 'ProductMediaAttach',
      data: { ...input, position: input.position ?? null },
    })
  },
})

export const productMediaDetach = defineCommand({
  name: 'productMediaDetach',
  tool: 'detach_product_media',
  description:
    'Stop showing media on a product, found by productId. The media stay in the media library. Media the product does not ' +
    'show are ignored, so repeating a call is safe. Returns the product with its remaining media. Fails with NOT_FOUND when ' +
    'the product is unknown.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: productMediaDetachInput,
  prepare: inputAsData(onProduct, 'productId', 'ProductMediaDetach'),
})

export const productMediaReorder = defineCommand({
  name: 'productMediaReorder',
  tool: 'reorder_product_media',
  description:
    'Change the order of the media a product shows: the listed media come first, in the order given, and the others keep ' +
    'their order after them, so listing one id makes it the main image. Returns the product with its media. Fails with ' +
    'BAD_USER_INPUT when a listed media is not attached to the product, and NOT_FOUND when the product is unknown.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: productMediaReorderInput,
  prepare: inputAsData(onProduct, 'productId', 'ProductMediaReorder'),
})

export const productMediaCommands: readonly AnyCommandDefinition[] = [
  productMediaAttach,
  productMediaDetach,
  productMediaReorder,
]
