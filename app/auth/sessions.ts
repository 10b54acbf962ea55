import { v7 as uuidv7 } from 'uuid'
import { DomainError } from '../../domain/shared/errors.js'
import { scopesOfRole } from '../../domain/tenancy/member/roles.js'
import { findMembership, findUser } from '../../projections/tenancy/accounts/queries.js'
import type { AnyDb } from '../../infra/database/database.js'
import { secretTables } from './account-tables.js'
import type { UserPrincipal } from './authenticate.js'
import { hashToken, newToken } from './tokens.js'

/** A session unused this long ends (sliding). */
export const SESSION_IDLE_MS = 2 * 3600 * 1000
/** A session ends this long after login, however much it is used. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 3600 * 1000
/** `last_seen_at` is written at most this often: each request would otherwise be a write. */
const LAST_SEEN_RESOLUTION_MS = 60_000

export interface NewSession {
  sessionId: string
  /** The cookie value; stored only as its hash. */
  token: string
  expiresAt: Date
}

/**
 * A fresh session of one person in one organization: a new token every login (no fixation).
 * The person's sessions that ended unused are swept on the way, so abandoned ones do not pile up.
 */
export async function createSession(
  db: AnyDb,
  who: { userId: string; organizationId: string },
  now: Date,
): Promise<NewSession> {
  const token = newToken()
  const sessionId = uuidv7()
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS)
  const sessions = secretTables(db)
  await sessions
    .deleteFrom('sessions')
    .where('user_id', '=', who.userId)
    .where((eb) =>
      eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', new Date(now.getTime() - SESSION_IDLE_MS))]),
    )
    .execute()
  await sessions
    .insertInto('sessions')
    .values({
      id: sessionId,
      token_hash: hashToken(token),
      user_id: who.userId,
      organization_id: who.organizationId,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
    })
    .execute()
  return { sessionId, token, expiresAt }
}

/**
 * The signed-in person of a session cookie, or UNAUTHENTICATED saying why and what to do. The
 * role is read from the members read model on every request, so a role change or a removal
 * takes effect at once. An idle or expired session is deleted.
 */
export async function authenticateSession(db: AnyDb, token: string, now: Date): Promise<UserPrincipal> {
  const sessions = secretTables(db)
  const session = await sessions
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst()
  if (!session) throw unauthenticated('your session is not valid (signed out, replaced or expired); log in again')
  const idleEnd = session.last_seen_at.getTime() + SESSION_IDLE_MS
  if (session.expires_at.getTime() <= now.getTime() || idleEnd <= now.getTime()) {
    await sessions.deleteFrom('sessions').where('id', '=', session.id).execute()
    const why =
      session.expires_at.getTime() <= now.getTime() ? 'sessions last at most 7 days' : 'it was not used for 2 hours'
    throw unauthenticated(`your session expired (${why}); log in again`)
  }
  const [user, membership] = await Promise.all([
    findUser(db, session.user_id),
    findMembership(db, session.organization_id, session.user_id),
  ])
  if (!user || !membership) {
    await sessions.deleteFrom('sessions').where('id', '=', session.id).execute()
    throw unauthenticated('you are no longer a member of this organization; log in again')
  }
  if (now.getTime() - session.last_seen_at.getTime() >= LAST_SEEN_RESOLUTION_MS) {
    await sessions.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', session.id).execute()
  }
  return {
    type: 'user',
    userId: user.id,
    sessionId: session.id,
    role: membership.role,
    organizationId: session.organization_id,
    scopes: scopesOfRole(membership.role),
    storeIds: null,
    name: user.email,
    expiresAt: new Date(Math.min(session.expires_at.getTime(), now.getTime() + SESSION_IDLE_MS)),
  }
}

/** Logout: the token stops working at once. */
export async function deleteSession(db: AnyDb, token: string): Promise<void> {
  await secretTables(db).deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute()
}

/** Ends every session of a person but `keep` (after a password change or reset). */
export async function deleteUserSessions(db: AnyDb, userId: string, keep?: string): Promise<void> {
  let query = secretTables(db).deleteFrom('sessions').where('user_id', '=', userId)
  if (keep) query = query.where('id', '<>', keep)
  await query.execute()
}

function unauthenticated(message: string): DomainError {
  return new DomainError('UNAUTHENTICATED', message)
}
