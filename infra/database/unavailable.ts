import { DomainError } from '../../domain/shared/errors.js'

/** Seconds a client is told to wait (`extensions.retryAfter`, `Retry-After`): a restart or failover takes a few. */
export const DATABASE_RETRY_AFTER_SECONDS = 5

/**
 * The database could not be reached or dropped the connection: a restart, a failover, a
 * terminated backend. Not the request's fault and not a bug: the same request succeeds once the
 * server is back, so every transport answers `SERVICE_UNAVAILABLE` with a `retryAfter`.
 * The driver's error stays as `cause` for the log.
 */
export class DatabaseUnavailableError extends DomainError {
  constructor(cause: unknown) {
    super('SERVICE_UNAVAILABLE', 'the database is restarting; retry in a few seconds', {
      details: { retryAfter: DATABASE_RETRY_AFTER_SECONDS },
    })
    this.cause = cause
  }
}

/** Socket-level failures of reaching the server (node's `error.code`). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * SQLSTATEs of a server going away or not taking connections yet: class 08 (connection
 * exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting
 * up, shutting down, in recovery), 57P05 idle_session_timeout, 53300 too_many_connections.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P05', '53300'])

/** What `pg` and `pg-pool` say, without a code, when a connection died or could not be had. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'is not queryable',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end on the pool',
]

/**
 * Whether `error` (or what it wraps: `cause`, an AggregateError's `errors`) says the connection
 * to the database was lost or refused, as opposed to a query the server refused.
 *
 * @example isConnectionLoss(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })) // true
 */
export function isConnectionLoss(error: unknown, depth = 0): boolean {
  if (depth > 4 || typeof error !== 'object' || error === null) return false
  if (error instanceof DatabaseUnavailableError) return true
  const { code, message, cause, errors } = error as {
    code?: unknown
    message?: unknown
    cause?: unknown
    errors?: unknown
  }
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
    return true
  if (typeof message === 'string' && DRIVER_MESSAGES.some((text) => message.includes(text))) return true
  if (Array.isArray(errors) && errors.some((inner) => isConnectionLoss(inner, depth + 1))) return true
  return isConnectionLoss(cause, depth + 1)
}

/** `error` as it should travel on: a lost connection becomes `DatabaseUnavailableError`, anything else is left as it is. */
export function asUnavailable(error: unknown): unknown {
  return !(error instanceof DatabaseUnavailableError) && isConnectionLoss(error)
    ? new DatabaseUnavailableError(error)
    : error
}
