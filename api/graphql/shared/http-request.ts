import type { FastifyRequest } from 'fastify'
import { DomainError } from '../../../domain/shared/errors.js'
import { checkNesting } from './nesting.js'

/**
 * A request to `/graphql` that is not a GraphQL request at all (GraphQL-over-HTTP, "Request
 * parameters"): refused with BAD_REQUEST before anything is authenticated, parsed or run, so
 * a malformed body never reaches a place where it could fail as a 500.
 */
export class RequestRefusal extends DomainError {
  constructor(
    message: string,
    readonly status: number = 400,
  ) {
    super('BAD_REQUEST', message)
  }
}

/** The media types a POST to `/graphql` may carry: JSON, a bare document, and uploads (parsed into the JSON shape before this runs). */
const POST_MEDIA_TYPES = new Set(['application/json', 'application/graphql', 'multipart/form-data'])

/**
 * Checks the transport shape of a `/graphql` request and normalises what the spec allows
 * (`extensions: null` is the same as none). Throws a `RequestRefusal` naming what to send.
 */
export function checkGraphQLRequest(request: FastifyRequest): void {
  if (request.method === 'GET') return checkParameters(request.query as Record<string, unknown>, 'query string', true)
  if (request.method !== 'POST') return
  const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
  if (!POST_MEDIA_TYPES.has(mediaType)) {
    throw new RequestRefusal(
      `POST /graphql takes Content-Type: application/json${mediaType ? `, not ${mediaType}` : ''}; send {"query": …, "variables": {…}} as JSON`,
      415,
    )
  }
  const body = request.body
  if (Array.isArray(body)) {
    if (body.length === 0) throw new RequestRefusal('the batch is empty; send at least one {"query": …} object')
    body.forEach((item, index) => checkParameters(item, `batch item ${index}`, false))
  } else checkParameters(body, 'body', false)
}

function checkParameters(params: unknown, where: string, encoded: boolean): void {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw new RequestRefusal(`the ${where} must be a JSON object with a "query" string; got ${describe(params)}`)
  }
  const record = params as Record<string, unknown>
  if (typeof record.query !== 'string' || record.query.trim() === '') {
    throw new RequestRefusal(
      `"query" in the ${where} must be a GraphQL document as a string; got ${describe(record.query)}`,
    )
  }
  checkNesting(record.query)
  if (record.operationName !== undefined && record.operationName !== null && typeof record.operationName !== 'string') {
    throw new RequestRefusal(
      `"operationName" in the ${where} must be a string or null; got ${describe(record.operationName)}`,
    )
  }
  for (const name of ['variables', 'extensions'] as const) {
    const value = encoded ? decodeJson(record[name], name, where) : record[name]
    if (value === null && !encoded) delete record[name]
    else if (value !== undefined && value !== null && (typeof value !== 'object' || Array.isArray(value))) {
      throw new RequestRefusal(`"${name}" in the ${where} must be a JSON object or null; got ${describe(value)}`)
    }
  }
}

/** A GET parameter holds JSON as text: undefined when absent, else what it decodes to. */
function decodeJson(value: unknown, name: string, where: string): unknown {
  if (value === undefined) return undefined
  if (typeof value !== 'string') throw new RequestRefusal(`"${name}" in the ${where} must be given once, as JSON text`)
  try {
    return JSON.parse(value) as unknown
  } catch {
    throw new RequestRefusal(`"${name}" in the ${where} is not valid JSON; send a URL-encoded JSON object`)
  }
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return value.trim() === '' ? 'an empty string' : 'a string'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

/**
 * The largest values an event store position holds: `<transaction id>-<global position>` with an
 * xid8 (unsigned 64 bits) and a bigint (signed 64 bits) for Postgres, `<commit>-<prepare>` (both
 * unsigned 64 bits, the prepare far below 2^63 in any real log) for KurrentDB.
 */
const MAX_FIRST = 18_446_744_073_709_551_615n
const MAX_SECOND = 9_223_372_036_854_775_807n
const POSITION_SHAPE = /^(\d{20})-(\d{20})$/

/**
 * Checks an `X-Consistency-Position` header before it reaches the event store, where a value it
 * cannot decode or that overflows its columns would fail as a 500: it is the client's mistake.
 */
export function checkConsistencyPosition(position: string): void {
  const match = POSITION_SHAPE.exec(position)
  if (!match) {
    throw new DomainError(
      'BAD_USER_INPUT',
      `X-Consistency-Position '${position.slice(0, 60)}' is not a position; send an eventPosition a mutation returned`,
    )
  }
  if (BigInt(match[1]!) > MAX_FIRST || BigInt(match[2]!) > MAX_SECOND) {
    throw new DomainError(
      'BAD_USER_INPUT',
      `X-Consistency-Position '${position}' is beyond any position the event log can hold; send an eventPosition a mutation returned`,
    )
  }
}
