import type { Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { DomainError, type ErrorCode } from '../../domain/shared/errors.js'
import { findMediaFile, findThemeAssetFile, stagedUploadTarget, type StoredFile } from '../../app/media/storage.js'
import type { Platform } from '../../app/platform.js'
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
      let file
      try {
        file = await findMediaFile(platform, {
          storeId: request.params.storeId,
          hash,
          extension,
          query: request.query,
          accept: request.headers.accept,
        })
      } catch (error) {
        return fail(reply, 400, error)
      }
      return serve(request, reply, file)
    },
  )

  // Binary assets of the store's themes (images and fonts from uploaded zips), by hash.
  app.get<{ Params: { storeId: string; hash: string } }>(
    '/storage/:storeId/theme-assets/:hash',
    async (request, reply) => {
      const { storeId, hash } = request.params
      if (!UUID.test(storeId) || !/^[0-9a-f]{64}$/.test(hash)) return missing(reply)
      return serve(request, reply, await findThemeAssetFile(platform, storeId, hash))
    },
  )

  app.put<{ Params: { token: string } }>('/storage/uploads/:token', async (request, reply) => {
    const target = await stagedUploadTarget(platform, request.params.token, new Date())
    if (!target.ok) return send(reply, 403, 'FORBIDDEN', target.message)
    const { fileSize, limit } = target
    // Refused from the header alone when it says so, before a byte of the body is read.
    const declared = contentLength(request.headers['content-length'])
    if (declared !== null && declared > limit)
      return tooLarge(
        request,
        reply,
        `Content-Length says ${declared} bytes but this upload URL takes at most ${limit}`,
      )
    if (declared !== null && declared < fileSize) return shortBody(request, reply, declared, fileSize)
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
    if (bytes.length !== fileSize) return shortBody(request, reply, bytes.length, fileSize)
    const { stagedUploadId } = await target.keep(bytes)
    return reply.code(200).send({ stagedUploadId, bytes: bytes.length })
  })
}

/** A found file with the immutable caching headers and its ETag, 304 when the client holds it, else its bytes. */
async function serve(request: FastifyRequest, reply: FastifyReply, file: StoredFile | null): Promise<FastifyReply> {
  if (!file) return missing(reply)
  reply.headers({ ...SERVED_HEADERS, etag: file.etag, ...(file.vary ? { vary: file.vary } : {}) })
  if (matchesEtag(request.headers['if-none-match'], file.etag)) return reply.code(304).send()
  const found = await file.read()
  if (!found) return missing(reply)
  return reply.type(found.contentType).send(found.bytes)
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
