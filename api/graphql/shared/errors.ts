import type { ExecutionResult, FormattedExecutionResult, GraphQLError, GraphQLFormattedError } from 'graphql'
import type { Logger } from 'pino'
import { DomainError, type ErrorCode } from '../../../domain/shared/errors.js'

const HTTP_STATUS: Partial<Record<ErrorCode, number>> = { UNAUTHENTICATED: 401, RATE_LIMITED: 429, INTERNAL_SERVER_ERROR: 500 }

/** The GraphQL shape of a domain error: `message` for people, `extensions.code`/`field` for programs. */
export function formatError(error: GraphQLError, logger: Logger, requestId: string): GraphQLFormattedError & { extensions: Record<string, unknown> } {
  const base = { message: error.message, ...(error.locations ? { locations: error.locations } : {}), ...(error.path ? { path: error.path } : {}) }
  const domain = findDomainError(error)
  if (domain) {
    return {
      ...base,
      message: domain.message,
      extensions: { code: domain.code, ...(domain.field ? { field: domain.field } : {}), ...(domain.details ?? {}) },
    }
  }
  if (!error.originalError) {
    // Parse and validation errors (unknown field, wrong variable type, our limits): the request is at fault.
    const code = error.extensions?.code === 'QUERY_TOO_COMPLEX' ? 'QUERY_TOO_COMPLEX' : 'BAD_USER_INPUT'
    return { ...base, extensions: { ...error.extensions, code } }
  }
  logger.error({ err: error.originalError, requestId, path: error.path }, 'unexpected error while resolving')
  return { ...base, message: `internal server error; quote request id ${requestId} when reporting it`, extensions: { code: 'INTERNAL_SERVER_ERROR', requestId } }
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
