import type { ExecutionResult, FormattedExecutionResult, GraphQLError, GraphQLFormattedError } from 'graphql'
import type { Logger } from 'pino'
import { DomainError, type ErrorCode } from '../../../domain/shared/errors.js'

const HTTP_STATUS: Partial<Record<ErrorCode, number>> = { UNAUTHENTICATED: 401, RATE_LIMITED: 429, INTERNAL_SERVER_ERROR: 500 }

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

/** The GraphQL shape of an error: `message` for people, `extensions.code`/`field` for programs. One error may stand for several (a failed validation). */
export function formatError(error: GraphQLError, logger: Logger, requestId: string, bodyLimitBytes: number): FormattedError[] {
  const base = { message: error.message, ...(error.locations ? { locations: error.locations } : {}), ...(error.path ? { path: error.path } : {}) }
  const domain = findDomainError(error)
  if (domain) {
    return [{
      ...base,
      message: domain.message,
      extensions: { code: domain.code, ...(domain.field ? { field: domain.field } : {}), ...(domain.details ?? {}) },
    }]
  }
  if (!error.originalError) return [requestFault(error)]
  // Outside any field (no path), a GraphQLError underneath is a variable graphql-js could not coerce
  // (`$first: Int` given "x", a malformed DateTime): the request is at fault.
  if (!error.path && (error.originalError as Error).name === 'GraphQLError') return [requestFault(error)]
  const transport = transportError(error.originalError)
  if (transport) return transportErrors(transport, bodyLimitBytes)
  logger.error({ err: error.originalError, requestId, path: error.path }, 'unexpected error while resolving')
  return [{ ...base, message: `internal server error; quote request id ${requestId} when reporting it`, extensions: { code: 'INTERNAL_SERVER_ERROR', requestId } }]
}

/** Parse and validation errors (unknown field, wrong variable type, our limits): the request is at fault. */
function requestFault(error: { message: string; locations?: unknown; extensions?: Record<string, unknown> | undefined }): FormattedError {
  const code = error.extensions?.code === 'QUERY_TOO_COMPLEX' ? 'QUERY_TOO_COMPLEX' : 'BAD_USER_INPUT'
  const locations = Array.isArray(error.locations) ? { locations: error.locations as GraphQLFormattedError['locations'] } : {}
  return { message: error.message, ...locations, extensions: { ...error.extensions, code } }
}

/** Only fastify's and mercurius' own errors (FST_ERR_…, MER_ERR_…): any other error stays internal, so its message never leaks. */
function transportError(error: unknown): TransportError | undefined {
  const candidate = error as Partial<TransportError> | null
  const status = candidate?.statusCode
  const ours = typeof candidate?.code === 'string' && /^(FST|MER)_ERR_/.test(candidate.code)
  return ours && typeof status === 'number' && status >= 400 && status < 500 ? (candidate as TransportError) : undefined
}

function transportErrors(error: TransportError, bodyLimitBytes: number): FormattedError[] {
  if (error.code === 'MER_ERR_METHOD_NOT_ALLOWED') {
    return [{ message: 'GET /graphql runs queries only; send mutations with POST', extensions: { code: 'BAD_USER_INPUT' } }]
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return [{ message: `the request body is larger than the ${bodyLimitBytes / 1024 / 1024} MB limit; send less per request`, extensions: { code: 'BAD_USER_INPUT' } }]
  }
  if (Array.isArray(error.errors) && error.errors.length) return error.errors.map((inner) => requestFault(inner as Error))
  return [{ message: error.message, extensions: { code: 'BAD_USER_INPUT' } }]
}

/**
 * The HTTP status a transport error asks for (405 mutation over GET, 413 body too large, 400
 * unreadable JSON), or undefined. GraphQL validation errors answer 200 like every other
 * BAD_USER_INPUT and QUERY_TOO_COMPLEX (API-CONVENTIONS.md, "Errors").
 */
export function transportStatus(errors: readonly GraphQLError[]): number | undefined {
  for (const error of errors) {
    if (findDomainError(error)) continue
    const transport = transportError(error.originalError)
    if (transport && !(transport.code === 'MER_ERR_GQL_VALIDATION' && Array.isArray(transport.errors))) return transport.statusCode
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

/** HTTP status for a response: the most severe error decides (401, 429, 500), else 200. */
export function statusFor(errors: readonly { extensions: Record<string, unknown> }[], hasData: boolean): number {
  for (const code of ['UNAUTHENTICATED', 'RATE_LIMITED'] as const) if (errors.some((e) => e.extensions.code === code)) return HTTP_STATUS[code]!
  if (!hasData && errors.some((e) => e.extensions.code === 'INTERNAL_SERVER_ERROR')) return 500
  return 200
}

/** A response body with one error, for failures before GraphQL execution (auth, limits, body). */
export function errorBody(code: ErrorCode, message: string, extensions: Record<string, unknown> = {}): FormattedExecutionResult {
  return { errors: [{ message, extensions: { code, ...extensions } }] }
}

export type { ExecutionResult }
