import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { GraphQLScalarType } from 'graphql'
import { DomainError, badInput } from '../../../domain/shared/errors.js'
import { authenticateApiKey } from '../../../infra/auth/authenticate.js'
import { mediaServices } from '../../../infra/media/services.js'
import type { Platform } from '../../../infra/platform.js'
import { errorBody } from '../shared/errors.js'
import { BODY_LIMIT_BYTES } from '../shared/limits.js'

/** Files one multipart request may carry. */
export const MAX_FILES_PER_REQUEST = 10

/**
 * A file of a GraphQL multipart request, as the `Upload` scalar hands it to resolvers. `bytes`
 * is null when the file was larger than the upload limit: its bytes were read and dropped, and
 * the mutation that takes it reports the limit on its own field.
 */
export class UploadedFile {
  constructor(
    readonly filename: string,
    readonly mimeType: string,
    readonly bytes: Buffer | null,
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
    throw badInput([], 'an Upload must be a file of a multipart request (graphql-multipart-request spec): send the file as a part and map it to this variable')
  },
  parseLiteral(): never {
    throw badInput([], 'an Upload cannot be written in the query; pass it as a variable mapped to a file of a multipart request')
  },
})

/**
 * `POST /graphql` as `multipart/form-data` per the graphql-multipart-request spec: an
 * `operations` field (the usual JSON body with null where files go), a `map` field (file part
 * name → variable paths), then the files. The credential is checked before a byte of a file is
 * read; files are read with the media byte limit; the body handed to GraphQL is `operations`
 * with each file in its place.
 *
 * Registered on the root so its parser and hook reach the `/graphql` route of the GraphQL plugin.
 */
export const graphqlUploads = fp(async (app: FastifyInstance, options: { platform: Platform }) => {
  const { platform } = options
  // A file over the limit is cut off, not an error of the whole request: the mutation that
  // takes it reports the limit on its own field.
  await app.register(multipart, { throwFileSizeLimit: false })
  app.addHook('preValidation', async (request, reply) => {
    if (request.method !== 'POST' || request.routeOptions.url !== '/graphql' || !request.isMultipart()) return
    try {
      const header = request.headers.authorization ?? ''
      await authenticateApiKey(platform.database.db, /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? null, new Date())
      request.body = await readOperations(request, mediaServices(platform).maxBytes)
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      if (error.code === 'UNAUTHENTICATED') reply.header('www-authenticate', 'Bearer')
      return reply.code(error.code === 'UNAUTHENTICATED' ? 401 : 400).send(errorBody(error.code, error.message, error.field ? { field: error.field } : {}))
    }
  })
}, { name: 'emporium-graphql-uploads' })

async function readOperations(request: FastifyRequest, maxBytes: number): Promise<unknown> {
  let operations: unknown
  let map: Record<string, unknown> | undefined
  const files = new Map<string, UploadedFile>()
  const parts = request.parts({
    limits: { fieldSize: BODY_LIMIT_BYTES, fields: 10, fileSize: maxBytes, files: MAX_FILES_PER_REQUEST, headerPairs: 200 },
  })
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.fieldname !== 'operations' && part.fieldname !== 'map') continue
      if (part.valueTruncated) throw specError(`the ${part.fieldname} field is larger than ${BODY_LIMIT_BYTES / 1024 / 1024} MB`)
      const value = parseJson(part.fieldname, String(part.value))
      if (part.fieldname === 'operations') operations = value
      else if (value && typeof value === 'object' && !Array.isArray(value)) map = value as Record<string, unknown>
      else throw specError('map must be a JSON object from file part names to lists of variable paths')
      continue
    }
    if (operations === undefined || map === undefined) throw specError('the operations and map fields must come before the files')
    if (!(part.fieldname in map)) {
      part.file.resume()
      continue
    }
    const bytes = await part.toBuffer()
    files.set(part.fieldname, new UploadedFile(part.filename, part.mimetype, part.file.truncated ? null : bytes))
  }
  if (operations === undefined || map === undefined) throw specError('a multipart GraphQL request needs an operations field and a map field')
  for (const [name, paths] of Object.entries(map)) {
    const file = files.get(name)
    if (!file) throw specError(`map names the file part '${name}', but the request has no such file`)
    if (!Array.isArray(paths)) throw specError(`map['${name}'] must be a list of variable paths`)
    for (const path of paths) place(operations, String(path), file)
  }
  return operations
}

/** Puts a file where the spec path (`variables.input.file`, `0.variables.files.1`) points; only under `variables`. */
function place(operations: unknown, path: string, file: UploadedFile): void {
  const segments = path.split('.')
  const start = Array.isArray(operations) ? 1 : 0
  if (segments[start] !== 'variables' || segments.length < start + 2 || segments.some((s) => s === '__proto__' || s === 'constructor' || s === 'prototype')) {
    throw specError(`'${path}' is not a path into the variables of an operation`)
  }
  let target = operations as Record<string, unknown>
  for (const segment of segments.slice(0, -1)) {
    const next = target?.[segment]
    if (next === null || typeof next !== 'object') throw specError(`'${path}' does not lead to a variable of the operations`)
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

function specError(message: string): DomainError {
  return new DomainError('BAD_USER_INPUT', `${message} (see the graphql-multipart-request spec)`)
}
