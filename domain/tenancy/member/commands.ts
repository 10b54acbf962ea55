import { z } from 'zod'
import { entityId } from '../../shared/input-types.js'
import { email } from '../user/commands.js'
import { MEMBER_ROLES, type MemberRole } from './roles.js'

const memberId = entityId('member')

const role = z.enum(MEMBER_ROLES, { error: `role must be one of ${MEMBER_ROLES.join(', ')}` })

export const memberInviteInput = z.strictObject({ email, role })
export const memberRoleChangeInput = z.strictObject({ id: memberId, role })
export const memberRemoveInput = z.strictObject({ id: memberId })
export const organizationOwnershipTransferInput = z.strictObject({ memberId: memberId })

/** Sent by the account service once it checked the invitation token and who accepts it. */
export const memberInviteAcceptInput = z.strictObject({ memberId, userId: z.uuid('userId must be a UUID') })
/** Sent by sign-up: the person who creates an organization is its first owner. */
export const memberFounderJoinInput = z.strictObject({ userId: z.uuid('userId must be a UUID'), email })

export type MemberInvite = { type: 'MemberInvite'; data: { memberId: string; email: string; role: MemberRole } }
export type MemberInviteAccept = { type: 'MemberInviteAccept'; data: { memberId: string; userId: string } }
export type MemberFounderJoin = { type: 'MemberFounderJoin'; data: { memberId: string; userId: string; email: string } }
export type MemberRoleChange = { type: 'MemberRoleChange'; data: { memberId: string; role: MemberRole } }
export type MemberRemove = { type: 'MemberRemove'; data: { memberId: string } }
export type OrganizationOwnershipTransfer = { type: 'OrganizationOwnershipTransfer'; data: { memberId: string } }

export type MemberCommand =
  | MemberInvite
  | MemberInviteAccept
  | MemberFounderJoin
  | MemberRoleChange
  | MemberRemove
  | OrganizationOwnershipTransfer
