import { MEDIA_EXTENSIONS } from '../../domain/media/events.js'
import { DomainError } from '../../domain/shared/errors.js'
import type { ImageMimeType } from '../../infra/media/image.js'
import { mediaServices } from '../../infra/media/services.js'
import { verifyStagedUpload } from '../../infra/media/staged-token.js'
import { keepStagedUpload } from '../../infra/media/staged-uploads.js'
import { blobKeys } from '../../infra/media/storage/keys.js'
import { parseVariantRequest, type ConvertFormat } from '../../infra/media/variants.js'
import { themeAssetKey } from '../../infra/webstore/theme-assets.js'
import { findMediaByHash } from '../../projections/media/queries.js'
import { themeAssetByHash } from '../../projections/webstore/theme/queries.js'
import type { Platform } from '../platform.js'

// What `/storage/*` serves and accepts, so the HTTP routes deal only in requests and replies.

/** A content-addressed file found for a request: its ETag, and its bytes read on demand (after a 304 check). */
export interface StoredFile {
  etag: string
  /** Request headers the answer depends on besides the URL, for `Vary`. */
  vary?: string
  /** The bytes and their content type; null when the blob store no longer holds them. */
  read(): Promise<{ contentType: string; bytes: Buffer } | null>
}

/**
 * A store's media by hash, or a resized or converted variant (`w`, `format`) rendered once and
 * kept. Only hashes a live media of that very store has are found, so another store's id finds
 * nothing. BAD_USER_INPUT for a malformed `w`/`format`, or for asking a file that is no image for one.
 */
export async function findMediaFile(
  platform: Platform,
  request: {
    storeId: string
    hash: string
    extension: string | undefined
    query: { w?: unknown; format?: unknown }
    /** The browser's `Accept`: a resized JPEG or PNG goes out as AVIF or WebP to one that takes it. */
    accept?: string | undefined
  },
): Promise<StoredFile | null> {
  const asked = parseVariantRequest(request.query)
  const { hash, extension } = request
  const media = await findMediaByHash(platform.database.db, request.storeId, hash)
  if (!media || (extension !== undefined && extension !== MEDIA_EXTENSIONS[media.mimeType])) return null
  const negotiated = asked.width !== null && asked.format === null && NEGOTIATED.has(media.mimeType)
  const variant = negotiated ? { ...asked, format: modernFormat(request.accept) } : asked
  const wantsVariant = variant.width !== null || variant.format !== null
  if (wantsVariant && media.kind !== 'IMAGE')
    throw new DomainError(
      'BAD_USER_INPUT',
      `only images have sizes and formats; this is a ${media.mimeType} file: drop w and format`,
    )
  const services = mediaServices(platform)
  if (!wantsVariant)
    return {
      etag: `"${hash}"`,
      async read() {
        const bytes = await services.blobs.get(blobKeys.original(media.storeId, hash))
        return bytes ? { contentType: media.mimeType, bytes } : null
      },
    }
  return {
    etag: `"${hash}-${variant.width ?? 'full'}-${variant.format ?? 'same'}"`,
    ...(negotiated ? { vary: 'Accept' } : {}),
    async read() {
      const rendered = await services.variants.get(media.storeId, hash, media.mimeType as ImageMimeType, variant)
      return rendered ? { contentType: `image/${rendered.format}`, bytes: rendered.data } : null
    },
  }
}

/**
 * Photos and drawings a theme shows resized (`image_url: width:` gives `?w=`): the ones worth
 * re-encoding for a browser that takes a smaller format. A GIF may move, and WebP or AVIF is small already.
 */
const NEGOTIATED = new Set(['image/jpeg', 'image/png'])

/** AVIF when the browser takes it (smallest), else WebP, else the original's format. */
function modernFormat(accept: string | undefined): ConvertFormat | null {
  if (!accept) return null
  if (/\bimage\/avif\b/.test(accept)) return 'avif'
  return /\bimage\/webp\b/.test(accept) ? 'webp' : null
}

/** A binary asset of one of the store's themes (images and fonts from uploaded zips), by hash. */
export async function findThemeAssetFile(
  platform: Platform,
  storeId: string,
  hash: string,
): Promise<StoredFile | null> {
  const asset = await themeAssetByHash(platform.database.db, storeId, hash)
  if (!asset) return null
  return {
    etag: `"${hash}"`,
    async read() {
      const bytes = await mediaServices(platform).blobs.get(themeAssetKey(storeId, hash))
      return bytes ? { contentType: asset.content_type, bytes } : null
    },
  }
}

/** A staged upload URL's verdict: how many bytes to take and where to keep them, or why it is refused (403). */
export type StagedUploadTarget =
  | {
      ok: true
      /** The size the upload was created with; the body must have exactly this many bytes. */
      fileSize: number
      /** The most bytes to read: the announced size, capped by the media limit. */
      limit: number
      /** Keeps the bytes under the upload's id for mediaCreate to pick up. */
      keep(bytes: Buffer): Promise<{ stagedUploadId: string }>
    }
  | { ok: false; message: string }

/** Checks a `PUT /storage/uploads/<token>` token: signed by this platform and not expired. */
export async function stagedUploadTarget(platform: Platform, token: string, now: Date): Promise<StagedUploadTarget> {
  const services = mediaServices(platform)
  const check = verifyStagedUpload(await services.signingKey(), token, now)
  if (!check.ok)
    return {
      ok: false,
      message:
        check.reason === 'expired'
          ? `this upload URL expired at ${check.expiredAt!.toISOString()}; ask for a new one with mediaStagedUploadCreate`
          : 'this upload URL is not valid (its signature does not match); use the url mediaStagedUploadCreate returned, unchanged',
    }
  const { grant } = check
  return {
    ok: true,
    fileSize: grant.fileSize,
    limit: Math.min(grant.fileSize, services.maxBytes),
    async keep(bytes) {
      await keepStagedUpload(services.blobs, grant.storeId, grant.uploadId, bytes)
      return { stagedUploadId: grant.uploadId }
    },
  }
}
