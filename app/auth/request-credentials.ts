import type { FastifyRequest } from 'fastify'
import { DomainError } from '../../domain/shared/errors.js'
import { resolveStore } from './authenticate.js'
import type { RequestCredentials } from './credentials.js'
import { authenticateSession } from './sessions.js'
import type { Platform } from '../platform.js'
import { readSessionToken } from './session-cookie.js'
import { checkCsrf } from './csrf.js'

/**
 * Who sends a request: a bearer API key when there is an Authorization header (it wins), else
 * the session cookie, checked against CSRF; null when there is neither. The store comes from
 * `X-Store` as for keys (a person reaches every store of their organization).
 */
export async function requestCredentials(
  platform: Platform,
  request: FastifyRequest,
): Promise<RequestCredentials | null> {
  const xStore = first(request.headers['x-store'])
  const header = request.headers.authorization
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header)
    if (!match) throw new DomainError('UNAUTHENTICATED', 'the Authorization header must be "Bearer <api key>"')
    return platform.credentials.resolve(match[1]!, xStore)
  }
  const token = readSessionToken(request)
  if (!token) return null
  checkCsrf(request)
  const principal = await authenticateSession(platform.database.db, token, new Date())
  return { principal, store: await resolveStore(platform.database.db, principal, xStore) }
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}
