import { beforeAll, describe, expect, it } from 'vitest'
import type { CapturingMailer } from '../../../../infra/mail/mailer.js'
import { useTestApp } from '../../../../test/support/app.js'
import { POSITION, UUID, onlyError } from '../../../../test/support/products.js'
import {
  LOGIN,
  PASSWORD,
  captureMail,
  cookieOf,
  createStore,
  sessionGql,
  signUp,
  tokenIn,
  type BrowserSession,
} from '../../../../test/support/session.js'

const MEMBER_FIELDS = 'id email role status user { id email } invitedBy { type id name } createdAt joinedAt'
const INVITE = `mutation ($input: MemberInviteInput!) { memberInvite(input: $input) { member { ${MEMBER_FIELDS} } eventPosition } }`
const ACCEPT = `mutation ($input: MemberInviteAcceptInput!) { memberInviteAccept(input: $input) { member { id status role } user { email } organization { id } role } }`
const ROLE = `mutation ($input: MemberRoleChangeInput!) { memberRoleChange(input: $input) { member { id role } eventPosition } }`
const REMOVE = `mutation ($input: MemberRemoveInput!) { memberRemove(input: $input) { deletedId eventPosition } }`
const TRANSFER = `mutation ($input: OrganizationOwnershipTransferInput!) { organizationOwnershipTransfer(input: $input) { owner { id role } previousOwner { id role } eventPosition } }`
const MEMBERS = '{ members(sort: EMAIL_ASC) { nodes { id email role status } totalCount } }'

type Member = { id: string; email: string; role: string; status: string }

const t = useTestApp()
let mail: CapturingMailer
let owner: BrowserSession
beforeAll(async () => {
  mail = captureMail(t)
  owner = await signUp(t, 'owner@example.com', 'Team Shop')
  await createStore(t, owner, 'team-shop')
})

async function invite(session: BrowserSession, email: string, role: string): Promise<Member> {
  const response = await sessionGql<{ memberInvite: { member: Member } }>(t, session.cookie, INVITE, {
    input: { email, role },
  })
  expect(response.errors).toBeUndefined()
  return response.data!.memberInvite.member
}

/** Invites and accepts with a new account; the new member's session. */
async function join(email: string, role: string): Promise<{ cookie: string; memberId: string }> {
  const member = await invite(owner, email, role)
  const response = await sessionGql<{ memberInviteAccept: { user: { email: string } } }>(t, null, ACCEPT, {
    input: { token: tokenIn(mail.last('member-invitation', email)?.text), password: PASSWORD },
  })
  expect(response.errors).toBeUndefined()
  return { cookie: cookieOf(response)!, memberId: member.id }
}

async function memberList(session: { cookie: string }): Promise<Member[]> {
  const response = await sessionGql<{ members: { nodes: Member[] } }>(t, session.cookie, MEMBERS)
  expect(response.errors).toBeUndefined()
  return response.data!.members.nodes
}

describe('invitations', () => {
  it('invites by email, mails a code, and the accepting person joins with the role and a session', async () => {
    const response = await sessionGql<{ memberInvite: { member: Record<string, unknown>; eventPosition: string } }>(
      t,
      owner.cookie,
      INVITE,
      {
        input: { email: 'Staff@Example.com', role: 'STAFF' },
      },
    )
    expect(response.errors).toBeUndefined()
    expect(response.data!.memberInvite).toEqual({
      member: {
        id: expect.stringMatching(UUID),
        email: 'staff@example.com',
        role: 'STAFF',
        status: 'INVITED',
        user: null,
        invitedBy: { type: 'user', id: owner.userId, name: 'owner@example.com' },
        createdAt: expect.any(String),
        joinedAt: null,
      },
      eventPosition: expect.stringMatching(POSITION),
    })
    const letter = mail.last('member-invitation', 'staff@example.com')!
    expect(letter.text).toContain('as STAFF')

    const accepted = await sessionGql<{ memberInviteAccept: Record<string, unknown> }>(t, null, ACCEPT, {
      input: { token: tokenIn(letter.text), password: PASSWORD },
    })
    expect(accepted.errors).toBeUndefined()
    expect(accepted.data!.memberInviteAccept).toEqual({
      member: { id: response.data!.memberInvite.member.id, status: 'ACTIVE', role: 'STAFF' },
      user: { email: 'staff@example.com' },
      organization: { id: owner.organizationId },
      role: 'STAFF',
    })
    const viewer = await sessionGql<{ viewer: { role: string; scopes: string[] } }>(
      t,
      cookieOf(accepted),
      '{ viewer { role scopes } }',
    )
    expect(viewer.data!.viewer).toEqual({ role: 'STAFF', scopes: ['products:write', 'webstore:write', 'orders:write'] })

    // The code is spent.
    const twice = await sessionGql(t, null, ACCEPT, { input: { token: tokenIn(letter.text), password: PASSWORD } })
    expect(onlyError(twice)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'token'] })
  })

  it('renews a pending invitation: same member, and only the newest code works', async () => {
    const first = await invite(owner, 'renew@example.com', 'STAFF')
    const oldCode = tokenIn(mail.last('member-invitation', 'renew@example.com')?.text)
    const second = await invite(owner, 'renew@example.com', 'ADMIN')
    expect(second).toMatchObject({ id: first.id, role: 'ADMIN', status: 'INVITED' })
    expect(onlyError(await sessionGql(t, null, ACCEPT, { input: { token: oldCode, password: PASSWORD } })).code).toBe(
      'BAD_USER_INPUT',
    )
    const newCode = tokenIn(mail.last('member-invitation', 'renew@example.com')?.text)
    const accepted = await sessionGql<{ memberInviteAccept: { role: string } }>(t, null, ACCEPT, {
      input: { token: newCode, password: PASSWORD },
    })
    expect(accepted.data!.memberInviteAccept.role).toBe('ADMIN')
  })

  it('refuses to invite a member again, and an existing account accepts with its own password', async () => {
    const other = await signUp(t, 'multi@example.com', 'Other Org')
    await invite(owner, 'multi@example.com', 'ADMIN')
    const code = tokenIn(mail.last('member-invitation', 'multi@example.com')?.text)
    const wrong = await sessionGql(t, null, ACCEPT, { input: { token: code, password: 'not my password' } })
    expect(onlyError(wrong)).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: expect.stringContaining('the password is wrong for the account multi@example.com'),
    })
    const accepted = await sessionGql<{ memberInviteAccept: { organization: { id: string } } }>(t, null, ACCEPT, {
      input: { token: code, password: PASSWORD },
    })
    expect(accepted.data!.memberInviteAccept.organization.id).toBe(owner.organizationId)

    const again = await sessionGql(t, owner.cookie, INVITE, { input: { email: 'multi@example.com', role: 'STAFF' } })
    expect(onlyError(again)).toMatchObject({ code: 'CONFLICT', field: ['input', 'email'] })

    // Two organizations now: login asks which one.
    const ambiguous = await sessionGql(t, null, LOGIN, { input: { email: 'multi@example.com', password: PASSWORD } })
    expect(onlyError(ambiguous)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'organizationId'] })
    const chosen = await sessionGql<{ login: { organization: { id: string } } }>(t, null, LOGIN, {
      input: { email: 'multi@example.com', password: PASSWORD, organizationId: other.organizationId },
    })
    expect(chosen.data!.login.organization.id).toBe(other.organizationId)
  })

  it('checks the input', async () => {
    expect(
      onlyError(await sessionGql(t, owner.cookie, INVITE, { input: { email: 'nope', role: 'STAFF' } })),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'email'] })
    const weak = await invite(owner, 'weak@example.com', 'STAFF')
    const code = tokenIn(mail.last('member-invitation', 'weak@example.com')?.text)
    expect(onlyError(await sessionGql(t, null, ACCEPT, { input: { token: code, password: 'short' } }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'password'],
    })
    expect((await memberList(owner)).find((m) => m.id === weak.id)?.status).toBe('INVITED')
  })
})

describe('roles', () => {
  it('gives STAFF the catalog and the web store, and FORBIDDEN on settings, keys and members', async () => {
    const staff = await join('clerk@example.com', 'STAFF')
    const product = await sessionGql(
      t,
      staff.cookie,
      'mutation { productCreate(input: { title: "Shirt" }) { product { id } } }',
      {},
      { 'x-store': 'team-shop' },
    )
    expect(product.errors).toBeUndefined()
    const settings = await sessionGql(t, staff.cookie, '{ store { id } }', {}, { 'x-store': 'team-shop' })
    expect(onlyError(settings)).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('settings:read') })
    for (const query of ['{ apiKeys { totalCount } }', '{ members { totalCount } }']) {
      expect(onlyError(await sessionGql(t, staff.cookie, query))).toMatchObject({
        code: 'FORBIDDEN',
        message: expect.stringContaining('you are STAFF'),
      })
    }
    const minted = await sessionGql(
      t,
      staff.cookie,
      'mutation { apiKeyCreate(input: { name: "x", scopes: ["settings:write"], storeIds: null }) { secret } }',
    )
    expect(onlyError(minted).code).toBe('FORBIDDEN')
    expect(
      onlyError(await sessionGql(t, staff.cookie, INVITE, { input: { email: 'friend@example.com', role: 'ADMIN' } }))
        .code,
    ).toBe('FORBIDDEN')
  })

  it('takes a role change at once, in the member’s open session', async () => {
    const staff = await join('promoted@example.com', 'STAFF')
    const changed = await sessionGql<{ memberRoleChange: { member: { role: string }; eventPosition: string } }>(
      t,
      owner.cookie,
      ROLE,
      { input: { id: staff.memberId, role: 'ADMIN' } },
    )
    expect(changed.data!.memberRoleChange).toEqual({
      member: { id: staff.memberId, role: 'ADMIN' },
      eventPosition: expect.stringMatching(POSITION),
    })
    expect((await sessionGql(t, staff.cookie, '{ apiKeys { totalCount } }')).errors).toBeUndefined()
    // The same role again changes nothing.
    const same = await sessionGql<{ memberRoleChange: { eventPosition: string | null } }>(t, owner.cookie, ROLE, {
      input: { id: staff.memberId, role: 'ADMIN' },
    })
    expect(same.data!.memberRoleChange.eventPosition).toBeNull()
    // An ADMIN cannot make an OWNER.
    expect(
      onlyError(await sessionGql(t, staff.cookie, ROLE, { input: { id: staff.memberId, role: 'OWNER' } })),
    ).toMatchObject({ code: 'FORBIDDEN' })
  })

  it('keeps an owner: the last owner can neither leave nor step down', async () => {
    const members = await memberList(owner)
    const me = members.find((m) => m.email === 'owner@example.com')!
    const leave = await sessionGql(t, owner.cookie, REMOVE, { input: { id: me.id } })
    expect(onlyError(leave)).toEqual({
      code: 'CONFLICT',
      field: ['input', 'id'],
      message:
        'the last owner cannot leave: an organization always keeps an owner: make another member OWNER (or transfer ownership) first',
    })
    expect(onlyError(await sessionGql(t, owner.cookie, ROLE, { input: { id: me.id, role: 'ADMIN' } }))).toMatchObject({
      code: 'CONFLICT',
      field: ['input', 'role'],
    })
    expect((await memberList(owner)).find((m) => m.id === me.id)?.role).toBe('OWNER')
  })

  it('removes a member, whose session stops at once', async () => {
    const leaving = await join('leaving@example.com', 'STAFF')
    const removed = await sessionGql<{ memberRemove: { deletedId: string } }>(t, owner.cookie, REMOVE, {
      input: { id: leaving.memberId },
    })
    expect(removed.data!.memberRemove.deletedId).toBe(leaving.memberId)
    const after = await sessionGql(t, leaving.cookie, '{ viewer { role } }')
    expect(after.status).toBe(401)
    expect(onlyError(after).message).toBe('you are no longer a member of this organization; log in again')
  })
})

describe('ownership transfer', () => {
  it('makes another active member OWNER and the old owner ADMIN, who may then leave', async () => {
    const founder = await signUp(t, 'founder@example.com', 'Handover Inc')
    await sessionGql(t, founder.cookie, INVITE, { input: { email: 'heir@example.com', role: 'ADMIN' } })
    const accepted = await sessionGql<{ memberInviteAccept: { member: { id: string } } }>(t, null, ACCEPT, {
      input: { token: tokenIn(mail.last('member-invitation', 'heir@example.com')?.text), password: PASSWORD },
    })
    const heir = { cookie: cookieOf(accepted)!, memberId: accepted.data!.memberInviteAccept.member.id }

    expect(onlyError(await sessionGql(t, heir.cookie, TRANSFER, { input: { memberId: heir.memberId } }))).toMatchObject(
      { code: 'FORBIDDEN' },
    )
    const pending = await sessionGql<{ memberInvite: { member: { id: string } } }>(t, founder.cookie, INVITE, {
      input: { email: 'late@example.com', role: 'STAFF' },
    })
    expect(
      onlyError(
        await sessionGql(t, founder.cookie, TRANSFER, { input: { memberId: pending.data!.memberInvite.member.id } }),
      ),
    ).toMatchObject({ code: 'CONFLICT' })

    const transferred = await sessionGql<{ organizationOwnershipTransfer: { owner: Member; previousOwner: Member } }>(
      t,
      founder.cookie,
      TRANSFER,
      {
        input: { memberId: heir.memberId },
      },
    )
    expect(transferred.errors).toBeUndefined()
    expect(transferred.data!.organizationOwnershipTransfer).toMatchObject({
      owner: { id: heir.memberId, role: 'OWNER' },
      previousOwner: { role: 'ADMIN' },
    })
    const me = transferred.data!.organizationOwnershipTransfer.previousOwner
    const left = await sessionGql(t, founder.cookie, REMOVE, { input: { id: me.id } })
    expect(left.errors).toBeUndefined()
    expect((await memberList(heir)).map((m) => `${m.email} ${m.role}`)).toEqual([
      'heir@example.com OWNER',
      'late@example.com STAFF',
    ])
  })
})

describe('isolation and access', () => {
  it("answers another organization's member ids exactly like ids that do not exist", async () => {
    const rival = await signUp(t, 'rival@example.com', 'Rival')
    const theirs = (await memberList(rival))[0]!
    const nobody = '0190a0b0-0000-7000-8000-00000000beef'
    for (const [query, variables] of [
      ['query ($id: ID!) { member(id: $id) { id } }', (id: string) => ({ id })],
      [ROLE, (id: string) => ({ input: { id, role: 'STAFF' } })],
      [REMOVE, (id: string) => ({ input: { id } })],
      [TRANSFER, (id: string) => ({ input: { memberId: id } })],
    ] as const) {
      const mine = onlyError(await sessionGql(t, owner.cookie, query, variables(theirs.id)))
      const missing = onlyError(await sessionGql(t, owner.cookie, query, variables(nobody)))
      expect(mine.code).toBe('NOT_FOUND')
      expect({ ...mine, message: mine.message.replace(theirs.id, '<id>') }).toEqual({
        ...missing,
        message: missing.message.replace(nobody, '<id>'),
      })
    }
    expect((await memberList(rival)).map((m) => m.role)).toEqual(['OWNER'])
  })

  it('refuses member management to API keys', async () => {
    const created = await sessionGql<{ apiKeyCreate: { secret: string } }>(
      t,
      owner.cookie,
      'mutation { apiKeyCreate(input: { name: "admin-ish", scopes: ["settings:write"], storeIds: null }) { secret } }',
    )
    const key = created.data!.apiKeyCreate.secret
    expect(onlyError(await t.gql(key, MEMBERS))).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('an API key can never manage members'),
    })
    expect(onlyError(await t.gql(key, INVITE, { input: { email: 'x@example.com', role: 'OWNER' } })).code).toBe(
      'FORBIDDEN',
    )
  })

  it('lists with filters, sorts and both pagination modes', async () => {
    const filtered = await sessionGql<{ members: { nodes: Member[]; totalCount: number } }>(
      t,
      owner.cookie,
      '{ members(filter: { status: [ACTIVE], role: [OWNER, ADMIN] }, sort: EMAIL_ASC) { nodes { email role } totalCount } }',
    )
    expect(filtered.data!.members.nodes.every((m) => ['OWNER', 'ADMIN'].includes(m.role))).toBe(true)
    expect(filtered.data!.members.nodes.map((m) => m.email)).toContain('owner@example.com')
    const all = (await memberList(owner)).map((m) => m.email)
    const page = await sessionGql<{ members: { nodes: { email: string }[]; pageInfo: { endCursor: string } } }>(
      t,
      owner.cookie,
      '{ members(first: 2, sort: EMAIL_ASC) { nodes { email } pageInfo { endCursor } } }',
    )
    const next = await sessionGql<{ members: { nodes: { email: string }[] } }>(
      t,
      owner.cookie,
      `{ members(first: 250, after: "${page.data!.members.pageInfo.endCursor}", sort: EMAIL_ASC) { nodes { email } } }`,
    )
    expect([...page.data!.members.nodes, ...next.data!.members.nodes].map((m) => m.email)).toEqual(all)
    const paged = await sessionGql<{ members: { nodes: { email: string }[] } }>(
      t,
      owner.cookie,
      '{ members(page: 1, limit: 1, sort: EMAIL_ASC, filter: { email: { startsWith: "OWN" } }) { nodes { email } } }',
    )
    expect(paged.data!.members.nodes).toEqual([{ email: 'owner@example.com' }])
    expect(onlyError(await sessionGql(t, owner.cookie, '{ members(page: 1, first: 2) { totalCount } }')).code).toBe(
      'BAD_USER_INPUT',
    )
  })
})
