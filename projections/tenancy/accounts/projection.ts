import type { Insertable, Kysely, Updateable } from 'kysely'
import type { MemberEvent } from '../../../domain/tenancy/member/events.js'
import type { UserEvent } from '../../../domain/tenancy/user/events.js'
import type { Projection } from '../../../infra/projections/projection.js'
import type { AccountTables, MembersTable } from './tables.js'

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
    await db.schema
      .createTable('users')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('password_changed_at', 'timestamptz')
      .execute()
    // Unique although the email reservation already guarantees it: a duplicate would be a bug to stop on.
    await db.schema.createIndex('users_email').on('users').column('email').unique().execute()

    await db.schema
      .createTable('members')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('organization_id', 'uuid', (c) => c.notNull())
      .addColumn('store_id', 'uuid')
      .addColumn('user_id', 'uuid')
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('invited_by', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('joined_at', 'timestamptz')
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('members_organization')
      .on('members')
      .columns(['organization_id', 'created_at'])
      .execute()
    await db.schema.createIndex('members_user').on('members').columns(['user_id', 'organization_id']).execute()
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
