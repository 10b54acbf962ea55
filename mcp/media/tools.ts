import { z } from 'zod'
import { productMediaAttach } from '../../domain/catalog/product/media-definitions.js'
import { ALT_MAX_LENGTH, filename } from '../../domain/media/commands.js'
import { mediaCreate, mediaDelete } from '../../domain/media/definitions.js'
import { MEDIA_LIST } from '../../domain/media/list.js'
import { commandScopesText, grantsCommand } from '../../domain/shared/command.js'
import { filterSchema, sortSchema } from '../../domain/shared/list-spec.js'
import { DomainError, badInput } from '../../domain/shared/errors.js'
import { deleteMedia } from '../../app/media/delete.js'
import { formatBytes } from '../../domain/shared/bytes.js'
import { ingestMedia, type IngestSource } from '../../app/media/ingest.js'
import { findProductView } from '../../app/catalog/product/reads.js'
import { uploadLimitBytes } from '../../app/media/limits.js'
import { canReadMedia, listMedia, readMedia } from '../../app/media/reads.js'
import { mediaViewSchema } from '../../app/media/view.js'
import { listArgsShape, listSchema } from '../shared/lists.js'
import { parseInput } from '../shared/schema.js'
import { callerOf, commandContext, requireStore, type ShopSession, type ToolCall } from '../shared/session.js'
import { readTool, shopTool, type ShopTool } from '../shared/tool.js'
import { confirmField, confirmed, eventPosition } from '../shared/write.js'

const DATA_FIELD = ['input', 'data'] as const
const URL_FIELD = ['input', 'url'] as const

/** `data:image/png;base64,` before the base64, as agents often copy it from a data URL. */
const DATA_URL_PREFIX = /^data:[^,]{0,200};base64,/i
/** Standard or URL-safe alphabet, padding optional (Node decodes both). */
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/

const uploadImageArgs = z.strictObject({
  data: z
    .string({ error: 'data must be a string of base64' })
    .nullish()
    .describe('The file\'s bytes as base64 (a "data:image/png;base64," prefix is fine). Give data or url, not both.'),
  url: z
    .string({ error: 'url must be a string' })
    .nullish()
    .describe(
      'A public http(s) URL to download the file from (ports 80 and 443, at most 3 redirects). Give data or url, not both.',
    ),
  filename: filename.describe(
    'The name shown in the media library, e.g. "red-shirt.jpg"; its extension is corrected to the real type.',
  ),
  alt: z
    .string({ error: 'alt must be a string' })
    .nullish()
    .describe(
      `Describes the image for people who cannot see it and for search engines, at most ${ALT_MAX_LENGTH} characters. Empty when omitted.`,
    ),
  productId: z
    .uuid({ error: 'productId must be a product id (a UUID)' })
    .overwrite((id) => id.toLowerCase())
    .nullish()
    .describe('A product to show the image on at once, after its other media. Needs products:write.'),
})

const uploadedSchema = z.object({
  media: mediaViewSchema,
  url: z
    .string()
    .describe(
      'Where the file is served: an absolute URL over HTTP, the /storage path over stdio. Cacheable for a year.',
    ),
  attachedToProductId: z.string().nullable().describe('The product it was attached to; null without productId.'),
  eventPosition,
})

const deleteMediaArgs = z.strictObject({
  id: z.string({ error: 'id must be a string' }).describe('The media id (upload_image and list_media return it).'),
  force: z
    .boolean({ error: 'force must be true or false' })
    .nullish()
    .describe(
      'Detach the media from every product that shows it, then delete it. Without it, a media in use is refused with CONFLICT.',
    ),
})

const deletedSchema = z.object({
  deletedId: z.string(),
  detachedFromProductIds: z.array(z.string()).describe('The products it was detached from first (force only).'),
  eventPosition,
})

const listMediaArgs = z.strictObject({
  ...listArgsShape,
  filter: filterSchema(MEDIA_LIST).nullish(),
  sort: sortSchema(MEDIA_LIST)
    .nullish()
    .describe('CREATED_AT_DESC when omitted; ties are broken by id, so cursors never skip or repeat.'),
})

export const mediaReadTools: readonly ShopTool[] = [
  readTool({
    name: 'get_media',
    description:
      'Get one media (an image or PDF of the media library) of the current store by id: its type, size, pixels, alt text and ' +
      'the /storage URL it is served at. Fails with NOT_FOUND when the store has no such media.',
    available: canReadMedia,
    input: z.strictObject({ id: z.string().describe('The media id (upload_image and list_media return it).') }),
    output: mediaViewSchema,
    run: ({ id }, call) => readMedia(callerOf(call), id),
  }),
  readTool({
    name: 'list_media',
    description:
      "List the current store's media library with filters, sort and pagination (the arguments of GraphQL's medias query): " +
      'by kind, type, alt text, file name, upload time, and whether any product shows it (used: false finds images without ' +
      'alt text to fix or unused ones to clean up). Use page+limit to jump to a page, first+after to walk the list with ' +
      'pageInfo.endCursor, or last+before to walk back from pageInfo.startCursor. Returns nodes, pageInfo and totalCount.',
    available: canReadMedia,
    input: listMediaArgs,
    output: listSchema(mediaViewSchema),
    async run(args, call) {
      const { nodes, pageInfo, totalCount } = await listMedia(callerOf(call), args)
      return { nodes, pageInfo, totalCount }
    },
  }),
]

export const mediaWriteTools: readonly ShopTool[] = [
  shopTool({
    name: 'upload_image',
    description:
      "Put an image (JPEG, PNG, WebP, AVIF, GIF) or a PDF into the current store's media library, from its bytes as base64 " +
      '(data) or from a public URL (url): give exactly one. With productId it is also shown on that product, after its other ' +
      'media. The type is judged from the bytes, never the name (a PNG named .jpg is stored as .png); SVG is refused. Files ' +
      'may have 20 MB and images 40 megapixels unless the server sets other limits; images are re-encoded without their ' +
      'metadata (EXIF, GPS). Returns the media (its id is what attach_product_media, update_media and delete_media take) and ' +
      'the url it is served at. A refused file fails with BAD_USER_INPUT on input.data or input.url, saying why.',
    // The registry's own rule for mediaCreate, so the tool is listed exactly when the upload would pass the scope check.
    available: (scopes) => grantsCommand(scopes, mediaCreate),
    input: uploadImageArgs,
    output: uploadedSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    run: uploadImage,
  }),
  shopTool({
    name: 'delete_media',
    description:
      'Delete a media of the media library, found by id, for good. While products show it the delete is refused with CONFLICT ' +
      'naming them; force: true first detaches it from each of them. Needs confirm: true. Returns the deleted id and the ' +
      'products it was detached from. Fails with NOT_FOUND when the id is unknown or already deleted.',
    available: (scopes) => grantsCommand(scopes, mediaDelete),
    input: deleteMediaArgs.extend({ confirm: confirmField }),
    output: deletedSchema,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    async run(raw, call) {
      const args = parseInput(deleteMediaArgs, confirmed('delete_media', raw))
      requireStore(call.session)
      return { ...(await deleteMedia(call.session.platform, commandContext(call), args)) }
    },
  }),
]

/**
 * The media pipeline of every transport (`ingestMedia`) with bytes from base64 or a URL, then
 * `productMediaAttach` through the registry. What can be checked before the upload is, so a
 * call that cannot attach stores nothing.
 */
async function uploadImage(raw: Record<string, unknown>, call: ToolCall): Promise<Record<string, unknown>> {
  const args = parseInput(uploadImageArgs, raw)
  const { session } = call
  requireStore(session)
  const { data, url } = args
  if ((data == null) === (url == null)) {
    throw badInput(
      DATA_FIELD,
      'give either data (the file as base64) or url (a public http(s) URL of the file), exactly one of them',
    )
  }
  if (args.productId) await requireAttachable(call, args.productId)
  const source: IngestSource =
    data != null ? { bytes: decodeBase64(data, uploadLimitBytes(session.platform)) } : { url: url! }
  const ctx = commandContext(call)
  const uploaded = await ingestMedia(session.platform, ctx, {
    ...source,
    filename: args.filename,
    alt: args.alt,
    field: data != null ? DATA_FIELD : URL_FIELD,
  })

  let position = uploaded.eventPosition
  if (args.productId) {
    try {
      position =
        (
          await session.platform.executeAndWait(
            productMediaAttach,
            { productId: args.productId, mediaIds: [uploaded.media.id] },
            ctx,
          )
        ).position ?? position
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      // Rare after the checks above (a product deleted meanwhile, one already showing the most media it may): the
      // upload stands, and saying so keeps an agent from uploading the file again.
      throw new DomainError(
        error.code,
        `the file was uploaded as media '${uploaded.media.id}' (${uploaded.url}), but attaching it to product '${args.productId}' failed: ${error.message}. ` +
          'Do not upload it again: attach the media with attach_product_media.',
        { field: ['input', 'productId'] },
      )
    }
  }
  return {
    media: uploaded.media,
    url: absolute(session, uploaded.url),
    attachedToProductId: args.productId ?? null,
    eventPosition: position,
  }
}

/** The key may attach and the product exists, asked before the bytes are stored. */
async function requireAttachable(call: ToolCall, productId: string): Promise<void> {
  const { session } = call
  if (!grantsCommand(session.principal.scopes, productMediaAttach)) {
    throw new DomainError(
      'FORBIDDEN',
      `showing media on a product needs the ${commandScopesText(productMediaAttach)} scope, which this credential does not have; upload without productId`,
      { field: ['input', 'productId'] },
    )
  }
  if (!(await findProductView(callerOf(call), productId))) {
    throw new DomainError('NOT_FOUND', `product '${productId}' does not exist in this store`, {
      field: ['input', 'productId'],
    })
  }
}

/**
 * The bytes of base64 `data`, refused before decoding when they would exceed the byte limit, in
 * the words GraphQL uses for a multipart file over it. Node's decoder skips characters outside
 * the alphabet silently, so the alphabet is checked first: a mangled string must fail, not
 * become a different file.
 */
function decodeBase64(data: string, maxBytes: number): Buffer {
  const text = data.replace(DATA_URL_PREFIX, '').replace(/\s+/g, '')
  if (!BASE64.test(text) || text.length % 4 === 1) {
    throw badInput(
      DATA_FIELD,
      'data must be the file encoded as base64 (A-Z, a-z, 0-9, + and /, = padding), optionally after a data:<type>;base64, prefix',
    )
  }
  if (Math.floor((text.replace(/=+$/, '').length * 3) / 4) > maxBytes) {
    throw badInput(DATA_FIELD, `the file is larger than the ${formatBytes(maxBytes)} limit; upload a smaller file`)
  }
  return Buffer.from(text, 'base64')
}

/** The path as an absolute URL when the client reached us over HTTP; stdio has no origin to offer. */
function absolute(session: ShopSession, path: string): string {
  if (!session.origin) return path
  try {
    return new URL(path, session.origin).href
  } catch {
    return path
  }
}
