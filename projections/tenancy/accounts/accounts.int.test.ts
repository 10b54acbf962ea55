import { randomUUID } from 'node:crypto'
import { describe, it } from 'vitest'
import { memberStream } from '../../../domain/tenancy/member/streams.js'
import { userStream } from '../../../domain/tenancy/user/streams.js'
import { type SpecStore, useProjectionSpec } from '../../../test/support/projection-spec.js'
import { accountsProjection } from './projection.js'

const spec = useProjectionSpec(accountsProjection)

// People and memberships live in platform- and organization-scoped streams: no store in their events.
const NO_STORE = { storeId: null }
const MEMBER = ['email', 'role', 'status']

function organizationOf(shop: SpecStore) {
  const stream = memberStream(shop.organizationId)
  return {
    scope: { organization_id: shop.organizationId },
    event: (type: string, data: Record<string, unknown>, metadata = {}) =>
      shop.event(stream, type, data, { ...NO_STORE, ...metadata }),
  }
}

describe('accounts read model', () => {
  it('files a user who signed up, and the moment their password last changed', async () => {
    const shop = spec.store()
    const userId = randomUUID()
    const stream = userStream(userId)
    const signedUp = shop.event(stream, 'UserSignedUp', { userId, email: `${userId}@example.com` }, NO_STORE)
    await spec
      .given([signedUp])
      .thenRows('users', { id: userId }, [
        { email: `${userId}@example.com`, created_at: signedUp.metadata.occurredAt, password_changed_at: null },
      ])
    const changed = shop.event(stream, 'UserPasswordChanged', { userId }, NO_STORE)
    await spec
      .given([changed])
      .thenRows('users', { id: userId }, [{ password_changed_at: changed.metadata.occurredAt }])
    const requested = shop.event(stream, 'UserPasswordResetRequested', { userId }, NO_STORE)
    const reset = shop.event(stream, 'UserPasswordResetCompleted', { userId }, NO_STORE)
    await spec
      .given([requested, reset])
      .thenRows('users', { id: userId }, [
        { created_at: signedUp.metadata.occurredAt, password_changed_at: reset.metadata.occurredAt },
      ])
  })

  it('files an invitation as INVITED, renews it with its new role, and activates it when the person joins', async () => {
    const shop = spec.store()
    const org = organizationOf(shop)
    const [memberId, userId] = [randomUUID(), randomUUID()]
    const inviter = { type: 'user', id: randomUUID(), name: 'Ada' }
    const invited = org.event(
      'MemberInvited',
      { memberId, email: 'bob@example.com', role: 'STAFF' },
      { actor: inviter },
    )
    await spec.given([invited]).thenRows('members', org.scope, [
      {
        id: memberId,
        store_id: null,
        user_id: null,
        email: 'bob@example.com',
        role: 'STAFF',
        status: 'INVITED',
        invited_by: inviter,
        created_at: invited.metadata.occurredAt,
        joined_at: null,
        updated_at: invited.metadata.occurredAt,
      },
    ])
    const renewed = org.event('MemberInvitationRenewed', { memberId, email: 'bob@example.com', role: 'ADMIN' })
    const joined = org.event('MemberJoined', { memberId, userId, email: 'bob@example.com', role: 'ADMIN' })
    await spec.given([renewed, joined]).thenRows('members', org.scope, [
      {
        user_id: userId,
        role: 'ADMIN',
        status: 'ACTIVE',
        invited_by: inviter,
        created_at: invited.metadata.occurredAt,
        joined_at: joined.metadata.occurredAt,
        updated_at: joined.metadata.occurredAt,
      },
    ])
  })

  it('files a founder who joins without an invitation, changes roles, transfers ownership and removes members', async () => {
    const shop = spec.store()
    const org = organizationOf(shop)
    const [owner, admin, staff] = [randomUUID(), randomUUID(), randomUUID()]
    await spec
      .given([
        org.event('MemberJoined', { memberId: owner, userId: randomUUID(), email: 'a@example.com', role: 'OWNER' }),
        org.event('MemberJoined', { memberId: admin, userId: randomUUID(), email: 'b@example.com', role: 'STAFF' }),
        org.event('MemberInvited', { memberId: staff, email: 'c@example.com', role: 'STAFF' }),
        org.event('MemberRoleChanged', { memberId: admin, from: 'STAFF', to: 'ADMIN' }),
        org.event('OrganizationOwnershipTransferred', { fromMemberId: owner, toMemberId: admin }),
        org.event('MemberRemoved', { memberId: staff, userId: null, email: 'c@example.com' }),
      ])
      .thenRows('members', org.scope, [
        { email: 'a@example.com', role: 'ADMIN', status: 'ACTIVE' },
        { email: 'b@example.com', role: 'OWNER', status: 'ACTIVE' },
      ])
  })

  it('keeps one row per member when their events are applied again, and no member of another organization', async () => {
    const shop = spec.store()
    const other = spec.store()
    const org = organizationOf(shop)
    const memberId = randomUUID()
    const events = [
      org.event('MemberInvited', { memberId, email: 'bob@example.com', role: 'STAFF' }),
      org.event('MemberJoined', { memberId, userId: randomUUID(), email: 'bob@example.com', role: 'STAFF' }),
    ]
    const expected = [{ email: 'bob@example.com', role: 'STAFF', status: 'ACTIVE' }]
    await spec.given(events).thenRows('members', org.scope, expected, MEMBER)
    await spec
      .given([
        ...events,
        organizationOf(other).event('MemberInvited', {
          memberId: randomUUID(),
          email: 'eve@example.com',
          role: 'ADMIN',
        }),
      ])
      .thenRows('members', org.scope, expected, MEMBER)
  })
})
