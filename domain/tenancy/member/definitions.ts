import { defineCommand, type PrepareEnv, organizationWrite } from '../../shared/command.js'
import { fold, type DomainEvent } from '../../shared/event.js'
import {
  memberFounderJoinInput,
  memberInviteAcceptInput,
  memberInviteInput,
  memberRemoveInput,
  memberRoleChangeInput,
  organizationOwnershipTransferInput,
  type MemberCommand,
} from './commands.js'
import { memberDecider } from './decide.js'
import type { MemberEvent } from './events.js'
import { findByEmail } from './member.js'
import { MEMBER_CATEGORY, memberStream } from './streams.js'

/*
 * Members are managed by signed-in OWNERs and ADMINs (the decider checks the actor's role in the
 * organization's member list), or by an operator at the CLI; never by an API key, so these are
 * not MCP tools.
 */
const MEMBERS = organizationWrite(MEMBER_CATEGORY, 'settings:write', { decider: memberDecider })

function prepared(env: PrepareEnv, command: MemberCommand, entityId: string) {
  return { stream: memberStream(env.ctx.organizationId), command, entityId }
}

export const memberInvite = defineCommand({
  ...MEMBERS,
  name: 'memberInvite',
  tool: 'invite_member',
  description:
    'Invites a person by email to the organization with a role (OWNER, ADMIN or STAFF); the invitation token is mailed. Inviting a pending email again renews the invitation. Returns the member id.',
  annotations: { destructive: false, idempotent: false },
  input: memberInviteInput,
  async prepare(input, env) {
    // A pending invitation of the same email keeps its id: the renewal is about the same member.
    const members = fold(
      memberDecider,
      (await env.readStream(memberStream(env.ctx.organizationId))) as DomainEvent[] as MemberEvent[],
    )
    const memberId = findByEmail(members, input.email)?.id ?? env.newId()
    return prepared(env, { type: 'MemberInvite', data: { memberId, email: input.email, role: input.role } }, memberId)
  },
})

export const memberInviteAccept = defineCommand({
  ...MEMBERS,
  name: 'memberInviteAccept',
  tool: 'accept_member_invitation',
  description:
    'The invited person joins the organization with the invited role, after the account service checked the token. Returns the member id.',
  annotations: { destructive: false, idempotent: false },
  input: memberInviteAcceptInput,
  prepare: (input, env) => prepared(env, { type: 'MemberInviteAccept', data: input }, input.memberId),
})

export const memberFounderJoin = defineCommand({
  ...MEMBERS,
  name: 'memberFounderJoin',
  tool: 'join_founder',
  // A step of signUp (app/auth/accounts.ts), never offered alone.
  transports: [],
  description: 'The person who signed up and created the organization becomes its first OWNER. Returns the member id.',
  annotations: { destructive: false, idempotent: false },
  input: memberFounderJoinInput,
  prepare(input, env) {
    const memberId = env.newId()
    return prepared(
      env,
      { type: 'MemberFounderJoin', data: { memberId, userId: input.userId, email: input.email } },
      memberId,
    )
  },
})

export const memberRoleChange = defineCommand({
  ...MEMBERS,
  name: 'memberRoleChange',
  tool: 'change_member_role',
  description:
    'Changes the role of a member or pending invitation. Only an OWNER grants or takes away OWNER; the last OWNER cannot be demoted. Setting the role it has changes nothing. Returns the member id.',
  annotations: { destructive: false, idempotent: true },
  input: memberRoleChangeInput,
  prepare: (input, env) =>
    prepared(env, { type: 'MemberRoleChange', data: { memberId: input.id, role: input.role } }, input.id),
})

export const memberRemove = defineCommand({
  ...MEMBERS,
  name: 'memberRemove',
  tool: 'remove_member',
  description:
    'Removes a member (their sessions for this organization stop working at once) or withdraws a pending invitation. The last OWNER cannot leave. Returns the member id.',
  annotations: { destructive: true, idempotent: false },
  input: memberRemoveInput,
  prepare: (input, env) => prepared(env, { type: 'MemberRemove', data: { memberId: input.id } }, input.id),
})

export const organizationOwnershipTransfer = defineCommand({
  ...MEMBERS,
  name: 'organizationOwnershipTransfer',
  tool: 'transfer_organization_ownership',
  description:
    'The signed-in OWNER hands ownership to another active member, who becomes OWNER, and becomes an ADMIN. Returns the new owner’s member id.',
  annotations: { destructive: false, idempotent: false },
  input: organizationOwnershipTransferInput,
  prepare: (input, env) =>
    prepared(env, { type: 'OrganizationOwnershipTransfer', data: { memberId: input.memberId } }, input.memberId),
})

export const memberDefinitions = [
  memberInvite,
  memberInviteAccept,
  memberFounderJoin,
  memberRoleChange,
  memberRemove,
  organizationOwnershipTransfer,
] as const
