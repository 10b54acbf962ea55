import { GraphQLError, type ExecutionResult, type FormattedExecutionResult, type GraphQLFormattedError } from 'graphql'
import type { Logger } from 'pino'
import { DomainError, type ErrorCode } from '../../../domain/shared/errors.js'

const HTTP_STATUS: Partial<Record<ErrorCode, number>> = { UNAUTHENTICATED: 401, RATE_LIMITED: 429, INTERNAL_SERVER_ERROR: 500 }

/** The GraphQL shape of a domain error: `message` for people, `extensions.code`/`field` for programs. */
export function formatError(error: GraphQLError, logger: Logger, requestId: string): GraphQLFormattedError & { extensions: Record<string, unknown> } {
  const original = unwrap(error)
  const base = { message: error.message, ...(error.locations ? { locations: error.locations } : {}), ...(error.path ? { path: error.path } : {}) }
  if (original instanceof DomainError) {
    return {
      ...base,
      message: original.message,
      extensions: {
        code: original.code,
        ...(original.field ? { field: original.field } : {}),
        ...(original.details ?? {}),
      },
    }
  }
  if (!error.originalError || original instanceof GraphQLError) {
    // Parse and validation errors (unknown field, wrong variable type): the request is at fault.
    const code = typeof error.extensions?.code === 'string' && error.extensions.code === 'QUERY_TOO_COMPLEX' ? 'QUERY_TOO_COMPLEX' : 'BAD_USER_INPUT'
    return { ...base, extensions: { ...error.extensions, code } }
  }
  logger.error({ err: original, requestId, path: error.path }, 'unexpected error while resolving')
  return { ...base, message: `internal server error; quote request id ${requestId} when reporting it`, extensions: { code: 'INTERNAL_SERVER_ERROR', requestId } }
}

function unwrap(error: GraphQLError): unknown {
  let current: unknown = error
  while (current instanceof GraphQLError && current.originalError) current = current.originalError
  // mercurius wraps resolver errors once more in its own error with `errors`
  const inner = (current as { errors?: unknown[] } | undefined)?.errors?.[0]
  return inner instanceof GraphQLError ? unwrap(inner) : current
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
