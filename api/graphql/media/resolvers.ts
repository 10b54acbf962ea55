import type { AnyCommandDefinition } from '../../../domain/shared/command.js'
import {
  productMediaAttach,
  productMediaDetach,
  productMediaReorder,
} from '../../../domain/catalog/product/media-definitions.js'
import { mediaUpdate } from '../../../domain/media/definitions.js'
import { badInput } from '../../../domain/shared/errors.js'
import { listMedia, mediaOfProducts, readMedia, type ListMediaArgs } from '../../../app/media/reads.js'
import { readProduct } from '../../../app/catalog/product/reads.js'
import type { ProductView } from '../../../app/catalog/product/view.js'
import { deleteMedia } from '../../../app/media/delete.js'
import { ingestMedia } from '../../../app/media/ingest.js'
import { ingestStagedUpload, requireUpload, stageUpload } from '../../../app/media/staged.js'
import { mediaPath, mediaUrlFor, type MediaView } from '../../../app/media/view.js'
import type { GraphQLSlice } from '../plugin.js'
import { commandContext, mutate } from '../../../app/caller.js'
import { type GraphQLContext } from '../shared/context.js'
import { mediaTypeDefs } from './schema.js'
import { uploadScalar, type UploadedFile } from './upload.js'

/** A media as another slice may still give it: a read-model record, without its URL. */
type MediaLike = MediaView | (Parameters<typeof mediaPath>[0] & Omit<MediaView, 'url'>)

const withUrl = (media: MediaLike): MediaView => ('url' in media ? media : { ...media, url: mediaPath(media) })

interface MediaCreateArgs {
  input: { file?: UploadedFile | null; stagedUploadId?: string | null; alt?: string | null; filename?: string | null }
}

async function createMedia(ctx: GraphQLContext, { input }: MediaCreateArgs) {
  requireUpload(ctx)
  if ((input.file == null) === (input.stagedUploadId == null)) {
    throw badInput(
      ['input', 'file'],
      'give either file (a file of a multipart request) or stagedUploadId (from mediaStagedUploadCreate), exactly one of them',
    )
  }
  const result = input.file
    ? await ingestMedia(ctx.platform, commandContext(ctx), {
        bytes: input.file.bytes,
        filename: input.filename ?? input.file.filename,
        alt: input.alt,
      })
    : await ingestStagedUpload(ctx, { stagedUploadId: input.stagedUploadId!, alt: input.alt, filename: input.filename })
  return { media: result.media, eventPosition: result.eventPosition }
}

async function createStagedUpload(
  ctx: GraphQLContext,
  { input }: { input: { filename: string; mimeType: string; fileSize: number } },
) {
  const request = ctx.reply.request
  return { stagedUpload: await stageUpload(ctx, input, `${request.protocol}://${request.host}`), eventPosition: null }
}

async function changeProductMedia(ctx: GraphQLContext, definition: AnyCommandDefinition, input: unknown) {
  const { entityId, eventPosition } = await mutate(ctx, definition, input)
  return { product: await readProduct(ctx, { id: entityId }), eventPosition }
}

const resolvers: GraphQLSlice['resolvers'] = {
  Upload: uploadScalar,
  Media: {
    url: (media: MediaLike) => withUrl(media).url,
    urlFor: (media: MediaLike, args: { width?: number | null; format?: 'WEBP' | 'AVIF' | null }) =>
      mediaUrlFor(withUrl(media), args),
  },
  Query: {
    media: (_root, args: { id: string }, ctx) => readMedia(ctx, args.id),
    medias: (_root, args: ListMediaArgs, ctx) => listMedia(ctx, args),
  },
  Mutation: {
    mediaCreate: (_root, args: MediaCreateArgs, ctx) => createMedia(ctx, args),
    mediaCreateFromUrl: async (
      _root,
      { input }: { input: { url: string; alt?: string | null; filename?: string | null } },
      ctx,
    ) => {
      requireUpload(ctx)
      const result = await ingestMedia(ctx.platform, commandContext(ctx), {
        url: input.url,
        alt: input.alt,
        filename: input.filename,
      })
      return { media: result.media, eventPosition: result.eventPosition }
    },
    mediaStagedUploadCreate: (_root, args: { input: { filename: string; mimeType: string; fileSize: number } }, ctx) =>
      createStagedUpload(ctx, args),
    mediaUpdate: async (_root, { input }: { input: unknown }, ctx) => {
      const { entityId, eventPosition } = await mutate(ctx, mediaUpdate, input)
      return { media: await readMedia(ctx, entityId), eventPosition }
    },
    mediaDelete: (_root, { input }: { input: { id: string; force?: boolean | null } }, ctx) =>
      deleteMedia(ctx.platform, commandContext(ctx), input),
    productMediaAttach: (_root, { input }: { input: unknown }, ctx) =>
      changeProductMedia(ctx, productMediaAttach, input),
    productMediaDetach: (_root, { input }: { input: unknown }, ctx) =>
      changeProductMedia(ctx, productMediaDetach, input),
    productMediaReorder: (_root, { input }: { input: unknown }, ctx) =>
      changeProductMedia(ctx, productMediaReorder, input),
  },
}

/** `Product.media` for every product of a response in one query. */
const loaders: GraphQLSlice['loaders'] = {
  Product: {
    media: (queries: { obj: ProductView }[], context) =>
      mediaOfProducts(
        context as GraphQLContext,
        queries.map((query) => query.obj.id),
      ),
  },
}

export const mediaSlice: GraphQLSlice = { typeDefs: mediaTypeDefs, resolvers, loaders }
