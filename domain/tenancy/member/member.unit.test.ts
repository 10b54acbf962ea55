import { describe, expect, it } from 'vitest'
import type { PastEvent, PrepareEnv } from '../../shared/command.js'
import type { DecideContext } from '../../shared/context.js'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import { memberInviteInput, memberRoleChangeInput, type MemberCommand } from './commands.js'
import { memberDecider } from './decide.js'
import { memberDefinitions, memberInvite } from './definitions.js'
import type { MemberEvent } from './events.js'
import { scopesOfRole } from './roles.js'

const organizationId = '0190a0b0-0000-7000-8000-000000000001'
const ownerUser = '0190a0b0-0000-7000-8000-0000000000b1'
const adminUser = '0190a0b0-0000-7000-8000-0000000000b2'
const staffUser = '0190a0b0-0000-7000-8000-0000000000b3'
const ownerId = '0190a0b0-0000-7000-8000-0000000000c1'
const adminId = '0190a0b0-0000-7000-8000-0000000000c2'
const staffId = '0190a0b0-0000-7000-8000-0000000000c3'
const invitedId = '0190a0b0-0000-7000-8000-0000000000c4'

const as = (userId: string, type: 'user' | 'api_key' | 'system' = 'user'): DecideContext => ({
  now: new Date('2026-11-21T10:00:00Z'),
  actor: { type, id: userId },
  organizationId,
  storeId: null,
})
const spec = deciderSpec(memberDecider, as(ownerUser))

const founded: MemberEvent = {
  type: 'MemberJoined',
  data: { memberId: ownerId, userId: ownerUser, email: 'owner@example.com', role: 'OWNER' },
}
const adminJoined: MemberEvent = {
  type: 'MemberJoined',
  data: { memberId: adminId, userId: adminUser, email: 'admin@example.com', role: 'ADMIN' },
}
const staffJoined: MemberEvent = {
  type: 'MemberJoined',
  data: { memberId: staffId, userId: staffUser, email: 'staff@example.com', role: 'STAFF' },
}
const invited: MemberEvent = {
  type: 'MemberInvited',
  data: { memberId: invitedId, email: 'new@example.com', role: 'STAFF' },
}
const team = [founded, adminJoined, staffJoined, invited]

const invite = (
  email: string,
  role: 'OWNER' | 'ADMIN' | 'STAFF',
  memberId = '0190a0b0-0000-7000-8000-0000000000c9',
): MemberCommand => ({ type: 'MemberInvite', data: { memberId, email, role } })
const roleChange = (memberId: string, role: 'OWNER' | 'ADMIN' | 'STAFF'): MemberCommand => ({
  type: 'MemberRoleChange',
  data: { memberId, role },
})
const remove = (memberId: string): MemberCommand => ({ type: 'MemberRemove', data: { memberId } })
const transfer = (memberId: string): MemberCommand => ({ type: 'OrganizationOwnershipTransfer', data: { memberId } })

describe('memberFounderJoin', () => {
  it('makes the founder the first OWNER', () => {
    spec
      .given([])
      .when({ type: 'MemberFounderJoin', data: { memberId: ownerId, userId: ownerUser, email: 'owner@example.com' } })
      .then([founded])
  })

  it('refuses an organization that already has members', () => {
    spec
      .given([founded])
      .when({ type: 'MemberFounderJoin', data: { memberId: adminId, userId: adminUser, email: 'x@example.com' } })
      .thenFails({ code: 'CONFLICT' })
  })
})

describe('memberInvite', () => {
  it('invites a new email with a role', () => {
    spec
      .given(team)
      .when(invite('friend@example.com', 'ADMIN'))
      .then([
        {
          type: 'MemberInvited',
          data: { memberId: '0190a0b0-0000-7000-8000-0000000000c9', email: 'friend@example.com', role: 'ADMIN' },
        },
      ])
  })

  it('renews a pending invitation of the same email under its member id', () => {
    spec
      .given(team)
      .when(invite('new@example.com', 'ADMIN'))
      .then([
        { type: 'MemberInvitationRenewed', data: { memberId: invitedId, email: 'new@example.com', role: 'ADMIN' } },
      ])
  })

  it('refuses an active member with CONFLICT on input.email', () => {
    spec
      .given(team)
      .when(invite('staff@example.com', 'ADMIN'))
      .thenFails({ code: 'CONFLICT', field: ['input', 'email'] })
  })

  it('lets only an OWNER invite an OWNER, and only OWNERs and ADMINs invite at all', () => {
    spec
      .given(team)
      .when(invite('boss@example.com', 'OWNER'), as(adminUser))
      .thenFails({ code: 'FORBIDDEN', message: 'only an OWNER can invite another OWNER' })
    spec
      .given(team)
      .when(invite('friend@example.com', 'STAFF'), as(staffUser))
      .thenFails({ code: 'FORBIDDEN', message: 'OWNER or ADMIN' })
    spec
      .given(team)
      .when(invite('friend@example.com', 'STAFF'), as('k', 'api_key'))
      .thenFails({ code: 'FORBIDDEN', message: 'API keys cannot manage members' })
  })

  it('lets an operator at the CLI invite anyone', () => {
    spec
      .given(team)
      .when(invite('boss@example.com', 'OWNER'), as('cli', 'system'))
      .then([
        {
          type: 'MemberInvited',
          data: { memberId: '0190a0b0-0000-7000-8000-0000000000c9', email: 'boss@example.com', role: 'OWNER' },
        },
      ])
  })

  it('reuses the id of a pending invitation in prepare, and writes to member-<orgId>_<orgId>', async () => {
    const history: PastEvent[] = team.map((event, revision) => ({
      type: event.type,
      data: event.data as Record<string, unknown>,
      revision,
      occurredAt: '2026-11-21T09:00:00Z',
    }))
    const env: PrepareEnv = {
      ctx: as(ownerUser),
      newId: () => 'fresh',
      reservationOwner: async () => null,
      readStream: async () => history,
    }
    const renewed = await memberInvite.prepare(
      memberInviteInput.parse({ email: 'NEW@example.com', role: 'STAFF' }),
      env,
    )
    expect(renewed).toMatchObject({ stream: `member-${organizationId}_${organizationId}`, entityId: invitedId })
    expect(
      (await memberInvite.prepare(memberInviteInput.parse({ email: 'other@example.com', role: 'STAFF' }), env))
        .entityId,
    ).toBe('fresh')
  })
})

describe('memberInviteAccept', () => {
  it('makes the invited person a member with the invited role', () => {
    spec
      .given(team)
      .when({
        type: 'MemberInviteAccept',
        data: { memberId: invitedId, userId: '0190a0b0-0000-7000-8000-0000000000b9' },
      })
      .then([
        {
          type: 'MemberJoined',
          data: {
            memberId: invitedId,
            userId: '0190a0b0-0000-7000-8000-0000000000b9',
            email: 'new@example.com',
            role: 'STAFF',
          },
        },
      ])
  })

  it('refuses an invitation that is gone or already accepted, and a person who is already a member', () => {
    spec
      .given(team)
      .when({ type: 'MemberInviteAccept', data: { memberId: staffId, userId: staffUser } })
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'token'] })
    spec
      .given([founded])
      .when({ type: 'MemberInviteAccept', data: { memberId: invitedId, userId: adminUser } })
      .thenFails({ code: 'BAD_USER_INPUT' })
    spec
      .given(team)
      .when({ type: 'MemberInviteAccept', data: { memberId: invitedId, userId: adminUser } })
      .thenFails({ code: 'CONFLICT', message: 'already a member' })
  })
})

describe('memberRoleChange', () => {
  it('changes a role, and changes nothing when it is the same', () => {
    spec
      .given(team)
      .when(roleChange(staffId, 'ADMIN'))
      .then([{ type: 'MemberRoleChanged', data: { memberId: staffId, from: 'STAFF', to: 'ADMIN' } }])
    spec.given(team).when(roleChange(staffId, 'STAFF')).then([])
  })

  it('lets only an OWNER grant or take away OWNER', () => {
    spec.given(team).when(roleChange(staffId, 'OWNER'), as(adminUser)).thenFails({ code: 'FORBIDDEN' })
    spec.given(team).when(roleChange(ownerId, 'ADMIN'), as(adminUser)).thenFails({ code: 'FORBIDDEN' })
  })

  it('never demotes the last OWNER', () => {
    spec
      .given(team)
      .when(roleChange(ownerId, 'ADMIN'))
      .thenFails({ code: 'CONFLICT', field: ['input', 'role'], message: 'always keeps an owner' })
    const second: MemberEvent = { type: 'MemberRoleChanged', data: { memberId: adminId, from: 'ADMIN', to: 'OWNER' } }
    spec
      .given([...team, second])
      .when(roleChange(ownerId, 'ADMIN'))
      .then([{ type: 'MemberRoleChanged', data: { memberId: ownerId, from: 'OWNER', to: 'ADMIN' } }])
  })

  it('answers NOT_FOUND for a member that does not exist', () => {
    spec
      .given(team)
      .when(roleChange('0190a0b0-0000-7000-8000-0000000000ff', 'ADMIN'))
      .thenFails({ code: 'NOT_FOUND', field: ['input', 'id'] })
  })

  it('reads the role from a fixed list', () => {
    expect(memberRoleChangeInput.safeParse({ id: staffId, role: 'GOD' }).error?.issues[0]).toMatchObject({
      path: ['role'],
      message: 'role must be one of OWNER, ADMIN, STAFF',
    })
  })
})

describe('memberRemove', () => {
  it('removes a member or withdraws an invitation', () => {
    spec
      .given(team)
      .when(remove(staffId))
      .then([{ type: 'MemberRemoved', data: { memberId: staffId, userId: staffUser, email: 'staff@example.com' } }])
    spec
      .given(team)
      .when(remove(invitedId))
      .then([{ type: 'MemberRemoved', data: { memberId: invitedId, userId: null, email: 'new@example.com' } }])
  })

  it('refuses the last owner leaving, and an ADMIN removing an OWNER', () => {
    spec.given(team).when(remove(ownerId)).thenFails({ code: 'CONFLICT', message: 'the last owner cannot leave' })
    spec.given(team).when(remove(ownerId), as(adminUser)).thenFails({ code: 'FORBIDDEN' })
  })

  it('answers NOT_FOUND for a removed member', () => {
    const removed: MemberEvent = {
      type: 'MemberRemoved',
      data: { memberId: staffId, userId: staffUser, email: 'staff@example.com' },
    }
    spec
      .given([...team, removed])
      .when(remove(staffId))
      .thenFails({ code: 'NOT_FOUND' })
  })
})

describe('organizationOwnershipTransfer', () => {
  it('makes the member OWNER and the acting owner ADMIN', () => {
    spec
      .given(team)
      .when(transfer(adminId))
      .then([{ type: 'OrganizationOwnershipTransferred', data: { fromMemberId: ownerId, toMemberId: adminId } }])
  })

  it('is for OWNERs, to another active member', () => {
    spec.given(team).when(transfer(staffId), as(adminUser)).thenFails({ code: 'FORBIDDEN', message: 'only an OWNER' })
    spec
      .given(team)
      .when(transfer(invitedId))
      .thenFails({ code: 'CONFLICT', field: ['input', 'memberId'] })
    spec.given(team).when(transfer(ownerId)).thenFails({ code: 'CONFLICT', message: 'you already own' })
    spec.given(team).when(transfer(adminId), as('cli', 'system')).thenFails({ code: 'FORBIDDEN' })
  })

  it('leaves the old owner free to leave afterwards', () => {
    const transferred: MemberEvent = {
      type: 'OrganizationOwnershipTransferred',
      data: { fromMemberId: ownerId, toMemberId: adminId },
    }
    spec
      .given([...team, transferred])
      .when(remove(ownerId))
      .then([{ type: 'MemberRemoved', data: { memberId: ownerId, userId: ownerUser, email: 'owner@example.com' } }])
  })
})

describe('roles and registry', () => {
  it('gives OWNER and ADMIN every scope and STAFF the catalog, web store and orders', () => {
    expect(scopesOfRole('OWNER')).toHaveLength(8)
    expect(scopesOfRole('ADMIN')).toEqual(scopesOfRole('OWNER'))
    expect(scopesOfRole('STAFF')).toEqual(['products:write', 'webstore:write', 'orders:write'])
  })

  it('offers member commands to GraphQL and the CLI, never to MCP; the founder joins only through signUp', () => {
    for (const definition of memberDefinitions) {
      const transports = definition.name === 'memberFounderJoin' ? [] : ['graphql', 'cli']
      expect(definition).toMatchObject({ transports, storeScoped: false, scope: 'settings:write' })
    }
  })
})
