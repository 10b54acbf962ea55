import { DomainError } from '../../../domain/shared/errors.js'
import {
  findMember,
  findMembership,
  findUser,
  listMembers as listMemberRecords,
  type ListMembersArgs,
  type MemberRecord,
  type UserRecord,
} from '../../../projections/tenancy/accounts/queries.js'
import { findOrganization } from '../../../projections/tenancy/queries.js'
import type { Caller } from '../../caller.js'
import type { PaginateOptions } from '../../shared/connection.js'
import { toOrganizationView, type OrganizationView } from '../viewer/view.js'

export type { ListMembersArgs, MemberRecord, UserRecord }

/** Reads that run before a caller exists (sign-up, login, accepting an invitation) need only the platform. */
type On = Pick<Caller, 'platform'>

export function findUserById(on: On, id: string): Promise<UserRecord | null> {
  return findUser(on.platform.database.db, id)
}

export function findMemberOf(on: On, organizationId: string, memberId: string): Promise<MemberRecord | null> {
  return findMember(on.platform.database.db, organizationId, memberId)
}

/** The user's membership of the organization, or null. */
export function findMembershipOf(on: On, organizationId: string, userId: string): Promise<MemberRecord | null> {
  return findMembership(on.platform.database.db, organizationId, userId)
}

export async function findOrganizationById(on: On, id: string): Promise<OrganizationView | null> {
  const organization = await findOrganization(on.platform.database.db, id)
  return organization && toOrganizationView(organization)
}

/** One member of the caller's organization, or NOT_FOUND. Callers check who may. */
export async function readMember(caller: Caller, id: string): Promise<MemberRecord> {
  const member = await findMember(caller.platform.database.db, caller.principal.organizationId, id)
  if (!member)
    throw new DomainError(
      'NOT_FOUND',
      `member '${id}' does not exist in this organization; list the members to find the id`,
      { field: ['id'] },
    )
  return member
}

/** The caller's organization's members, filtered and sorted (API-CONVENTIONS.md "Lists"). */
export function listMembers(caller: Caller, args: ListMembersArgs, options: PaginateOptions = {}) {
  return listMemberRecords(caller.platform.database.db, caller.principal.organizationId, args, options)
}
