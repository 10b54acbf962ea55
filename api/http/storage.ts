import type { Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { MEDIA_EXTENSIONS } from '../../domain/media/events.js'
import { DomainError, type ErrorCode } from '../../domain/shared/errors.js'
import type { ImageMimeType } from '../../infra/media/image.js'
import { mediaServices } from '../../infra/media/services.js'
import { verifyStagedUpload } from '../../infra/media/staged-token.js'
import { keepStagedUpload } from '../../infra/media/staged-uploads.js'
import { blobKeys } from '../../infra/media/storage/keys.js'
import { parseVariantRequest } from '../../infra/media/variants.js'
import type { Platform } from '../../app/platform.js'
import { findMediaByHash } from '../../projections/media/queries.js'
import { themeAssetKey } from '../../infra/webstore/theme-assets.js'
import { themeAssetByHash } from '../../projections/webstore/theme/queries.js'
import { refuseRestOfBody } from './refuse-body.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const FILE = /^([0-9a-f]{64})(?:\.([a-z0-9]{2,5}))?$/

/** Content-addressed bytes never change: a year, immutable, so browsers and the CDN never ask again. */
const SERVED_HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  // Nothing served from here may run or load anything, whatever a browser makes of the bytes.
  'content-security-policy': "default-src 'none'",
}

/**
 * `GET /storage/<storeId>/<hash>[.<ext>][?w=&format=]`: a store's media bytes, or a resized or
 * converted variant rendered once and kept in the blob store. Only hashes that a live media
 * of that very store has are served, so another store's id in the path finds nothing.
 *
 * `PUT /storage/uploads/<token>`: the target of a staged upload, authorised by the signed
 * token alone (like an S3 presigned URL), for files too large to send through GraphQL.
 */
export async function storageRoutes(app: FastifyInstance, options: { platform: Platform }): Promise<void> {
  const { platform } = options
  // Uploads are raw bytes of any content type, read as a stream with the grant's own limit, not
  // the 1 MB JSON body limit: this plugin's routes take every body as it comes.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload))

  app.get<{ Params: { storeId: string; file: string }; Querystring: { w?: string; format?: string } }>(
    '/storage/:storeId/:file',
    async (request, reply) => {
      const match = FILE.exec(request.params.file)
      if (!UUID.test(request.params.storeId) || !match) return missing(reply)
      const [, hash, extension] = match as unknown as [string, string, string | undefined]
      let variant
      try {
        variant = parseVariantRequest(request.query)
      } catch (error) {
        return fail(reply, 400, error)
      }
      const media = await findMediaByHash(platform.database.db, request.params.storeId, hash)
      if (!media || (extension !== undefined && extension !== MEDIA_EXTENSIONS[media.mimeType])) return missing(reply)
      const wantsVariant = variant.width !== null || variant.format !== null
      if (wantsVariant && media.kind !== 'IMAGE') {
        return fail(
          reply,
          400,
          new DomainError(
            'BAD_USER_INPUT',
            `only images have sizes and formats; this is a ${media.mimeType} file: drop w and format`,
          ),
        )
      }
      const etag = wantsVariant ? `"${hash}-${variant.width ?? 'full'}-${variant.format ?? 'same'}"` : `"${hash}"`
      reply.headers({ ...SERVED_HEADERS, etag })
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send()

      const services = mediaServices(platform)
      if (wantsVariant) {
        const rendered = await services.variants.get(media.storeId, hash, media.mimeType as ImageMimeType, variant)
        if (!rendered) return missing(reply)
        return reply.type(`image/${rendered.format}`).send(rendered.data)
      }
      const bytes = await services.blobs.get(blobKeys.original(media.storeId, hash))
      if (!bytes) return missing(reply)
      return reply.type(media.mimeType).send(bytes)
    },
  )

  // Binary assets of the store's themes (images and fonts from uploaded zips), by hash.
  app.get<{ Params: { storeId: string; hash: string } }>(
    '/storage/:storeId/theme-assets/:hash',
    async (request, reply) => {
      const { storeId, hash } = request.params
      if (!UUID.test(storeId) || !/^[0-9a-f]{64}$/.test(hash)) return missing(reply)
      const asset = await themeAssetByHash(platform.database.db, storeId, hash)
      if (!asset) return missing(reply)
      const etag = `"${hash}"`
      reply.headers({ ...SERVED_HEADERS, etag })
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send()
      const bytes = await mediaServices(platform).blobs.get(themeAssetKey(storeId, hash))
      if (!bytes) return missing(reply)
      return reply.type(asset.content_type).send(bytes)
    },
  )

  app.put<{ Params: { token: string } }>('/storage/uploads/:token', async (request, reply) => {
    const services = mediaServices(platform)
    const check = verifyStagedUpload(await services.signingKey(), request.params.token, new Date())
    if (!check.ok) {
      const message =
        check.reason === 'expired'
          ? `this upload URL expired at ${check.expiredAt!.toISOString()}; ask for a new one with mediaStagedUploadCreate`
          : 'this upload URL is not valid (its signature does not match); use the url mediaStagedUploadCreate returned, unchanged'
      return send(reply, 403, 'FORBIDDEN', message)
    }
    const { grant } = check
    const limit = Math.min(grant.fileSize, services.maxBytes)
    // Refused from the header alone when it says so, before a byte of the body is read.
    const declared = contentLength(request.headers['content-length'])
    if (declared !== null && declared > limit)
      return tooLarge(
        request,
        reply,
        `Content-Length says ${declared} bytes but this upload URL takes at most ${limit}`,
      )
    if (declared !== null && declared < grant.fileSize) return shortBody(request, reply, declared, grant.fileSize)
    const body = request.body as Readable | undefined
    const read = body ? await readAtMost(body, limit) : { bytes: Buffer.alloc(0) }
    if ('failed' in read) {
      refuseRestOfBody(request, reply)
      return send(
        reply,
        400,
        'BAD_REQUEST',
        'the body could not be read to its end (the connection broke); send the whole file again',
      )
    }
    if ('over' in read) return tooLarge(request, reply, `the body ran past the ${limit} bytes this upload URL takes`)
    const { bytes } = read
    if (bytes.length !== grant.fileSize) return shortBody(request, reply, bytes.length, grant.fileSize)
    await keepStagedUpload(services.blobs, grant.storeId, grant.uploadId, bytes)
    return reply.code(200).send({ stagedUploadId: grant.uploadId, bytes: bytes.length })
  })
}

type Read = { bytes: Buffer } | { over: true } | { failed: true }

/**
 * Reads the stream whole, or stops as soon as it is longer than `max`: the stream is left
 * paused, never destroyed, because destroying an unfinished request destroys its socket before
 * the 413 can reach the client.
 */
function readAtMost(stream: Readable, max: number): Promise<Read> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let total = 0
    const done = (result: Read) => {
      stream.off('data', onData).off('end', onEnd).off('error', onError)
      resolve(result)
    }
    const onData = (chunk: Buffer) => {
      total += chunk.length
      if (total > max) {
        stream.pause()
        return done({ over: true })
      }
      chunks.push(chunk)
    }
    const onEnd = () => done({ bytes: Buffer.concat(chunks) })
    const onError = () => done({ failed: true })
    stream.on('data', onData).on('end', onEnd).on('error', onError)
  })
}

/** A well-formed `Content-Length`, or null (absent: the body is chunked). Fastify has refused malformed ones already. */
function contentLength(header: string | undefined): number | null {
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : null
}

function tooLarge(request: FastifyRequest, reply: FastifyReply, what: string): FastifyReply {
  refuseRestOfBody(request, reply)
  return send(
    reply,
    413,
    'PAYLOAD_TOO_LARGE',
    `${what} (the fileSize it was created with); ask for a new upload URL with the right fileSize`,
  )
}

function shortBody(request: FastifyRequest, reply: FastifyReply, length: number, fileSize: number): FastifyReply {
  refuseRestOfBody(request, reply)
  return send(
    reply,
    400,
    'BAD_REQUEST',
    `the body has ${length} bytes but fileSize announced ${fileSize}; send the whole file`,
  )
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.trim() === '*' || header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag)
}

function missing(reply: FastifyReply): FastifyReply {
  return send(reply.header('cache-control', 'no-store'), 404, 'NOT_FOUND', 'no such file in this store')
}

function fail(reply: FastifyReply, status: number, error: unknown): FastifyReply {
  if (!(error instanceof DomainError)) throw error
  return send(reply, status, error.code, error.message, error.field)
}

function send(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
  field?: readonly (string | number)[],
): FastifyReply {
  return reply.code(status).send({ errors: [{ message, extensions: { code, ...(field ? { field } : {}) } }] })
}
