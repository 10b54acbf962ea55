import multipart, { type MultipartFile } from '@fastify/multipart'
import { finished } from 'node:stream'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { GraphQLScalarType } from 'graphql'
import { DomainError, HTTP_STATUS_OF, badInput } from '../../../domain/shared/errors.js'
import { formatBytes } from '../../../domain/shared/bytes.js'
import { uploadLimitBytes } from '../../../app/media/limits.js'
import type { Platform } from '../../../app/platform.js'
import { refuseRestOfBody } from '../../http/refuse-body.js'
import { requestCredentials } from '../../../app/auth/request-credentials.js'
import { errorBody } from '../shared/errors.js'
import { BODY_LIMIT_BYTES } from '../shared/limits.js'

/** Files one multipart request may carry. */
export const MAX_FILES_PER_REQUEST = 10

/** Fields one multipart request may carry: the spec needs two (`operations`, `map`); a few more are tolerated and ignored. */
export const MAX_FIELDS_PER_REQUEST = 10

/** A file of a GraphQL multipart request, as the `Upload` scalar hands it to resolvers. */
export class UploadedFile {
  constructor(
    readonly filename: string,
    readonly mimeType: string,
    readonly bytes: Buffer,
  ) {}
}

/** `Upload`: only ever a file of the multipart request, never a value a client can write in JSON. */
export const uploadScalar = new GraphQLScalarType({
  name: 'Upload',
  serialize(): never {
    throw new Error('Upload is an input type only')
  },
  parseValue(value: unknown): UploadedFile {
    if (value instanceof UploadedFile) return value
    throw badInput(
      [],
      'an Upload must be a file of a multipart request (graphql-multipart-request spec): send the file as a part and map it to this variable',
    )
  },
  parseLiteral(): never {
    throw badInput(
      [],
      'an Upload cannot be written in the query; pass it as a variable mapped to a file of a multipart request',
    )
  },
})

/**
 * `POST /graphql` as `multipart/form-data` per the graphql-multipart-request spec: an
 * `operations` field (the usual JSON body with null where files go), a `map` field (file part
 * name → variable paths), then the files. The credential (bearer key, or session cookie with
 * its CSRF header, exactly as on JSON requests) is checked before a byte of the body is read;
 * the body handed to GraphQL is `operations` with each file in its place.
 *
 * A request over a limit (files, fields, a field's or a file's bytes) answers
 * `PAYLOAD_TOO_LARGE` (413) as soon as the limit is passed, and one that breaks the multipart
 * format or the spec `BAD_REQUEST` (400); in both cases the rest of the body is not read.
 *
 * Registered on the root so its parser and hook reach the `/graphql` route of the GraphQL plugin.
 */
export const graphqlUploads = fp(
  async (app: FastifyInstance, options: { platform: Platform }) => {
    const { platform } = options
    await app.register(multipart)
    app.addHook('preValidation', async (request, reply) => {
      if (request.method !== 'POST' || request.routeOptions.url !== '/graphql' || !request.isMultipart()) return
      const refusal =
        (await credentialRefusal(platform, request)) ?? (await readBody(request, uploadLimitBytes(platform)))
      if (!refusal) return
      refuseRestOfBody(request, reply)
      if (refusal.code === 'UNAUTHENTICATED') reply.header('www-authenticate', 'Bearer')
      return reply
        .code(HTTP_STATUS_OF[refusal.code] ?? 200)
        .send(errorBody(refusal.code, refusal.message, refusal.field ? { field: refusal.field } : {}))
    })
  },
  { name: 'emporium-graphql-uploads' },
)

/**
 * Why the request's credential is refused, if it is: the same credentials as on JSON requests
 * (`requestCredentials` checks the cookie's CSRF header too). Other failures (the database
 * away) are not the client's, and go on up.
 */
async function credentialRefusal(platform: Platform, request: FastifyRequest): Promise<DomainError | undefined> {
  try {
    if (await requestCredentials(platform, request)) return undefined
    return new DomainError(
      'UNAUTHENTICATED',
      'no credential: send Authorization: Bearer <api key>, or the session cookie with the X-Emporium-CSRF header',
    )
  } catch (error) {
    if (error instanceof DomainError) return error
    throw error
  }
}

/** Puts the operations, files in place, as the request's body; or says why the body is refused. */
async function readBody(request: FastifyRequest, maxBytes: number): Promise<DomainError | undefined> {
  try {
    request.body = await readOperations(request, maxBytes)
    return undefined
  } catch (error) {
    // The parser's own errors are kept in the log: one that is ours rather than the body's shows there.
    if (!(error instanceof DomainError)) request.log.info({ err: error }, 'multipart body refused')
    return multipartRefusal(error)
  }
}

async function readOperations(request: FastifyRequest, maxBytes: number): Promise<unknown> {
  let operations: unknown
  let map: Record<string, unknown> | undefined
  const files = new Map<string, UploadedFile>()
  const parts = request.parts({
    limits: {
      fieldSize: BODY_LIMIT_BYTES,
      fields: MAX_FIELDS_PER_REQUEST,
      fileSize: maxBytes,
      files: MAX_FILES_PER_REQUEST,
      parts: MAX_FIELDS_PER_REQUEST + MAX_FILES_PER_REQUEST,
      headerPairs: 200,
    },
  })
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.fieldname !== 'operations' && part.fieldname !== 'map') continue
      if (part.valueTruncated)
        throw new DomainError(
          'PAYLOAD_TOO_LARGE',
          `the ${part.fieldname} field is larger than the ${formatBytes(BODY_LIMIT_BYTES)} limit; send less per request`,
        )
      if ((part.fieldname === 'operations' ? operations : map) !== undefined)
        throw specError(`the ${part.fieldname} field appears twice; send it once`)
      const value = parseJson(part.fieldname, String(part.value))
      if (part.fieldname === 'operations') operations = value
      else if (value && typeof value === 'object' && !Array.isArray(value)) map = value as Record<string, unknown>
      else throw specError('map must be a JSON object from file part names to lists of variable paths')
      continue
    }
    if (operations === undefined || map === undefined)
      throw specError('the operations and map fields must come before the files')
    const bytes = await readFile(part, maxBytes)
    // A file the map does not name goes nowhere; it was read only to reach the next part.
    if (Object.hasOwn(map, part.fieldname))
      files.set(part.fieldname, new UploadedFile(part.filename, part.mimetype, bytes))
  }
  if (operations === undefined || map === undefined)
    throw specError('a multipart GraphQL request needs an operations field and a map field')
  for (const [name, paths] of Object.entries(map)) {
    const file = files.get(name)
    if (!file) throw specError(`map names the file part '${quote(name)}', but the request has no such file`)
    if (!Array.isArray(paths)) throw specError(`map['${quote(name)}'] must be a list of variable paths`)
    for (const path of paths) place(operations, String(path), file)
  }
  return operations
}

/**
 * A file part's bytes, refused the moment they pass the limit: busboy would otherwise read the
 * rest of an oversized file off the socket only to drop it. The part may have ended, failed or
 * passed the limit already (a body that arrived at once), which `finished` and `truncated` see.
 */
function readFile(part: MultipartFile, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const settle = (error?: Error | null) => {
      stopWatching()
      part.file.off('limit', settle)
      if (part.file.truncated)
        reject(
          new DomainError(
            'PAYLOAD_TOO_LARGE',
            `the file '${quote(part.filename)}' (part ${quote(part.fieldname)}) is larger than the ${formatBytes(maxBytes)} limit; upload a smaller file`,
          ),
        )
      else if (error) reject(error)
      else resolve(Buffer.concat(chunks))
    }
    part.file.on('data', (chunk: Buffer) => chunks.push(chunk))
    part.file.once('limit', settle)
    const stopWatching = finished(part.file, settle)
  })
}

/** What the multipart parser raises, as the client's fault it is: over a limit, or not multipart as the spec says. */
function multipartRefusal(error: unknown): DomainError {
  if (error instanceof DomainError) return error
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  switch (code) {
    case 'FST_FILES_LIMIT':
      return new DomainError(
        'PAYLOAD_TOO_LARGE',
        `a multipart request may carry at most ${MAX_FILES_PER_REQUEST} files; send the others in another request`,
      )
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new DomainError(
        'PAYLOAD_TOO_LARGE',
        `a multipart request may carry at most ${MAX_FIELDS_PER_REQUEST} fields and ${MAX_FILES_PER_REQUEST} files; send only operations, map and the files`,
      )
    case 'FST_REQ_FILE_TOO_LARGE':
      return new DomainError('PAYLOAD_TOO_LARGE', 'a file is larger than the upload limit; upload a smaller file')
    case 'FST_PROTO_VIOLATION':
      return specError(
        'a part is named like a built-in property (__proto__, constructor, …); name the file parts 0, 1, 2, …',
      )
  }
  // busboy's own words for a cut or garbled body are safe to repeat; anything else is summed up.
  const known =
    typeof message === 'string' &&
    /^(Unexpected end of (form|file|multipart data)|Malformed part header|Multipart: Boundary not found|Part terminated early)/.test(
      message,
    )
  return specError(
    `the multipart body is malformed or cut short${known ? ` (${message})` : ''}; send a complete multipart/form-data body with its boundary`,
  )
}

/** Puts a file where the spec path (`variables.input.file`, `0.variables.files.1`) points; only under `variables`. */
function place(operations: unknown, path: string, file: UploadedFile): void {
  const segments = path.split('.')
  const start = Array.isArray(operations) ? 1 : 0
  if (
    segments[start] !== 'variables' ||
    segments.length < start + 2 ||
    segments.some((s) => s === '__proto__' || s === 'constructor' || s === 'prototype')
  ) {
    throw specError(`'${quote(path)}' is not a path into the variables of an operation`)
  }
  let target = operations as Record<string, unknown>
  for (const segment of segments.slice(0, -1)) {
    const next = target?.[segment]
    if (next === null || typeof next !== 'object')
      throw specError(`'${quote(path)}' does not lead to a variable of the operations`)
    target = next as Record<string, unknown>
  }
  target[segments.at(-1)!] = file
}

function parseJson(field: string, text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw specError(`the ${field} field is not valid JSON`)
  }
}

/** The client's text as a message quotes it: at most 100 characters. */
function quote(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}…` : text
}

function specError(message: string): DomainError {
  return new DomainError('BAD_REQUEST', `${message} (see the graphql-multipart-request spec)`)
}
