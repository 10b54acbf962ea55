/**
 * The one registry of error codes. Every layer raises `DomainError`; the transports map the
 * code once (GraphQL `extensions.code`, MCP `isError` results, CLI exit messages).
 */
export const ERROR_CODES = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'BAD_USER_INPUT',
  'CONFLICT',
  'RATE_LIMITED',
  'QUERY_TOO_COMPLEX',
  'BAD_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_SERVER_ERROR',
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

/**
 * The HTTP status each code answers with on `application/json` (API-CONVENTIONS.md, "Errors");
 * the others answer 200 as GraphQL errors. One table for every transport.
 */
export const HTTP_STATUS_OF: Partial<Record<ErrorCode, number>> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
}

export class DomainError extends Error {
  readonly code: ErrorCode
  /** Path into the command input that is at fault, e.g. `['input', 'title']`. */
  readonly field: readonly (string | number)[] | undefined
  readonly details: Record<string, unknown> | undefined

  constructor(
    code: ErrorCode,
    message: string,
    options: { field?: readonly (string | number)[]; details?: Record<string, unknown> } = {},
  ) {
    super(message)
    this.name = 'DomainError'
    this.code = code
    this.field = options.field
    this.details = options.details
  }
}

export const notFound = (what: string, id: string): DomainError =>
  new DomainError('NOT_FOUND', `${what} '${id}' does not exist in this store`)

export const badInput = (field: readonly (string | number)[], message: string): DomainError =>
  new DomainError('BAD_USER_INPUT', message, { field })

export const conflict = (message: string, field?: readonly (string | number)[]): DomainError =>
  new DomainError('CONFLICT', message, field ? { field } : {})
