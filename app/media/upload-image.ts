import { productMediaAttach } from '../../domain/catalog/product/media-definitions.js'
import { mediaUpload } from '../../domain/media/service-definitions.js'
import { formatBytes } from '../../domain/shared/bytes.js'
import { commandScopesText, grantsCommand } from '../../domain/shared/command.js'
import { DomainError, badInput } from '../../domain/shared/errors.js'
import { findProductView } from '../catalog/product/reads.js'
import { commandContext, type Caller } from '../caller.js'
import { defineServiceRun } from '../commands/services.js'
import { ingestMedia, type IngestSource } from './ingest.js'
import { uploadLimitBytes } from './limits.js'
import type { MediaView } from './view.js'

const DATA_FIELD = ['input', 'data'] as const
const URL_FIELD = ['input', 'url'] as const

/** `data:image/png;base64,` before the base64, as agents often copy it from a data URL. */
const DATA_URL_PREFIX = /^data:[^,]{0,200};base64,/i
/** Standard or URL-safe alphabet, padding optional (Node decodes both). */
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/

export interface UploadedImage {
  media: MediaView
  /** Where the file is served: absolute under the origin the client reached, else the /storage path. */
  url: string
  attachedToProductId: string | null
  eventPosition: string | null
}

type UploadImageInput = {
  data?: string | null
  url?: string | null
  filename: string
  alt?: string | null
  productId?: string | null
}

/**
 * `mediaUpload` (the MCP `upload_image` tool): the media pipeline (`ingestMedia`) over bytes from
 * base64 or a URL, then `productMediaAttach` through the registry. What can be checked before
 * the upload is, so a call that cannot attach stores nothing.
 */
export const mediaUploadService = defineServiceRun<UploadImageInput, UploadedImage>({
  definition: mediaUpload,
  async run(args, { caller, origin }) {
    const { data, url } = args
    if ((data == null) === (url == null)) {
      throw badInput(
        DATA_FIELD,
        'give either data (the file as base64) or url (a public http(s) URL of the file), exactly one of them',
      )
    }
    if (args.productId) await requireAttachable(caller, args.productId)
    const source: IngestSource =
      data != null ? { bytes: decodeBase64(data, uploadLimitBytes(caller.platform)) } : { url: url! }
    const ctx = commandContext(caller)
    const uploaded = await ingestMedia(caller.platform, ctx, {
      ...source,
      filename: args.filename,
      alt: args.alt,
      field: data != null ? DATA_FIELD : URL_FIELD,
    })

    let position = uploaded.eventPosition
    if (args.productId) {
      try {
        const attach = { productId: args.productId, mediaIds: [uploaded.media.id] }
        position = (await caller.platform.executeAndWait(productMediaAttach, attach, ctx)).position ?? position
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
      url: absolute(origin, uploaded.url),
      attachedToProductId: args.productId ?? null,
      eventPosition: position,
    }
  },
})

/** The key may attach and the product exists, asked before the bytes are stored. */
async function requireAttachable(caller: Caller, productId: string): Promise<void> {
  if (!grantsCommand(caller.principal.scopes, productMediaAttach)) {
    throw new DomainError(
      'FORBIDDEN',
      `showing media on a product needs the ${commandScopesText(productMediaAttach)} scope, which this credential does not have; upload without productId`,
      { field: ['input', 'productId'] },
    )
  }
  if (!(await findProductView(caller, productId))) {
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
function absolute(origin: string | null, path: string): string {
  if (!origin) return path
  try {
    return new URL(path, origin).href
  } catch {
    return path
  }
}
