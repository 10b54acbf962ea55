import type { Actor } from '../../../domain/shared/context.js'
import { isUuid } from '../../../domain/shared/ids.js'
import type { ListArgsOf } from '../../../domain/shared/list-spec.js'
import { MEMBER_LIST, type MemberStatus } from '../../../domain/tenancy/member/list.js'
import { MEMBER_ROLES, type MemberRole } from '../../../domain/tenancy/member/roles.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { listRunner } from '../../shared/list-runner.js'
import { accounts, type MemberRow, type UserRow } from './tables.js'

export interface UserRecord {
  id: string
  email: string
  createdAt: Date
  passwordChangedAt: Date | null
}

export interface MemberRecord {
  id: string
  organizationId: string
  userId: string | null
  email: string
  role: MemberRole
  status: MemberStatus
  invitedBy: Actor
  createdAt: Date
  joinedAt: Date | null
  updatedAt: Date
}

export type ListMembersArgs = ListArgsOf<typeof MEMBER_LIST>

const members = listRunner(MEMBER_LIST)

export async function findUserByEmail(db: AnyDb, email: string): Promise<UserRecord | null> {
  const row = await accounts(db)
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst()
  return row ? toUser(row) : null
}

export async function findUser(db: AnyDb, id: string): Promise<UserRecord | null> {
  if (!isUuid(id)) return null
  const row = await accounts(db).selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toUser(row) : null
}

/** A member or pending invitation of the organization; null for another organization's, as for none. */
export async function findMember(db: AnyDb, organizationId: string, id: string): Promise<MemberRecord | null> {
  if (!isUuid(id)) return null
  const row = await accounts(db)
    .selectFrom('members')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id.toLowerCase())
    .executeTakeFirst()
  return row ? toMember(row) : null
}

/** The person's active membership of the organization, which says their role; null when they are not (or no longer) a member. */
export async function findMembership(db: AnyDb, organizationId: string, userId: string): Promise<MemberRecord | null> {
  const row = await accounts(db)
    .selectFrom('members')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst()
  return row ? toMember(row) : null
}

/** Every organization the person is an active member of, oldest membership first. */
export async function listMemberships(db: AnyDb, userId: string): Promise<MemberRecord[]> {
  const rows = await accounts(db)
    .selectFrom('members')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'ACTIVE')
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map(toMember)
}

/**
 * One page of the organization's members and pending invitations, filtered and sorted.
 *
 * @example await listMembers(db, organizationId, { filter: { role: ['OWNER'] }, sort: 'EMAIL_ASC', first: 50 })
 */
export const listMembers = members.reader(
  (db: AnyDb, organizationId: string) =>
    accounts(db).selectFrom('members').selectAll().where('organization_id', '=', organizationId),
  toMember,
)

function toUser(row: UserRow): UserRecord {
  return { id: row.id, email: row.email, createdAt: row.created_at, passwordChangedAt: row.password_changed_at }
}

function toMember(row: MemberRow): MemberRecord {
  const role = (MEMBER_ROLES as readonly string[]).includes(row.role) ? (row.role as MemberRole) : 'STAFF'
  return {
    id: row.id,
    organizationId: row.organization_id,
    userId: row.user_id,
    email: row.email,
    role,
    status: row.status as MemberStatus,
    invitedBy: (typeof row.invited_by === 'string' ? JSON.parse(row.invited_by) : row.invited_by) as Actor,
    createdAt: row.created_at,
    joinedAt: row.joined_at,
    updatedAt: row.updated_at,
  }
}
