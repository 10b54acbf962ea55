import { mediaUpdate } from '../../../domain/media/definitions.js'
import {
  productMediaAttach,
  productMediaDetach,
  productMediaReorder,
} from '../../../domain/catalog/product/media-definitions.js'
import type { AnyCommandDefinition } from '../../../domain/shared/command.js'
import { v7 as uuidv7 } from 'uuid'
import { filename as filenameSchema } from '../../../domain/media/commands.js'
import { mediaCreate } from '../../../domain/media/definitions.js'
import { MEDIA_MIME_TYPES } from '../../../domain/media/events.js'
import { commandScopesText, grantsCommand } from '../../../domain/shared/command.js'
import { DomainError, badInput, notFound } from '../../../domain/shared/errors.js'
import { grants, type Scope } from '../../../domain/shared/scopes.js'
import { deleteMedia } from '../../../app/media/delete.js'
import { formatBytes } from '../../../domain/shared/bytes.js'
import { IMPORT_MIME_TYPE } from '../../../app/catalog/import/staged.js'
import { ingestMedia, mediaPath } from '../../../app/media/ingest.js'
import { mediaServices } from '../../../infra/media/services.js'
import { STAGED_UPLOAD_TTL_MS, signStagedUpload } from '../../../infra/media/staged-token.js'
import { announceStagedUpload, dropStagedUpload, takeStagedUpload } from '../../../infra/media/staged-uploads.js'
import { VARIANT_WIDTHS } from '../../../infra/media/variants.js'
import { findProduct, type ProductRecord } from '../../../projections/catalog/product/queries.js'
import {
  findMedia,
  listMedia,
  mediaOfProducts,
  type ListMediaArgs,
  type MediaRecord,
} from '../../../projections/media/queries.js'
import type { GraphQLSlice } from '../plugin.js'
import { commandContext, mutate, requireStore } from '../../../app/caller.js'
import { type GraphQLContext, type RequestContext } from '../shared/context.js'
import { mediaTypeDefs } from './schema.js'
import { uploadScalar, type UploadedFile } from './upload.js'

const READ_SCOPES: readonly Scope[] = ['products:read', 'webstore:read']

function requireRead(ctx: RequestContext): string {
  if (!READ_SCOPES.some((scope) => grants(ctx.principal.scopes, scope))) {
    throw new DomainError(
      'FORBIDDEN',
      `this needs the ${READ_SCOPES.join(' or ')} scope, which this credential does not have`,
    )
  }
  return requireStore(ctx).id
}

/** Checked before any bytes are read or stored, with the same rule the registry applies. */
function requireUpload(ctx: RequestContext): string {
  if (!grantsCommand(ctx.principal.scopes, mediaCreate)) {
    throw new DomainError(
      'FORBIDDEN',
      `uploading media needs the ${commandScopesText(mediaCreate)} scope, which this credential does not have`,
    )
  }
  return requireStore(ctx).id
}

async function readMedia(ctx: RequestContext, id: string): Promise<MediaRecord> {
  const media = await findMedia(ctx.platform.database.db, requireRead(ctx), id)
  if (!media) throw notFound('media', id)
  return media
}

async function readProduct(ctx: RequestContext, id: string): Promise<ProductRecord> {
  const product = await findProduct(ctx.platform.database.db, requireStore(ctx).id, { id })
  if (!product) throw notFound('product', id)
  return product
}

interface MediaCreateArgs {
  input: { file?: UploadedFile | null; stagedUploadId?: string | null; alt?: string | null; filename?: string | null }
}

async function createMedia(ctx: GraphQLContext, { input }: MediaCreateArgs) {
  const storeId = requireUpload(ctx)
  if ((input.file == null) === (input.stagedUploadId == null)) {
    throw badInput(
      ['input', 'file'],
      'give either file (a file of a multipart request) or stagedUploadId (from mediaStagedUploadCreate), exactly one of them',
    )
  }
  const services = mediaServices(ctx.platform)
  if (input.file) {
    const { file } = input
    const result = await ingestMedia(ctx.platform, commandContext(ctx), {
      bytes: file.bytes,
      filename: input.filename ?? file.filename,
      alt: input.alt,
    })
    return { media: result.media, eventPosition: result.eventPosition }
  }
  const field = ['input', 'stagedUploadId']
  const staged = await takeStagedUpload(services.blobs, storeId, input.stagedUploadId!, field)
  let result
  try {
    result = await ingestMedia(ctx.platform, commandContext(ctx), {
      bytes: staged.bytes,
      filename: input.filename ?? staged.filename,
      alt: input.alt,
      field,
    })
  } catch (error) {
    // Bytes the pipeline refused never pass; anything else (a busy database) may on a retry.
    if (error instanceof DomainError && error.code === 'BAD_USER_INPUT' && error.field?.join('.') === field.join('.')) {
      await dropStagedUpload(services.blobs, storeId, input.stagedUploadId!)
    }
    throw error
  }
  await dropStagedUpload(services.blobs, storeId, input.stagedUploadId!)
  return { media: result.media, eventPosition: result.eventPosition }
}

async function createStagedUpload(
  ctx: GraphQLContext,
  { input }: { input: { filename: string; mimeType: string; fileSize: number } },
) {
  const storeId = requireUpload(ctx)
  const services = mediaServices(ctx.platform)
  const filename = filenameSchema.safeParse(input.filename)
  if (!filename.success) throw badInput(['input', 'filename'], filename.error.issues[0]!.message)
  // A catalog import file (productsImport) is staged the same way; it never becomes a media.
  if (!(MEDIA_MIME_TYPES as readonly string[]).includes(input.mimeType) && input.mimeType !== IMPORT_MIME_TYPE) {
    const svg = /svg/i.test(input.mimeType) ? 'SVG images are refused because they can carry scripts; ' : ''
    throw badInput(
      ['input', 'mimeType'],
      `${svg}mimeType must be one of ${MEDIA_MIME_TYPES.join(', ')} (or ${IMPORT_MIME_TYPE} for productsImport); got '${input.mimeType.slice(0, 60)}'`,
    )
  }
  if (!Number.isInteger(input.fileSize) || input.fileSize < 1 || input.fileSize > services.maxBytes) {
    throw badInput(
      ['input', 'fileSize'],
      `fileSize must be between 1 byte and the ${formatBytes(services.maxBytes)} limit; got ${input.fileSize}`,
    )
  }
  const stagedUploadId = uuidv7()
  const expiresAt = new Date(Date.now() + STAGED_UPLOAD_TTL_MS)
  const token = signStagedUpload(await services.signingKey(), {
    storeId,
    uploadId: stagedUploadId,
    fileSize: input.fileSize,
    expiresAt,
  })
  await announceStagedUpload(services.blobs, storeId, stagedUploadId, filename.data)
  const request = ctx.reply.request
  return {
    stagedUpload: {
      stagedUploadId,
      url: `${request.protocol}://${request.host}/storage/uploads/${token}`,
      method: 'PUT',
      expiresAt,
    },
    eventPosition: null,
  }
}

async function changeProductMedia(ctx: GraphQLContext, definition: AnyCommandDefinition, input: unknown) {
  const { entityId, eventPosition } = await mutate(ctx, definition, input)
  return { product: await readProduct(ctx, entityId), eventPosition }
}

const resolvers: GraphQLSlice['resolvers'] = {
  Upload: uploadScalar,
  Media: {
    url: (media: MediaRecord) => mediaPath(media),
    urlFor: (media: MediaRecord, args: { width?: number | null; format?: 'WEBP' | 'AVIF' | null }) => {
      if (media.kind !== 'IMAGE')
        throw badInput(
          ['format'],
          `only images have sizes and formats; '${media.filename}' is a ${media.mimeType} file`,
        )
      if (args.width != null && !(VARIANT_WIDTHS as readonly number[]).includes(args.width)) {
        throw badInput(['width'], `width must be one of ${VARIANT_WIDTHS.join(', ')}; got ${args.width}`)
      }
      const query = [
        args.width != null ? `w=${args.width}` : '',
        args.format ? `format=${args.format.toLowerCase()}` : '',
      ]
        .filter(Boolean)
        .join('&')
      return query ? `${mediaPath(media)}?${query}` : mediaPath(media)
    },
  },
  Query: {
    media: (_root, args: { id: string }, ctx) => readMedia(ctx, args.id),
    medias: (_root, args: ListMediaArgs, ctx) => listMedia(ctx.platform.database.db, requireRead(ctx), args),
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
    media: async (queries: { obj: ProductRecord }[], context) => {
      const ctx = context as GraphQLContext
      return mediaOfProducts(
        ctx.platform.database.db,
        requireRead(ctx),
        queries.map((query) => query.obj.id),
      )
    },
  },
}

export const mediaSlice: GraphQLSlice = { typeDefs: mediaTypeDefs, resolvers, loaders }
