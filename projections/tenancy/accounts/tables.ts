import type { ColumnType, Kysely, Selectable } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
import type { Timestamp } from '../../shared/table.js'

/** People, platform-wide. No password here: hashes live in the mutable `user_passwords` table. */
export interface UsersTable {
  id: string
  email: string
  created_at: Timestamp
  password_changed_at: Timestamp | null
}

/** Members and pending invitations of organizations; a removed member's row is deleted. */
export interface MembersTable {
  id: string
  organization_id: string
  /** Always null: members belong to the organization, not to one of its stores. */
  store_id: string | null
  /** Null while the invitation is pending. */
  user_id: string | null
  email: string
  role: string
  /** INVITED or ACTIVE. */
  status: string
  /** `{type, id, name}` of who invited them (or the founder themself). */
  invited_by: ColumnType<unknown, string, string>
  created_at: Timestamp
  joined_at: Timestamp | null
  updated_at: Timestamp
}

export interface AccountTables {
  users: UsersTable
  members: MembersTable
}

export type UserRow = Selectable<UsersTable>
export type MemberRow = Selectable<MembersTable>

export const accounts = (db: AnyDb): Kysely<AccountTables> => db
