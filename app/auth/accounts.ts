import { v7 as uuidv7 } from 'uuid'
import { DomainError } from '../../domain/shared/errors.js'
import { ALL_SCOPES, type Scope } from '../../domain/shared/scopes.js'
import {
  loginInput,
  passwordChangeInput,
  passwordResetCompleteInput,
  passwordResetRequestInput,
  signUpInput,
} from '../../domain/tenancy/user/account-inputs.js'
import { findUser, findUserByEmail, listMemberships } from '../../projections/tenancy/accounts/queries.js'
import type { CommandContext } from '../commands/context.js'
import type { Platform } from '../platform.js'
import { liveTokenRow, secretTables, storedPasswordHash } from './account-tables.js'
import { accountServices } from './account-services.js'
import type { UserPrincipal } from './authenticate.js'
import { parseInput } from './input.js'
import { hashPassword, verifyPassword } from './passwords.js'
import { createSession, deleteSession, deleteUserSessions, type NewSession } from './sessions.js'
import { hashToken, newToken } from './tokens.js'
import { memberFounderJoin } from '../../domain/tenancy/member/definitions.js'
import { organizationCreate } from '../../domain/tenancy/organization/definitions.js'
import {
  userPasswordChange,
  userPasswordResetComplete,
  userPasswordResetRequest,
  userSignUp,
} from '../../domain/tenancy/user/definitions.js'

/** How long a password reset token works. */
export const PASSWORD_RESET_TTL_MS = 3600 * 1000

/** Correlation id and clock of the request an account flow runs for. */
export interface RequestMeta {
  correlationId: string
  now: Date
}

export interface SignedIn {
  userId: string
  organizationId: string
  session: NewSession
  /** Append position of the flow's last event; null when it wrote none (a login). */
  position: string | null
}

/** A person acting on their own account or on their organization's behalf, with the scopes the flow needs. */
export function personContext(
  person: { id: string; email: string },
  organizationId: string,
  scopes: readonly Scope[],
  meta: RequestMeta,
): CommandContext {
  return {
    organizationId,
    storeId: null,
    actor: { type: 'user', id: person.id, name: person.email },
    scopes,
    correlationId: meta.correlationId,
    causationId: null,
    now: meta.now,
  }
}

/**
 * Stores the password hash of a new person, then records them through the command path (which
 * claims the email platform-wide). The hash goes first, like a key's: a hash nobody refers to
 * is harmless, and a refused command removes it.
 */
export async function createUser(
  platform: Platform,
  person: { id: string; email: string },
  password: string,
  ctx: CommandContext,
): Promise<void> {
  const db = secretTables(platform.database.db)
  await db
    .insertInto('user_passwords')
    .values({ user_id: person.id, password_hash: await hashPassword(password) })
    .execute()
  try {
    await platform.executeAndWait(userSignUp, { userId: person.id, email: person.email }, ctx)
  } catch (error) {
    await db.deleteFrom('user_passwords').where('user_id', '=', person.id).execute()
    throw error
  }
}

/**
 * `signUp`: a person, their organization and their membership as its first OWNER, then a
 * session. A taken email is refused before anything else is written.
 */
export async function signUp(platform: Platform, raw: unknown, meta: RequestMeta): Promise<SignedIn> {
  const input = parseInput(signUpInput, raw)
  const person = { id: uuidv7(), email: input.email }
  const organizationId = uuidv7()
  const ctx = personContext(person, organizationId, ALL_SCOPES, meta)
  await createUser(platform, person, input.password, ctx)
  await platform.executeAndWait(organizationCreate, { name: input.organizationName }, ctx)
  const joined = await platform.executeAndWait(memberFounderJoin, { userId: person.id, email: person.email }, ctx)
  const session = await createSession(platform.database.db, { userId: person.id, organizationId }, meta.now)
  return { userId: person.id, organizationId, session, position: joined.position }
}

/**
 * `login`: checks the password (at most 5 attempts a minute per email and client address),
 * picks the organization and starts a new session. The session presented with the request, if
 * any, ends: a login always gets a fresh token.
 */
export async function login(
  platform: Platform,
  raw: unknown,
  client: { ip: string; previousToken: string | null },
  meta: RequestMeta,
): Promise<SignedIn> {
  const input = parseInput(loginInput, raw)
  accountServices(platform).loginLimiter.take(`${input.email}|${client.ip}`, meta.now.getTime())
  const db = platform.database.db
  const user = await findUserByEmail(db, input.email)
  const stored = user ? await storedPasswordHash(db, user.id) : undefined
  if (!(await verifyPassword(stored, input.password)) || !user) {
    throw new DomainError(
      'UNAUTHENTICATED',
      'the email or password is wrong; check both, or reset the password with passwordResetRequest',
    )
  }
  const memberships = await listMemberships(db, user.id)
  const organizationId = chooseOrganization(
    memberships.map((m) => m.organizationId),
    input.organizationId ?? null,
  )
  if (client.previousToken) await deleteSession(db, client.previousToken)
  const session = await createSession(db, { userId: user.id, organizationId }, meta.now)
  return { userId: user.id, organizationId, session, position: null }
}

function chooseOrganization(organizationIds: string[], asked: string | null): string {
  if (asked) {
    if (organizationIds.includes(asked.toLowerCase())) return asked.toLowerCase()
    throw new DomainError(
      'BAD_USER_INPUT',
      `you are not a member of organization '${asked}'; your organizations: ${organizationIds.join(', ') || 'none'}`,
      {
        field: ['input', 'organizationId'],
      },
    )
  }
  if (organizationIds.length === 1) return organizationIds[0]!
  if (organizationIds.length === 0)
    throw new DomainError(
      'FORBIDDEN',
      'you are not a member of any organization; accept an invitation, or sign up to create one',
    )
  throw new DomainError(
    'BAD_USER_INPUT',
    `you belong to several organizations; pass organizationId, one of ${organizationIds.join(', ')}`,
    {
      field: ['input', 'organizationId'],
    },
  )
}

/** `passwordChange`: needs the current password; every other session of the person ends. */
export async function changePassword(
  platform: Platform,
  principal: UserPrincipal,
  raw: unknown,
  meta: RequestMeta,
): Promise<string | null> {
  const input = parseInput(passwordChangeInput, raw)
  const db = secretTables(platform.database.db)
  const stored = await storedPasswordHash(db, principal.userId)
  if (!(await verifyPassword(stored, input.currentPassword))) {
    throw new DomainError('BAD_USER_INPUT', 'currentPassword is wrong; type the password you log in with', {
      field: ['input', 'currentPassword'],
    })
  }
  const person = { id: principal.userId, email: principal.name }
  await db
    .updateTable('user_passwords')
    .set({ password_hash: await hashPassword(input.newPassword), updated_at: meta.now })
    .where('user_id', '=', person.id)
    .execute()
  let position: string | null
  try {
    position = (
      await platform.executeAndWait(
        userPasswordChange,
        {},
        personContext(person, principal.organizationId, principal.scopes, meta),
      )
    ).position
  } catch (error) {
    await db.updateTable('user_passwords').set({ password_hash: stored! }).where('user_id', '=', person.id).execute()
    throw error
  }
  await deleteUserSessions(platform.database.db, person.id, principal.sessionId)
  return position
}

/**
 * `passwordResetRequest`: mails a one-hour reset token when the email has an account. The answer
 * is the same either way, so the form does not tell who has an account.
 */
export async function requestPasswordReset(platform: Platform, raw: unknown, meta: RequestMeta): Promise<void> {
  const input = parseInput(passwordResetRequestInput, raw)
  const db = platform.database.db
  const user = await findUserByEmail(db, input.email)
  if (!user) {
    platform.logger.info({ correlationId: meta.correlationId }, 'password reset asked for an email without an account')
    return
  }
  const token = newToken()
  const expiresAt = new Date(meta.now.getTime() + PASSWORD_RESET_TTL_MS)
  await secretTables(db)
    .insertInto('password_reset_tokens')
    .values({ token_hash: hashToken(token), user_id: user.id, expires_at: expiresAt })
    .execute()
  await platform.executeAndWait(
    userPasswordResetRequest,
    {},
    personContext(user, await homeOrganization(platform, user.id), ACCOUNT_SCOPES, meta),
  )
  await accountServices(platform).mailer.send({
    kind: 'password-reset',
    to: user.email,
    subject: 'Reset your Emporium password',
    text: `Someone asked to reset the password of ${user.email}. If it was you, use this code within an hour (passwordResetComplete):\n\n${token}\n\nIf it was not, ignore this message: your password stays as it is.`,
  })
}

/** `passwordResetComplete`: sets the new password with a valid token; the token and every session of the person end. */
export async function completePasswordReset(platform: Platform, raw: unknown, meta: RequestMeta): Promise<void> {
  const input = parseInput(passwordResetCompleteInput, raw)
  const db = secretTables(platform.database.db)
  const row = await liveTokenRow(db, 'password_reset_tokens', input.token, meta.now)
  const user = row ? await findUser(platform.database.db, row.user_id) : null
  if (!row || !user) {
    throw new DomainError(
      'BAD_USER_INPUT',
      'this reset token is not valid (mistyped, used or older than an hour); request a new one with passwordResetRequest',
      {
        field: ['input', 'token'],
      },
    )
  }
  await platform.executeAndWait(
    userPasswordResetComplete,
    {},
    personContext(user, await homeOrganization(platform, user.id), ACCOUNT_SCOPES, meta),
  )
  await db
    .updateTable('user_passwords')
    .set({ password_hash: await hashPassword(input.newPassword), updated_at: meta.now })
    .where('user_id', '=', user.id)
    .execute()
  await db.deleteFrom('password_reset_tokens').where('user_id', '=', user.id).execute()
  await deleteUserSessions(platform.database.db, user.id)
}

/** The scopes an account flow without a session runs its own-account commands with. */
const ACCOUNT_SCOPES: readonly Scope[] = ['products:read']

/**
 * Every event names an organization; a person's own-account events name their first one, or the
 * person's id when they belong to none (they are platform-level).
 */
async function homeOrganization(platform: Platform, userId: string): Promise<string> {
  return (await listMemberships(platform.database.db, userId))[0]?.organizationId ?? userId
}
