import type { DomainEvent, ValueChanged } from '../../shared/event.js'
import type { MemberRole } from './roles.js'

/* Invitation tokens never enter an event: they live hashed in `member_invitations`. */

export type MemberInvited = DomainEvent<'MemberInvited', { memberId: string; email: string; role: MemberRole }>
/** A pending invitation sent again (a fresh token; the role may change). */
export type MemberInvitationRenewed = DomainEvent<
  'MemberInvitationRenewed',
  { memberId: string; email: string; role: MemberRole }
>
/** A person became a member: by accepting an invitation, or as the founder of the organization. */
export type MemberJoined = DomainEvent<
  'MemberJoined',
  { memberId: string; userId: string; email: string; role: MemberRole }
>
export type MemberRoleChanged = ValueChanged<'MemberRoleChanged', { memberId: string }, MemberRole>
/** A member removed, or a pending invitation withdrawn (`userId` null). */
export type MemberRemoved = DomainEvent<'MemberRemoved', { memberId: string; userId: string | null; email: string }>
/** `to` became an OWNER and `from`, who was one, an ADMIN. */
export type OrganizationOwnershipTransferred = DomainEvent<
  'OrganizationOwnershipTransferred',
  { fromMemberId: string; toMemberId: string }
>

export type MemberEvent =
  | MemberInvited
  | MemberInvitationRenewed
  | MemberJoined
  | MemberRoleChanged
  | MemberRemoved
  | OrganizationOwnershipTransferred
