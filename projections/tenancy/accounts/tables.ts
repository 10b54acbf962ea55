import type { Kysely, Selectable } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
import { column, table, type DatabaseOf, type RowOf } from '../../shared/table.js'

/** People, platform-wide. No password here: hashes live in the mutable `user_passwords` table. */
export const USERS_TABLE = table(
  'users',
  {
    id: column.uuid(),
    email: column.text(),
    created_at: column.timestamptz(),
    password_changed_at: column.timestamptz().nullable(),
  },
  {
    primaryKey: ['id'],
    // Unique although the email reservation already guarantees it: a duplicate would be a bug to stop on.
    uniqueIndexes: { users_email: ['email'] },
  },
)

/** Members and pending invitations of organizations; a removed member's row is deleted. */
export const MEMBERS_TABLE = table(
  'members',
  {
    id: column.uuid(),
    organization_id: column.uuid(),
    /** Always null: members belong to the organization, not to one of its stores. */
    store_id: column.uuid().nullable(),
    /** Null while the invitation is pending. */
    user_id: column.uuid().nullable(),
    email: column.text(),
    role: column.text(),
    /** INVITED or ACTIVE. */
    status: column.text(),
    /** `{type, id, name}` of who invited them (or the founder themself). */
    invited_by: column.jsonb<unknown>(),
    created_at: column.timestamptz(),
    joined_at: column.timestamptz().nullable(),
    updated_at: column.timestamptz(),
  },
  {
    primaryKey: ['id'],
    indexes: { members_organization: ['organization_id', 'created_at'], members_user: ['user_id', 'organization_id'] },
  },
)

export type UsersTable = RowOf<typeof USERS_TABLE>
export type MembersTable = RowOf<typeof MEMBERS_TABLE>
export type AccountTables = DatabaseOf<typeof USERS_TABLE | typeof MEMBERS_TABLE>

export type UserRow = Selectable<UsersTable>
export type MemberRow = Selectable<MembersTable>

export const accounts = (db: AnyDb): Kysely<AccountTables> => db
