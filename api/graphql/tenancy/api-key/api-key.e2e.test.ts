import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import { POSITION, UUID, onlyError, productCount } from '../../../../test/support/products.js'
import { createStore, sessionGql, signUp, type BrowserSession } from '../../../../test/support/session.js'

// The must-show flow: sign-up → session → store → key (secret once) → the key works with exactly
// its scopes and stores → revoke → UNAUTHENTICATED; rotation overlap; isolation.

const KEY_FIELDS =
  'id name prefix last4 masked scopes allStores stores { slug } createdBy { type id name } createdAt lastUsedAt expiresAt revokedAt rotatedAt status'
const CREATE = `mutation ($input: ApiKeyCreateInput!) { apiKeyCreate(input: $input) { apiKey { ${KEY_FIELDS} } secret eventPosition } }`
const REVOKE = `mutation ($input: ApiKeyRevokeInput!) { apiKeyRevoke(input: $input) { apiKey { id status revokedAt } eventPosition } }`
const ROTATE = `mutation ($input: ApiKeyRotateInput!) { apiKeyRotate(input: $input) { apiKey { id prefix last4 rotatedAt status } secret previousSecretExpiresAt eventPosition } }`
const BY_ID = `query ($id: ID!) { apiKey(id: $id) { ${KEY_FIELDS} } }`

interface CreatedKey {
  apiKeyCreate: { apiKey: { id: string } & Record<string, unknown>; secret: string; eventPosition: string }
}

const t = useTestApp()
let owner: BrowserSession
let main: { id: string; slug: string }
let other: { id: string; slug: string }

beforeAll(async () => {
  owner = await signUp(t, 'keys-owner@example.com')
  main = await createStore(t, owner, 'keys-main')
  other = await createStore(t, owner, 'keys-other')
})

async function createKey(session: BrowserSession, input: Record<string, unknown>): Promise<CreatedKey['apiKeyCreate']> {
  const response = await sessionGql<CreatedKey>(t, session.cookie, CREATE, { input })
  expect(response.errors).toBeUndefined()
  return response.data!.apiKeyCreate
}

describe('the key lifecycle, from sign-up to revocation', () => {
  it('shows the secret once, works with exactly its scopes and stores, and stops at revocation', async () => {
    const created = await createKey(owner, { name: 'ERP sync', scopes: ['products:read'], storeIds: [main.id] })
    expect(created.secret).toMatch(/^wmk_[0-9A-Za-z]{12}_[0-9A-Za-z]{38}$/)
    expect(created.eventPosition).toMatch(POSITION)
    expect(created.apiKey).toEqual({
      id: expect.stringMatching(UUID),
      name: 'ERP sync',
      prefix: created.secret.slice(0, 16),
      last4: created.secret.slice(-4),
      masked: `${created.secret.slice(0, 17)}…${created.secret.slice(-4)}`,
      scopes: ['products:read'],
      allStores: false,
      stores: [{ slug: 'keys-main' }],
      createdBy: { type: 'user', id: owner.userId, name: 'keys-owner@example.com' },
      createdAt: expect.any(String),
      lastUsedAt: null,
      expiresAt: null,
      revokedAt: null,
      rotatedAt: null,
      status: 'ACTIVE',
    })
    // Never again: the key type has no field that could show it.
    const secretField = await sessionGql(t, owner.cookie, `query ($id: ID!) { apiKey(id: $id) { secret } }`, {
      id: created.apiKey.id,
    })
    expect(onlyError(secretField).code).toBe('BAD_USER_INPUT')

    const key = created.secret
    expect(await productCount(t, key)).toBe(0)
    const write = await t.gql(key, 'mutation { productCreate(input: { title: "Nope" }) { product { id } } }')
    expect(onlyError(write)).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('products:write') })
    const elsewhere = await t.gql(key, '{ products { totalCount } }', {}, { 'x-store': other.slug })
    expect(onlyError(elsewhere)).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining("cannot reach store 'keys-other'"),
    })

    const used = await sessionGql<{ apiKey: { lastUsedAt: string | null } }>(t, owner.cookie, BY_ID, {
      id: created.apiKey.id,
    })
    expect(used.data!.apiKey.lastUsedAt).not.toBeNull()

    const revoked = await sessionGql<{
      apiKeyRevoke: { apiKey: { status: string; revokedAt: string }; eventPosition: string }
    }>(t, owner.cookie, REVOKE, {
      input: { id: created.apiKey.id },
    })
    expect(revoked.errors).toBeUndefined()
    expect(revoked.data!.apiKeyRevoke).toEqual({
      apiKey: { id: created.apiKey.id, status: 'REVOKED', revokedAt: expect.any(String) },
      eventPosition: expect.stringMatching(POSITION),
    })
    const refused = await t.gql(key, '{ products { totalCount } }')
    expect(refused.status).toBe(401)
    expect(onlyError(refused)).toMatchObject({ code: 'UNAUTHENTICATED', message: expect.stringContaining('revoked') })

    const again = await sessionGql<{ apiKeyRevoke: { eventPosition: string | null } }>(t, owner.cookie, REVOKE, {
      input: { id: created.apiKey.id },
    })
    expect(again.data!.apiKeyRevoke.eventPosition).toBeNull()
  })

  it('makes a key for every store when storeIds is null, with an expiry', async () => {
    const expiresAt = new Date(Date.now() + 3600_000).toISOString()
    const created = await createKey(owner, {
      name: 'Everything',
      scopes: ['settings:read', 'products:write'],
      storeIds: null,
      expiresAt,
    })
    expect(created.apiKey).toMatchObject({
      allStores: true,
      stores: [{ slug: 'keys-main' }, { slug: 'keys-other' }],
      scopes: ['products:write', 'settings:read'],
      expiresAt,
    })
    const count = await t.gql<{ products: { totalCount: number } }>(
      created.secret,
      '{ products { totalCount } }',
      {},
      { 'x-store': other.slug },
    )
    expect(count.errors).toBeUndefined()
  })

  it('says what is wrong with a key to create, and writes nothing', async () => {
    const fails = async (input: Record<string, unknown>) =>
      onlyError(await sessionGql(t, owner.cookie, CREATE, { input }))
    expect(await fails({ name: 'x', scopes: ['products:admin'], storeIds: null })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'scopes', 0],
    })
    expect(await fails({ name: 'x', scopes: ['products:read'] })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'storeIds'],
      message: expect.stringContaining('or null for every store'),
    })
    expect(await fails({ name: ' ', scopes: ['products:read'], storeIds: null })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'name'],
    })
    expect(
      await fails({ name: 'x', scopes: ['products:read'], storeIds: null, expiresAt: '2020-01-01T00:00:00Z' }),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'expiresAt'],
    })
    const foreign = await signUp(t, 'keys-foreign@example.com')
    const foreignStore = await createStore(t, foreign, 'keys-foreign')
    expect(await fails({ name: 'x', scopes: ['products:read'], storeIds: [foreignStore.id] })).toMatchObject({
      code: 'NOT_FOUND',
      field: ['input', 'storeIds', 0],
    })
    const names = await sessionGql<{ apiKeys: { nodes: { name: string }[] } }>(
      t,
      owner.cookie,
      '{ apiKeys(filter: { name: { eq: "x" } }) { nodes { name } } }',
    )
    expect(names.data!.apiKeys.nodes).toEqual([])
  })
})

describe('rotation', () => {
  it('keeps the old secret working until the overlap ends, then only the new one', async () => {
    const created = await createKey(owner, { name: 'Rotating', scopes: ['products:read'], storeIds: [main.id] })
    const rotated = await sessionGql<{
      apiKeyRotate: {
        apiKey: Record<string, unknown>
        secret: string
        previousSecretExpiresAt: string
        eventPosition: string
      }
    }>(t, owner.cookie, ROTATE, { input: { id: created.apiKey.id, overlapSeconds: 2 } })
    expect(rotated.errors).toBeUndefined()
    const { secret, apiKey, previousSecretExpiresAt } = rotated.data!.apiKeyRotate
    expect(secret).not.toBe(created.secret)
    expect(apiKey).toEqual({
      id: created.apiKey.id,
      prefix: secret.slice(0, 16),
      last4: secret.slice(-4),
      rotatedAt: expect.any(String),
      status: 'ACTIVE',
    })

    const works = async (key: string) => (await t.gql(key, '{ products { totalCount } }')).status
    expect(await works(created.secret)).toBe(200)
    expect(await works(secret)).toBe(200)

    // Deliberate: the old secret must expire for real, at the instant the rotation announced.
    await new Promise((resolve) => setTimeout(resolve, Date.parse(previousSecretExpiresAt) - Date.now() + 50))
    const old = await t.gql(created.secret, '{ products { totalCount } }')
    expect(old.status).toBe(401)
    expect(onlyError(old)).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: expect.stringContaining('replaced by a rotation'),
    })
    expect(await works(secret)).toBe(200)
  })

  it('keeps the old secret a day by default, at most 30 days, and never rotates a revoked key', async () => {
    const created = await createKey(owner, { name: 'Default overlap', scopes: ['products:read'], storeIds: [main.id] })
    const rotated = await sessionGql<{ apiKeyRotate: { previousSecretExpiresAt: string } }>(t, owner.cookie, ROTATE, {
      input: { id: created.apiKey.id },
    })
    const overlap = Date.parse(rotated.data!.apiKeyRotate.previousSecretExpiresAt) - Date.now()
    expect(overlap).toBeGreaterThan(86_400_000 - 60_000)
    expect(overlap).toBeLessThanOrEqual(86_400_000)

    const tooLong = await sessionGql(t, owner.cookie, ROTATE, {
      input: { id: created.apiKey.id, overlapSeconds: 30 * 86400 + 1 },
    })
    expect(onlyError(tooLong)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'overlapSeconds'] })

    await sessionGql(t, owner.cookie, REVOKE, { input: { id: created.apiKey.id } })
    const revoked = await sessionGql(t, owner.cookie, ROTATE, { input: { id: created.apiKey.id } })
    expect(onlyError(revoked)).toMatchObject({
      code: 'CONFLICT',
      field: ['input', 'id'],
      message: expect.stringContaining('revoked'),
    })
  })
})

describe('who may manage keys', () => {
  it('refuses every key operation to an API key, whatever its scopes', async () => {
    const full = await createKey(owner, {
      name: 'Full',
      scopes: ['settings:write', 'products:write', 'webstore:write'],
      storeIds: null,
    })
    const message =
      'API keys are managed by signed-in admins (OWNER or ADMIN) in the admin UI; an API key can never manage API keys'
    for (const [query, variables] of [
      [CREATE, { input: { name: 'minted', scopes: ['products:read'], storeIds: null } }],
      [REVOKE, { input: { id: full.apiKey.id } }],
      [ROTATE, { input: { id: full.apiKey.id } }],
      ['{ apiKeys { totalCount } }', {}],
      [BY_ID, { id: full.apiKey.id }],
    ] as const) {
      expect(onlyError(await t.gql(full.secret, query, variables))).toEqual({ code: 'FORBIDDEN', message })
    }
  })

  it("answers another organization's key ids exactly like ids that do not exist", async () => {
    const foreign = await signUp(t, 'keys-rival@example.com')
    const theirs = await createKey(foreign, { name: 'Theirs', scopes: ['products:read'], storeIds: null })
    const nobody = '0190a0b0-0000-7000-8000-00000000dead'
    for (const [query, variables] of [
      [BY_ID, (id: string) => ({ id })],
      [REVOKE, (id: string) => ({ input: { id } })],
      [ROTATE, (id: string) => ({ input: { id } })],
    ] as const) {
      const mine = onlyError(await sessionGql(t, owner.cookie, query, variables(theirs.apiKey.id)))
      const missing = onlyError(await sessionGql(t, owner.cookie, query, variables(nobody)))
      expect(mine.code).toBe('NOT_FOUND')
      expect({ ...mine, message: mine.message.replace(theirs.apiKey.id, '<id>') }).toEqual({
        ...missing,
        message: missing.message.replace(nobody, '<id>'),
      })
    }
    const list = await sessionGql<{ apiKeys: { nodes: { name: string }[] } }>(
      t,
      owner.cookie,
      '{ apiKeys(first: 250) { nodes { name } } }',
    )
    expect(list.data!.apiKeys.nodes.map((k) => k.name)).not.toContain('Theirs')
    // The foreign key still works: nothing happened to it.
    expect((await t.gql(theirs.secret, '{ viewer { scopes } }')).status).toBe(200)
  })
})

describe('apiKeys', () => {
  let session: BrowserSession
  beforeAll(async () => {
    session = await signUp(t, 'keys-list@example.com')
    for (const name of ['Bravo', 'Alpha', 'Charlie', 'Delta'])
      await createKey(session, { name, scopes: ['products:read'], storeIds: null })
    const [delta] = (
      await sessionGql<{ apiKeys: { nodes: { id: string }[] } }>(
        t,
        session.cookie,
        '{ apiKeys(filter: { name: { eq: "Delta" } }) { nodes { id } } }',
      )
    ).data!.apiKeys.nodes
    await sessionGql(t, session.cookie, REVOKE, { input: { id: delta!.id } })
  })

  const names = async (args: string) => {
    const response = await sessionGql<{
      apiKeys: { nodes: { name: string }[]; totalCount: number; pageInfo: Record<string, unknown> }
    }>(
      t,
      session.cookie,
      `{ apiKeys${args} { nodes { name } totalCount pageInfo { hasNextPage endCursor page totalPages } } }`,
    )
    expect(response.errors).toBeUndefined()
    return response.data!.apiKeys
  }

  it('lists newest first by default, revoked ones included, and sorts by name', async () => {
    expect((await names('')).nodes.map((k) => k.name)).toEqual(['Delta', 'Charlie', 'Alpha', 'Bravo'])
    expect((await names('(sort: NAME_ASC)')).nodes.map((k) => k.name)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta'])
  })

  it('filters by status, name and scope', async () => {
    expect((await names('(filter: { status: [REVOKED] })')).nodes.map((k) => k.name)).toEqual(['Delta'])
    expect((await names('(filter: { status: [ACTIVE], name: { startsWith: "c" } })')).nodes.map((k) => k.name)).toEqual(
      ['Charlie'],
    )
    expect((await names('(filter: { scope: "settings:write" })')).totalCount).toBe(0)
    expect(
      (
        await names('(filter: { or: [{ name: { eq: "Alpha" } }, { name: { eq: "Bravo" } }] }, sort: NAME_DESC)')
      ).nodes.map((k) => k.name),
    ).toEqual(['Bravo', 'Alpha'])
  })

  it('pages in both modes and refuses too large a page', async () => {
    const page2 = await names('(page: 2, limit: 3, sort: NAME_ASC)')
    expect(page2).toMatchObject({
      nodes: [{ name: 'Delta' }],
      totalCount: 4,
      pageInfo: { page: 2, totalPages: 2, hasNextPage: false },
    })
    const first = await names('(first: 2, sort: NAME_ASC)')
    const rest = await names(`(first: 2, after: "${String(first.pageInfo.endCursor)}", sort: NAME_ASC)`)
    expect([...first.nodes, ...rest.nodes].map((k) => k.name)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta'])
    const tooMany = await sessionGql(t, session.cookie, '{ apiKeys(first: 251) { totalCount } }')
    expect(onlyError(tooMany)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['first'] })
  })
})
