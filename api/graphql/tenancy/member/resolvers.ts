import { DomainError } from '../../../../domain/shared/errors.js'
import { acceptInvitation, inviteMember } from '../../../../app/auth/invitations.js'
import {
  findMemberOf,
  findMembershipOf as findMembershipIn,
  findUserById,
  listMembers,
  readMember,
  type ListMembersArgs,
  type MemberRecord,
} from '../../../../app/tenancy/member/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import { commandContext, mutate } from '../../../../app/caller.js'
import { type RequestContext } from '../../shared/context.js'
import { deleteResolver, writeResolver } from '../../shared/mutations.js'
import { listResolver } from '../../shared/query-resolvers.js'
import { adminOnly, requestMeta, requireSignedInAdmin, type AccountContext } from '../account/access.js'
import { signedInPayload } from '../account/resolvers.js'
import { memberTypeDefs } from './schema.js'
import {
  memberRemove,
  memberRoleChange,
  organizationOwnershipTransfer,
} from '../../../../domain/tenancy/member/definitions.js'

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    member: adminOnly('members', (_root, { id }: { id: string }, ctx) => readMember(ctx, id)),
    members: adminOnly('members', listResolver<ListMembersArgs, unknown>(listMembers)),
  },
  Member: {
    user: (member: MemberRecord, _args, ctx: RequestContext) =>
      member.userId ? findUserById(ctx, member.userId) : null,
  },
  Mutation: {
    memberInvite: async (_root, { input }: { input: unknown }, ctx: RequestContext) => {
      requireSignedInAdmin(ctx, 'members')
      const { memberId, position } = await inviteMember(ctx.platform, input, commandContext(ctx))
      return { member: await readMember(ctx, memberId), eventPosition: position }
    },
    memberInviteAccept: async (_root, { input }: { input: unknown }, ctx: AccountContext) => {
      const joined = await acceptInvitation(ctx.platform, input, requestMeta(ctx))
      const member = await findMemberOf(ctx, joined.organizationId, joined.memberId)
      return { ...(await signedInPayload(ctx, joined)), member }
    },
    memberRoleChange: adminOnly('members', writeResolver(memberRoleChange, { field: 'member', read: readMember })),
    memberRemove: adminOnly('members', deleteResolver(memberRemove)),
    organizationOwnershipTransfer: async (_root, { input }: { input: unknown }, ctx: RequestContext) => {
      const principal = requireSignedInAdmin(ctx, 'members')
      const previous = await findMembershipOf(ctx, principal.userId)
      const { entityId, eventPosition } = await mutate(ctx, organizationOwnershipTransfer, input)
      return {
        owner: await readMember(ctx, entityId),
        previousOwner: await readMember(ctx, previous.id),
        eventPosition,
      }
    },
  },
}

async function findMembershipOf(ctx: RequestContext, userId: string): Promise<MemberRecord> {
  const membership = await findMembershipIn(ctx, ctx.principal.organizationId, userId)
  if (!membership)
    throw new DomainError('UNAUTHENTICATED', 'you are no longer a member of this organization; log in again')
  return membership
}

export const memberSlice: GraphQLSlice = { typeDefs: memberTypeDefs, resolvers }
