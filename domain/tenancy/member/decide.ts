import type { DecideContext } from '../../shared/context.js'
import { DomainError, conflict } from '../../shared/errors.js'
import type { Decider } from '../../shared/event.js'
import type {
  MemberCommand,
  MemberInvite,
  MemberRemove,
  MemberRoleChange,
  OrganizationOwnershipTransfer,
} from './commands.js'
import type { MemberEvent } from './events.js'
import {
  evolveMembers,
  findByEmail,
  findByUser,
  initialMembers,
  owners,
  type Members,
  type Membership,
} from './member.js'
import { managesOrganization } from './roles.js'

const KEEP_AN_OWNER = 'an organization always keeps an owner: make another member OWNER (or transfer ownership) first'

export function decideMembers(command: MemberCommand, state: Members, ctx: DecideContext): MemberEvent[] {
  switch (command.type) {
    case 'MemberFounderJoin':
      if (Object.keys(state.byId).length > 0)
        throw conflict('this organization already has members; founders join only new organizations')
      return [{ type: 'MemberJoined', data: { ...command.data, role: 'OWNER' } }]
    case 'MemberInvite':
      return invite(command, state, ctx)
    case 'MemberInviteAccept': {
      const member = state.byId[command.data.memberId]
      if (!member || member.status !== 'invited') throw invitationGone()
      if (findByUser(state, command.data.userId))
        throw conflict('you are already a member of this organization; log in to it instead')
      return [
        {
          type: 'MemberJoined',
          data: { memberId: member.id, userId: command.data.userId, email: member.email, role: member.role },
        },
      ]
    }
    case 'MemberRoleChange':
      return changeRole(command, state, ctx)
    case 'MemberRemove':
      return remove(command, state, ctx)
    case 'OrganizationOwnershipTransfer':
      return transfer(command, state, ctx)
    default: {
      const _exhaustive: never = command
      return []
    }
  }
}

function invite(command: MemberInvite, state: Members, ctx: DecideContext): MemberEvent[] {
  const actor = requireManager(state, ctx)
  const { email, role } = command.data
  if (role === 'OWNER') requireOwner(actor, 'only an OWNER can invite another OWNER')
  const existing = findByEmail(state, email)
  if (existing?.status === 'active')
    throw conflict(`'${email}' is already a member of this organization; change their role instead`, ['input', 'email'])
  if (existing) return [{ type: 'MemberInvitationRenewed', data: { memberId: existing.id, email, role } }]
  return [{ type: 'MemberInvited', data: command.data }]
}

function changeRole(command: MemberRoleChange, state: Members, ctx: DecideContext): MemberEvent[] {
  const actor = requireManager(state, ctx)
  const member = requireMember(state, command.data.memberId)
  const to = command.data.role
  if (member.role === to) return []
  if (to === 'OWNER' || member.role === 'OWNER')
    requireOwner(actor, 'only an OWNER can make someone an OWNER or change an OWNER’s role')
  if (member.role === 'OWNER' && member.status === 'active' && owners(state).length === 1)
    throw conflict(KEEP_AN_OWNER, ['input', 'role'])
  return [{ type: 'MemberRoleChanged', data: { memberId: member.id, from: member.role, to } }]
}

function remove(command: MemberRemove, state: Members, ctx: DecideContext): MemberEvent[] {
  const actor = requireManager(state, ctx)
  const member = requireMember(state, command.data.memberId)
  if (member.role === 'OWNER') requireOwner(actor, 'only an OWNER can remove an OWNER')
  if (member.role === 'OWNER' && member.status === 'active' && owners(state).length === 1) {
    throw conflict(`the last owner cannot leave: ${KEEP_AN_OWNER}`, ['input', 'id'])
  }
  return [{ type: 'MemberRemoved', data: { memberId: member.id, userId: member.userId, email: member.email } }]
}

function transfer(command: OrganizationOwnershipTransfer, state: Members, ctx: DecideContext): MemberEvent[] {
  const actor = requireManager(state, ctx)
  if (!actor) throw new DomainError('FORBIDDEN', 'ownership is transferred by an OWNER, signed in')
  requireOwner(actor, 'only an OWNER can transfer ownership')
  const target = requireMember(state, command.data.memberId, ['input', 'memberId'])
  if (target.status !== 'active')
    throw conflict(`'${target.email}' has not accepted the invitation yet; ownership goes to active members only`, [
      'input',
      'memberId',
    ])
  if (target.id === actor.id)
    throw conflict('you already own this organization; name another member', ['input', 'memberId'])
  return [{ type: 'OrganizationOwnershipTransferred', data: { fromMemberId: actor.id, toMemberId: target.id } }]
}

/**
 * The acting member, who must be an OWNER or ADMIN; null for the operator (CLI, system actor),
 * who may do anything. Keys and agents never manage members.
 */
function requireManager(state: Members, ctx: DecideContext): Membership | null {
  if (ctx.actor.type === 'system') return null
  if (ctx.actor.type !== 'user')
    throw new DomainError(
      'FORBIDDEN',
      'members are managed by signed-in OWNERs and ADMINs; API keys cannot manage members',
    )
  const actor = findByUser(state, ctx.actor.id)
  if (!actor || !managesOrganization(actor.role))
    throw new DomainError('FORBIDDEN', 'managing members needs the OWNER or ADMIN role')
  return actor
}

function requireOwner(actor: Membership | null, message: string): void {
  if (actor && actor.role !== 'OWNER') throw new DomainError('FORBIDDEN', message)
}

function requireMember(state: Members, memberId: string, field: readonly string[] = ['input', 'id']): Membership {
  const member = state.byId[memberId]
  if (!member)
    throw new DomainError(
      'NOT_FOUND',
      `member '${memberId}' does not exist in this organization; list the members to find the id`,
      { field },
    )
  return member
}

function invitationGone(): DomainError {
  return new DomainError(
    'BAD_USER_INPUT',
    'this invitation is no longer valid (accepted, withdrawn or replaced); ask for a new one',
    { field: ['input', 'token'] },
  )
}

export const memberDecider: Decider<Members, MemberCommand, MemberEvent> = {
  initialState: initialMembers,
  evolve: evolveMembers,
  decide: decideMembers,
}
