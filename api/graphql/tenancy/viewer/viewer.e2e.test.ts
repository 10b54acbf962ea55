import { beforeAll, describe, expect, it } from 'vitest'
import { v7 as uuidv7 } from 'uuid'
import { ALL_SCOPES } from '../../../../domain/shared/scopes.js'
import { generateApiKeyToken } from '../../../../app/auth/api-key-token.js'
import { issueApiKey } from '../../../../app/auth/keys.js'
import { revokeKey } from '../../../../app/operations/tenants.js'
import { type GraphQLResponse, type Tenant, useTestApp } from '../../../../test/support/app.js'
import { UUID, onlyError, productCount } from '../../../../test/support/products.js'
import { keyDeps, operator } from '../../../../test/support/settings.js'
import { storeCreate } from '../../../../domain/tenancy/store/definitions.js'

// Who the caller is, which store a request works on, and which credentials are refused.

interface ViewerStore {
  id: string
  slug: string
  name: string
  defaultLocale: string
  currency: string
  commerceEnabled: boolean
}
interface Viewer {
  viewer: {
    organization: { id: string; name: string }
    stores: ViewerStore[]
    currentStore: ViewerStore | null
    scopes: string[]
    credential: { type: string; id: string; name: string | null }
  }
}
const STORE_FIELDS = 'id slug name defaultLocale currency commerceEnabled'
const VIEWER = `{ viewer { organization { id name } stores { ${STORE_FIELDS} } currentStore { ${STORE_FIELDS} } scopes credential { type id name } } }`

const t = useTestApp()

const store = (tenant: Tenant, name = `Store ${tenant.storeSlug}`): ViewerStore => ({
  id: tenant.storeId,
  slug: tenant.storeSlug,
  name,
  defaultLocale: 'en',
  currency: 'USD',
  commerceEnabled: false,
})

describe('viewer', () => {
  it('names the organization, the one reachable store as current, the scopes and the key', async () => {
    const tenant = await t.tenant('viewer-one')
    const response = await t.gql<Viewer>(tenant.apiKey, VIEWER)
    expect(response.errors).toBeUndefined()
    expect(response.data!.viewer).toEqual({
      organization: { id: tenant.organizationId, name: 'Org of viewer-one' },
      stores: [store(tenant)],
      currentStore: store(tenant),
      scopes: [
        'products:read',
        'products:write',
        'webstore:read',
        'webstore:write',
        'settings:read',
        'settings:write',
        'orders:read',
        'orders:write',
      ],
      credential: { type: 'API_KEY', id: expect.stringMatching(UUID), name: 'default key' },
    })
  })

  it('shows the scopes a narrower key holds, and answers without any scope', async () => {
    await t.tenant('viewer-narrow')
    const reader = await t.key('viewer-narrow', ['products:read'])
    const response = await t.gql<Viewer>(reader, '{ viewer { scopes credential { name } } }')
    expect(response.data!.viewer).toEqual({ scopes: ['products:read'], credential: { name: 'test key products:read' } })
  })
})

describe('a key reaching several stores', () => {
  let main: Tenant
  let second: Tenant
  let foreign: Tenant
  let wide: string
  beforeAll(async () => {
    main = await t.tenant('multi-main')
    foreign = await t.tenant('multi-foreign')
    const created = await t.platform.executeAndWait(
      storeCreate,
      { name: 'Outlet', slug: 'multi-outlet' },
      operator(main.organizationId),
    )
    second = { ...main, storeId: created.entityId, storeSlug: 'multi-outlet' }
    wide = (
      await issueApiKey(
        keyDeps(t),
        { name: 'all stores', scopes: ALL_SCOPES, storeIds: null },
        operator(main.organizationId),
      )
    ).apiKey
  })

  it('lists every store of the organization and has no current store without X-Store', async () => {
    const { viewer } = (await t.gql<Viewer>(wide, VIEWER)).data!
    expect(viewer.stores).toEqual([store(main), store(second, 'Outlet')])
    expect(viewer.currentStore).toBeNull()
    expect(viewer.credential.name).toBe('all stores')
  })

  it('asks for X-Store on product reads and writes sent without one', async () => {
    const read = await t.gql(wide, '{ products { totalCount } }')
    expect(onlyError(read)).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'this credential reaches several stores: choose one with the X-Store header (store id or slug)',
    })
    const write = await t.gql(wide, 'mutation { productCreate(input: { title: "Lost" }) { product { id } } }')
    expect(onlyError(write)).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'productCreate works on one store: select it with the X-Store header (store id or slug)',
    })
  })

  it('works on the store X-Store names, by slug or by id, and on no other', async () => {
    const bySlug = { 'x-store': 'multi-outlet' }
    const created = await t.gql<{ productCreate: { product: { id: string } } }>(
      wide,
      'mutation { productCreate(input: { title: "Outlet Only" }) { product { id } } }',
      {},
      bySlug,
    )
    expect(created.errors).toBeUndefined()

    const count = async (xStore: string) =>
      (
        await t.gql<{ products: { totalCount: number } }>(
          wide,
          '{ products { totalCount } }',
          {},
          { 'x-store': xStore },
        )
      ).data!.products.totalCount
    expect(await count('multi-outlet')).toBe(1)
    expect(await count(second.storeId)).toBe(1)
    expect(await count('MULTI-OUTLET')).toBe(1)
    expect(await count('multi-main')).toBe(0)
    expect(await count(main.storeId)).toBe(0)

    const current = await t.gql<Viewer>(
      wide,
      `{ viewer { currentStore { ${STORE_FIELDS} } } }`,
      {},
      { 'x-store': second.storeId },
    )
    expect(current.data!.viewer.currentStore).toEqual(store(second, 'Outlet'))
  })

  it("answers X-Store naming another organization's store exactly like a store that does not exist", async () => {
    const viewerWith = (xStore: string) => t.gql(wide, '{ viewer { scopes } }', {}, { 'x-store': xStore })
    const masked = (response: GraphQLResponse<unknown>, asked: string) =>
      JSON.parse(
        JSON.stringify({ status: response.status, data: response.data, errors: response.errors }).replaceAll(
          asked,
          '<asked>',
        ),
      )

    for (const [theirs, nobodys] of [
      [foreign.storeSlug, 'no-such-store'],
      [foreign.storeId, uuidv7()],
    ] as const) {
      const response = await viewerWith(theirs)
      expect(response.status).toBe(200)
      expect(onlyError(response)).toEqual({
        code: 'NOT_FOUND',
        message: `store '${theirs}' does not exist; check the X-Store header (a store id or slug)`,
      })
      expect(masked(response, theirs)).toEqual(masked(await viewerWith(nobodys), nobodys))
    }
  })

  it('answers NOT_FOUND for an X-Store no store can have (a NUL, thousands of characters), naming at most 100 of them', async () => {
    for (const xStore of ['multi\u0000outlet', 'x'.repeat(10_000)]) {
      const response = await t.gql(wide, '{ viewer { scopes } }', {}, { 'x-store': xStore })
      expect(response.status).toBe(200)
      expect(onlyError(response)).toEqual({
        code: 'NOT_FOUND',
        message: `store '${xStore.slice(0, 100)}' does not exist; check the X-Store header (a store id or slug)`,
      })
    }
  })

  it('refuses X-Store naming a store of the organization the key is not limited to with FORBIDDEN', async () => {
    const response = await t.gql(main.apiKey, '{ products { totalCount } }', {}, { 'x-store': 'multi-outlet' })
    expect(onlyError(response)).toEqual({
      code: 'FORBIDDEN',
      message: "this key cannot reach store 'multi-outlet'; use a key that includes it, or one for every store",
    })
  })
})

describe('refused credentials', () => {
  const expectUnauthenticated = (response: GraphQLResponse<unknown>, message: string | RegExp) => {
    expect(response.status).toBe(401)
    expect(response.headers['www-authenticate']).toBe('Bearer')
    expect(response.data).toBeNull()
    expect(onlyError(response)).toEqual({
      code: 'UNAUTHENTICATED',
      message: typeof message === 'string' ? message : expect.stringMatching(message),
    })
  }

  it('refuses a revoked key from the next request on', async () => {
    const tenant = await t.tenant('refuse-revoked')
    const apiKey = await t.key('refuse-revoked', ['products:read'])
    const before = await t.gql<Viewer>(apiKey, '{ viewer { credential { id } } }')
    expect(before.status).toBe(200)

    await revokeKey(t.platform, { organizationId: tenant.organizationId, keyId: before.data!.viewer.credential.id })
    expectUnauthenticated(
      await t.gql(apiKey, '{ viewer { scopes } }'),
      /^this API key was revoked on .+; create a key with `emporium keys create`$/,
    )
    // The tenant's other key is untouched.
    expect((await t.gql(tenant.apiKey, '{ viewer { scopes } }')).status).toBe(200)
  })

  it('refuses an expired key', async () => {
    const tenant = await t.tenant('refuse-expired')
    // Issued a year ago to expire half a year ago: through the command path, with its clock.
    const issuedAt = new Date(Date.now() - 365 * 24 * 3600 * 1000)
    const expiresAt = new Date(Date.now() - 182 * 24 * 3600 * 1000)
    const { apiKey } = await issueApiKey(
      keyDeps(t),
      { name: 'old', scopes: ['products:read'], storeIds: [tenant.storeId], expiresAt },
      operator(tenant.organizationId, issuedAt),
    )
    expectUnauthenticated(
      await t.gql(apiKey, '{ viewer { scopes } }'),
      `this API key expired on ${expiresAt.toISOString()}; create a key with \`emporium keys create\``,
    )
  })

  it('refuses a request without a credential, or with one that is not a key of this server', async () => {
    expectUnauthenticated(
      await t.gql(null, '{ viewer { scopes } }'),
      'no credential: send Authorization: Bearer <api key>',
    )
    expectUnauthenticated(
      await t.gql(null, '{ viewer { scopes } }', {}, { authorization: 'Basic dXNlcjpwYXNz' }),
      'the Authorization header must be "Bearer <api key>"',
    )
    expectUnauthenticated(
      await t.gql('garbage', '{ viewer { scopes } }'),
      /^malformed API key: API keys start with 'wmk_'/,
    )
    const { token } = generateApiKeyToken()
    const tampered = token.slice(0, 20) + (token[20] === 'A' ? 'B' : 'A') + token.slice(21)
    expectUnauthenticated(
      await t.gql(tampered, '{ viewer { scopes } }'),
      /^malformed API key: the API key fails its checksum/,
    )
    // Well formed, checksum right, but never issued here.
    expectUnauthenticated(await t.gql(token, '{ viewer { scopes } }'), /^this API key is not known/)
  })

  it('refuses before running anything: a mutation with a bad key changes nothing', async () => {
    const tenant = await t.tenant('refuse-write')
    const { token } = generateApiKeyToken()
    const response = await t.gql(
      token,
      'mutation { productCreate(input: { title: "Sneaky" }) { product { id } } }',
      {},
      { 'x-store': tenant.storeSlug },
    )
    expect(response.status).toBe(401)
    expect(await productCount(t, tenant.apiKey)).toBe(0)
  })
})
