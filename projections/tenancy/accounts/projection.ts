import type { Insertable, Kysely, Updateable } from 'kysely'
import type { MemberEvent } from '../../../domain/tenancy/member/events.js'
import type { UserEvent } from '../../../domain/tenancy/user/events.js'
import type { Projection } from '../../../infra/projections/projection.js'
import { createTable } from '../../shared/table.js'
import { MEMBERS_TABLE, USERS_TABLE, type AccountTables, type MembersTable } from './tables.js'

/**
 * People and their memberships: what sign-in, session checks and the `members` list read. Both
 * come from platform- or organization-scoped streams, so there is nothing to rebuild per store.
 */
export const accountsProjection: Projection = {
  name: 'accounts',
  version: 1,
  eventTypes: [
    'UserSignedUp',
    'UserPasswordChanged',
    'UserPasswordResetCompleted',
    'MemberInvited',
    'MemberInvitationRenewed',
    'MemberJoined',
    'MemberRoleChanged',
    'MemberRemoved',
    'OrganizationOwnershipTransferred',
  ],
  tables: ['users', 'members'],
  storeTables: [],
  async createTables(db) {
    await createTable(db, USERS_TABLE)
    await createTable(db, MEMBERS_TABLE)
  },
  async apply(event, trx) {
    const db = trx as Kysely<AccountTables>
    const at = new Date(event.metadata.occurredAt)
    const organizationId = event.metadata.organizationId
    const typed = { type: event.type, data: event.data } as UserEvent | MemberEvent
    /** Files a member from its invitation or its joining; a row already there takes `existing` instead. */
    const putMember = async (
      member: { memberId: string; email: string; role: string },
      fields: Pick<Insertable<MembersTable>, 'user_id' | 'status' | 'joined_at'>,
      existing: Updateable<MembersTable>,
    ) => {
      await db
        .insertInto('members')
        .values({
          id: member.memberId,
          organization_id: organizationId,
          store_id: null,
          email: member.email,
          role: member.role,
          invited_by: JSON.stringify(event.metadata.actor),
          created_at: at,
          updated_at: at,
          ...fields,
        })
        .onConflict((oc) => oc.column('id').doUpdateSet(existing))
        .execute()
    }
    switch (typed.type) {
      case 'UserSignedUp':
        await db
          .insertInto('users')
          .values({ id: typed.data.userId, email: typed.data.email, created_at: at })
          .execute()
        return
      case 'UserPasswordChanged':
      case 'UserPasswordResetCompleted':
        await db.updateTable('users').set({ password_changed_at: at }).where('id', '=', typed.data.userId).execute()
        return
      case 'UserPasswordResetRequested':
        return
      case 'MemberInvited':
      case 'MemberInvitationRenewed':
        await putMember(typed.data, { user_id: null, status: 'INVITED' }, { role: typed.data.role, updated_at: at })
        return
      case 'MemberJoined': {
        const joined = { user_id: typed.data.userId, status: 'ACTIVE', joined_at: at }
        await putMember(typed.data, joined, { ...joined, updated_at: at })
        return
      }
      case 'MemberRoleChanged':
        await db
          .updateTable('members')
          .set({ role: typed.data.to, updated_at: at })
          .where('id', '=', typed.data.memberId)
          .execute()
        return
      case 'MemberRemoved':
        await db.deleteFrom('members').where('id', '=', typed.data.memberId).execute()
        return
      case 'OrganizationOwnershipTransferred':
        await db
          .updateTable('members')
          .set({ role: 'ADMIN', updated_at: at })
          .where('id', '=', typed.data.fromMemberId)
          .execute()
        await db
          .updateTable('members')
          .set({ role: 'OWNER', updated_at: at })
          .where('id', '=', typed.data.toMemberId)
          .execute()
        return
    }
  },
}
