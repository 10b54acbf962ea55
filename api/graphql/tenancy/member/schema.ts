import { MEMBER_LIST } from '../../../../domain/tenancy/member/list.js'
import { resourceReadTypeDefs } from '../../shared/list-sdl.js'
import { deletePayloadType, payloadType, mutationFields } from '../../shared/payloads.js'

export const memberTypeDefs = /* GraphQL */ `
  "INVITED: the invitation is pending. ACTIVE: a member who signs in."
  enum MemberStatus {
    INVITED
    ACTIVE
  }

  "A member of the organization, or a pending invitation."
  type Member {
    "The member id (not the user id): use it with memberRoleChange, memberRemove and organizationOwnershipTransfer."
    id: ID!
    email: String!
    role: MemberRole!
    status: MemberStatus!
    "The person's account; null while the invitation is pending."
    user: User
    "Who invited them (the founder invited themself)."
    invitedBy: AuditActor!
    "When they were invited (or joined, for the founder)."
    createdAt: DateTime!
    joinedAt: DateTime
    updatedAt: DateTime!
  }

  input MemberInviteInput {
    email: String!
    "Only an OWNER may invite an OWNER."
    role: MemberRole!
  }

  type MemberInvitePayload {
    "The pending member; the invitation code goes to their email."
    member: Member!
    eventPosition: String
  }

  input MemberInviteAcceptInput {
    "The code from the invitation email."
    token: String!
    "Your password if the email already has an account; else the password of the account this creates (at least 10 characters)."
    password: String!
  }

  "You joined: a session for the organization starts (the session cookie is set)."
  type MemberInviteAcceptPayload {
    member: Member!
    user: User!
    organization: Organization!
    role: MemberRole!
    sessionExpiresAt: DateTime!
    eventPosition: String
  }

  input MemberRoleChangeInput {
    "The member id."
    id: ID!
    "Only an OWNER grants or takes away OWNER; the last OWNER keeps it."
    role: MemberRole!
  }

  ${payloadType('MemberRoleChange', 'member: Member!', {
    eventPosition: 'Null when the member already had the role.',
  })}

  input MemberRemoveInput {
    "The member id; removing a pending member withdraws the invitation."
    id: ID!
  }

  ${deletePayloadType('MemberRemove')}

  input OrganizationOwnershipTransferInput {
    "The member id of the active member who becomes OWNER; you become ADMIN."
    memberId: ID!
  }

  ${payloadType('OrganizationOwnershipTransfer', ['owner: Member!', 'previousOwner: Member!'])}

  ${resourceReadTypeDefs(MEMBER_LIST, {
    one: {
      name: 'member',
      doc: 'One member or pending invitation of the organization; NOT_FOUND when there is none. Signed-in OWNER or ADMIN.',
    },
    list: { name: 'members', doc: "The organization's members and pending invitations. Signed-in OWNER or ADMIN." },
  })}

  extend type Mutation {
    ${mutationFields({
      memberInvite:
        'Invites a person by email; the code is mailed. Inviting a pending email again renews it. Signed-in OWNER or ADMIN.',
      memberInviteAccept: 'Joins the organization with the mailed code and signs in. Needs no credential.',
      memberRoleChange: "Changes a member's role. Signed-in OWNER or ADMIN; the organization always keeps an OWNER.",
      memberRemove:
        'Removes a member (their sessions stop at once) or withdraws an invitation. The last OWNER cannot leave.',
      organizationOwnershipTransfer: 'Makes another active member OWNER; you become ADMIN. Signed-in OWNER.',
    })}
  }
`
