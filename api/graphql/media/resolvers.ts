import {
  productMediaAttach,
  productMediaDetach,
  productMediaReorder,
} from '../../../domain/catalog/product/media-definitions.js'
import { mediaUpdate } from '../../../domain/media/definitions.js'
import { listMedia, mediaOfProducts, readMedia, type ListMediaArgs } from '../../../app/media/reads.js'
import { readProduct } from '../../../app/catalog/product/reads.js'
import {
  mediaCreateFromUrlService,
  mediaCreateService,
  mediaStagedUploadCreateService,
} from '../../../app/media/create-services.js'
import { mediaDeleteService } from '../../../app/media/delete.js'
import { mediaPath, mediaUrlFor, type MediaView } from '../../../app/media/view.js'
import type { GraphQLSlice } from '../plugin.js'
import { batchLoader, idOf } from '../shared/loaders.js'
import { serve } from '../shared/services.js'
import { mediaTypeDefs } from './schema.js'
import { uploadScalar } from './upload.js'
import { writeResolver, type WrittenEntity } from '../shared/mutations.js'

/** A media as another slice may still give it: a read-model record, without its URL. */
type MediaLike = MediaView | (Parameters<typeof mediaPath>[0] & Omit<MediaView, 'url'>)

const withUrl = (media: MediaLike): MediaView => ('url' in media ? media : { ...media, url: mediaPath(media) })

const writtenProduct: WrittenEntity = { field: 'product', read: (ctx, id) => readProduct(ctx, { id }) }

const writtenMedia: WrittenEntity = { field: 'media', read: (ctx, id) => readMedia(ctx, id) }

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
    mediaCreate: (_root, { input }: { input: unknown }, ctx) => serve(ctx, mediaCreateService, input),
    mediaCreateFromUrl: (_root, { input }: { input: unknown }, ctx) => serve(ctx, mediaCreateFromUrlService, input),
    // Nothing is recorded until mediaCreate takes the upload.
    mediaStagedUploadCreate: async (_root, { input }: { input: unknown }, ctx) => ({
      stagedUpload: await serve(ctx, mediaStagedUploadCreateService, input),
      eventPosition: null,
    }),
    mediaUpdate: writeResolver(mediaUpdate, writtenMedia),
    mediaDelete: (_root, { input }: { input: unknown }, ctx) => serve(ctx, mediaDeleteService, input),
    productMediaAttach: writeResolver(productMediaAttach, writtenProduct),
    productMediaDetach: writeResolver(productMediaDetach, writtenProduct),
    productMediaReorder: writeResolver(productMediaReorder, writtenProduct),
  },
}

/** `Product.media` for every product of a response in one query. */
const loaders: GraphQLSlice['loaders'] = {
  Product: {
    media: batchLoader(idOf, mediaOfProducts),
  },
}

export const mediaSlice: GraphQLSlice = { typeDefs: mediaTypeDefs, resolvers, loaders }
