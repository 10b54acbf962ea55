import { z } from 'zod'
import { DomainError } from '../../domain/shared/errors.js'
import { password as newPassword } from '../../domain/tenancy/user/commands.js'
import { findMember, findUserByEmail } from '../../projections/tenancy/accounts/queries.js'
import type { CommandContext } from '../commands/context.js'
import type { Platform } from '../platform.js'
import { liveTokenRow, secretTables, storedPasswordHash } from './account-tables.js'
import { createUser, personContext, type RequestMeta, type SignedIn } from './accounts.js'
import { accountServices } from './account-services.js'
import { parseInput } from './input.js'
import { verifyPassword } from './passwords.js'
import { createSession } from './sessions.js'
import { hashToken, newToken } from './tokens.js'
import { v7 as uuidv7 } from 'uuid'
import { memberInvite, memberInviteAccept } from '../../domain/tenancy/member/definitions.js'

/** How long an invitation token works. */
export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000

const acceptInput = z.strictObject({
  token: z
    .string({ error: 'token is required: the code from the invitation email' })
    .trim()
    .min(1, 'token is required: the code from the invitation email'),
  password: z
    .string({ error: 'password is required' })
    .min(1, 'password is required')
    .max(1000, 'password is too long'),
})

/**
 * `memberInvite`: records the invitation through the command path, then mails a fresh token
 * (a renewed invitation's older tokens stop working). Returns the member id and the position.
 */
export async function inviteMember(
  platform: Platform,
  raw: unknown,
  ctx: CommandContext,
): Promise<{ memberId: string; position: string | null }> {
  const result = await platform.executeAndWait(memberInvite, raw, ctx)
  const member = await findMember(platform.database.db, ctx.organizationId, result.entityId)
  if (!member)
    throw new DomainError('INTERNAL_SERVER_ERROR', 'the invitation was recorded but is not readable yet; retry')
  const db = secretTables(platform.database.db)
  const token = newToken()
  await db.deleteFrom('member_invitations').where('member_id', '=', member.id).execute()
  await db
    .insertInto('member_invitations')
    .values({
      token_hash: hashToken(token),
      organization_id: ctx.organizationId,
      member_id: member.id,
      email: member.email,
      expires_at: new Date(ctx.now.getTime() + INVITATION_TTL_MS),
    })
    .execute()
  await accountServices(platform).mailer.send({
    kind: 'member-invitation',
    to: member.email,
    subject: 'You are invited to an Emporium organization',
    text:
      `${ctx.actor.name ?? 'An administrator'} invited you to join their organization as ${member.role}. ` +
      `Accept within 7 days with this code (memberInviteAccept, with your password; a new password creates your account):\n\n${token}`,
  })
  return { memberId: member.id, position: result.position }
}

/**
 * `memberInviteAccept`: the token names the invitation; the password proves the person. An
 * existing account must give its password; an email without an account gets one with this
 * password. The person joins with the invited role and is signed in to that organization.
 */
export async function acceptInvitation(
  platform: Platform,
  raw: unknown,
  meta: RequestMeta,
): Promise<SignedIn & { memberId: string }> {
  const input = parseInput(acceptInput, raw)
  const db = secretTables(platform.database.db)
  const invitation = await liveTokenRow(db, 'member_invitations', input.token, meta.now)
  if (!invitation) {
    throw new DomainError(
      'BAD_USER_INPUT',
      'this invitation token is not valid (mistyped, used, replaced or older than 7 days); ask for a new invitation',
      {
        field: ['input', 'token'],
      },
    )
  }
  const existing = await findUserByEmail(platform.database.db, invitation.email)
  const person = existing ?? { id: uuidv7(), email: invitation.email }
  const ctx = personContext(person, invitation.organization_id, ['settings:write'], meta)
  if (existing) {
    if (!(await verifyPassword(await storedPasswordHash(db, existing.id), input.password))) {
      throw new DomainError(
        'UNAUTHENTICATED',
        `the password is wrong for the account ${invitation.email}; give the password you log in with, or reset it first`,
      )
    }
  } else {
    await createUser(
      platform,
      person,
      parseInput(z.object({ password: newPassword }), { password: input.password }).password,
      ctx,
    )
  }
  const joined = await platform.executeAndWait(
    memberInviteAccept,
    { memberId: invitation.member_id, userId: person.id },
    ctx,
  )
  await db.deleteFrom('member_invitations').where('member_id', '=', invitation.member_id).execute()
  const session = await createSession(
    platform.database.db,
    { userId: person.id, organizationId: invitation.organization_id },
    meta.now,
  )
  return {
    userId: person.id,
    organizationId: invitation.organization_id,
    memberId: invitation.member_id,
    session,
    position: joined.position,
  }
}
