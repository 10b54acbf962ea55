import type { ExecutionResult, FormattedExecutionResult, GraphQLError, GraphQLFormattedError } from 'graphql'
import type { Logger } from 'pino'
import { DomainError, HTTP_STATUS_OF, type ErrorCode } from '../../../domain/shared/errors.js'
import { isTokenLimitError, tokenLimitMessage } from './limits.js'

type FormattedError = GraphQLFormattedError & { extensions: Record<string, unknown> }

/**
 * What fastify and mercurius raise themselves, before any resolver runs: a 4xx `statusCode`,
 * and for parse, validation and variable errors the GraphQL errors under `errors`. Mercurius'
 * own error handler replaces the app's and hands these to our `errorFormatter` wrapped in a
 * GraphQLError whose `originalError` is this, so they must not be read as internal failures.
 */
interface TransportError {
  code?: string
  statusCode: number
  message: string
  errors?: unknown[]
}

/** The media type of the GraphQL-over-HTTP spec: with it, request errors answer 4xx and carry no `data`. */
export const GRAPHQL_RESPONSE_JSON = 'application/graphql-response+json'

/** Whether the `Accept` header asks for `application/graphql-response+json` (preferred over `application/json` when both are listed). */
export function acceptsGraphQLResponse(accept: string | string[] | undefined): boolean {
  const header = Array.isArray(accept) ? accept.join(',') : (accept ?? '')
  return header.split(',').some((range) => {
    const [type, ...params] = range.split(';').map((part) => part.trim().toLowerCase())
    return type === GRAPHQL_RESPONSE_JSON && !params.some((p) => /^q=0(\.0*)?$/.test(p))
  })
}

/** What the error formatter needs to know about the request. */
export interface FormatOptions {
  logger: Logger
  requestId: string
  bodyLimitBytes: number
  maxTokens: number
}

/** The GraphQL shape of an error: `message` for people, `extensions.code`/`field` for programs. One error may stand for several (a failed validation). */
export function formatError(error: GraphQLError, options: FormatOptions): FormattedError[] {
  const base = {
    message: error.message,
    ...(error.locations ? { locations: error.locations } : {}),
    ...(error.path ? { path: error.path } : {}),
  }
  const domain = findDomainError(error)
  if (domain) {
    return [
      {
        ...base,
        message: domain.message,
        extensions: { code: domain.code, ...(domain.field ? { field: domain.field } : {}), ...(domain.details ?? {}) },
      },
    ]
  }
  if (!error.originalError) return [requestFault(error, options.maxTokens)]
  // Outside any field (no path), a GraphQLError underneath is a variable graphql-js could not coerce
  // (`$first: Int` given "x", a malformed DateTime), or the parser giving up at the token limit: the request is at fault.
  if (!error.path && (error.originalError as Error).name === 'GraphQLError')
    return [requestFault(error.originalError as GraphQLError, options.maxTokens)]
  const transport = transportError(error.originalError)
  if (transport) return transportErrors(transport, options)
  options.logger.error(
    { err: error.originalError, requestId: options.requestId, path: error.path },
    'unexpected error while resolving',
  )
  const requestId = options.requestId
  return [
    {
      ...base,
      message: `internal server error; quote request id ${requestId} when reporting it`,
      extensions: { code: 'INTERNAL_SERVER_ERROR', requestId },
    },
  ]
}

/** Parse and validation errors (unknown field, wrong variable type, our limits): the request is at fault. */
function requestFault(
  error: { message: string; locations?: unknown; extensions?: Record<string, unknown> | undefined },
  maxTokens: number,
): FormattedError {
  if (isTokenLimitError(error, maxTokens))
    return { message: tokenLimitMessage(maxTokens), extensions: { code: 'QUERY_TOO_COMPLEX' } }
  const code = error.extensions?.code === 'QUERY_TOO_COMPLEX' ? 'QUERY_TOO_COMPLEX' : 'BAD_USER_INPUT'
  const locations = Array.isArray(error.locations)
    ? { locations: error.locations as GraphQLFormattedError['locations'] }
    : {}
  return { message: error.message, ...locations, extensions: { ...error.extensions, code } }
}

/** Only fastify's and mercurius' own errors (FST_ERR_…, MER_ERR_…): any other error stays internal, so its message never leaks. */
function transportError(error: unknown): TransportError | undefined {
  const candidate = error as Partial<TransportError> | null
  const status = candidate?.statusCode
  const ours = typeof candidate?.code === 'string' && /^(FST|MER)_ERR_/.test(candidate.code)
  return ours && typeof status === 'number' && status >= 400 && status < 500 ? (candidate as TransportError) : undefined
}

/**
 * The code and message of an error fastify raised while reading the request (content-type
 * parsers, body limit), for every route: the GraphQL error formatter and the app's error handler
 * both answer with it. Undefined for errors that are not about the request's body.
 */
export function bodyError(
  error: { code?: string; message: string },
  bodyLimitBytes: number,
): { code: ErrorCode; message: string } | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        code: 'PAYLOAD_TOO_LARGE',
        message: `the request body is larger than the ${bodyLimitBytes / 1024 / 1024} MB limit; send less per request`,
      }
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        code: 'BAD_REQUEST',
        // `__typename` answers on every schema: the admin API's and the storefront API's alike.
        message: 'the request body is not valid JSON; send a JSON object such as {"query": "{ __typename }"}',
      }
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        code: 'BAD_REQUEST',
        message: 'this content type is not supported here; send Content-Type: application/json',
      }
    default:
      return error.code?.startsWith('FST_ERR_CTP_')
        ? { code: 'BAD_REQUEST', message: `the request body could not be read (${error.message}); send a JSON object` }
        : undefined
  }
}

function transportErrors(error: TransportError, options: FormatOptions): FormattedError[] {
  if (error.code === 'MER_ERR_METHOD_NOT_ALLOWED') {
    return [
      { message: 'GET /graphql runs queries only; send mutations with POST', extensions: { code: 'BAD_REQUEST' } },
    ]
  }
  const body = bodyError(error, options.bodyLimitBytes)
  if (body) return [{ message: body.message, extensions: { code: body.code } }]
  if (Array.isArray(error.errors) && error.errors.length)
    return error.errors.map((inner) => requestFault(inner as Error, options.maxTokens))
  return [{ message: error.message, extensions: { code: 'BAD_REQUEST' } }]
}

/**
 * The HTTP status a transport error asks for (405 mutation over GET, 413 body too large, 415
 * media type, 400 unreadable JSON), or undefined. GraphQL validation errors are left to
 * `statusFor`, which depends on the media type.
 */
export function transportStatus(errors: readonly GraphQLError[]): number | undefined {
  for (const error of errors) {
    if (findDomainError(error)) continue
    const transport = transportError(error.originalError)
    if (transport && !(transport.code === 'MER_ERR_GQL_VALIDATION' && Array.isArray(transport.errors)))
      return transport.statusCode
  }
  return undefined
}

/**
 * The domain error behind a GraphQL error, through any wrapping. By duck typing on purpose:
 * mercurius loads graphql's CommonJS build and we its ES module build, so `instanceof
 * GraphQLError` does not hold across the two.
 */
function findDomainError(error: unknown): DomainError | undefined {
  let current = error as { originalError?: unknown; errors?: unknown[] } | undefined
  for (let depth = 0; current && depth < 8; depth++) {
    if (current instanceof DomainError) return current
    current = (current.originalError ?? current.errors?.[0]) as typeof current
  }
  return undefined
}

/** Codes in the order their status wins when a response holds several (HTTP_STATUS_OF has the statuses). */
const BY_SEVERITY: readonly ErrorCode[] = [
  'BAD_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'UNAUTHENTICATED',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
]

/**
 * HTTP status for a response (API-CONVENTIONS.md, "Errors"): a code with a status of its own
 * decides (400, 401, 413, 429, 503); a failure with nothing resolved is a 500; a request that
 * never ran (parse, validation, a limit) answers 400 to a client that accepts
 * `application/graphql-response+json` and 200 to an `application/json` one; else 200.
 */
export function statusFor(
  errors: readonly { extensions: Record<string, unknown> }[],
  outcome: { executed: boolean; hasData: boolean; graphqlResponse: boolean },
): number {
  for (const code of BY_SEVERITY) if (errors.some((e) => e.extensions.code === code)) return HTTP_STATUS_OF[code]!
  if (!outcome.hasData && errors.some((e) => e.extensions.code === 'INTERNAL_SERVER_ERROR'))
    return HTTP_STATUS_OF.INTERNAL_SERVER_ERROR!
  return !outcome.executed && outcome.graphqlResponse ? 400 : 200
}

/** Seconds to wait before retrying, from the first RATE_LIMITED or SERVICE_UNAVAILABLE error that knows them (the `Retry-After` header). */
export function retryAfterOf(errors: readonly { extensions: Record<string, unknown> }[]): number | undefined {
  for (const error of errors) {
    const { code, retryAfter } = error.extensions
    if ((code === 'RATE_LIMITED' || code === 'SERVICE_UNAVAILABLE') && typeof retryAfter === 'number' && retryAfter > 0)
      return Math.ceil(retryAfter)
  }
  return undefined
}

/** A response body with one error, for failures before GraphQL execution (auth, limits, body). */
export function errorBody(
  code: ErrorCode,
  message: string,
  extensions: Record<string, unknown> = {},
): FormattedExecutionResult {
  return { errors: [{ message, extensions: { code, ...extensions } }] }
}

export type { ExecutionResult }
