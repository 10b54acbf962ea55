import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiKeyCreated } from '../../domain/tenancy/api-key/events.js'
import { tenancyProjection } from '../../projections/tenancy/projection.js'
import { findApiKey } from '../../projections/tenancy/queries.js'
import { TenancyFixture } from '../../test/support/tenancy-fixtures.js'
import { createTestDatabase, type TestDatabase } from '../../test/support/database.js'
import type { AnyDb } from '../../infra/database/database.js'
import { migrateToLatest } from '../../infra/database/migrate.js'
import { generateApiKeyToken, hashSecret } from './api-key-token.js'
import { authenticateApiKey, resolveStore, type ApiKeyPrincipal } from './authenticate.js'
import { accountMigrations } from './account-tables.js'
import { apiKeySecretMigrations, insertApiKeySecret } from './secrets.js'
import { lastUsedOf } from './usage.js'
import { failure } from '../../test/support/failure.js'

const org = '0190a0b0-0000-7000-8000-000000000001'
const otherOrg = '0190a0b0-0000-7000-8000-000000000009'
const acme = '0190a0b0-0000-7000-8000-000000000011'
const outlet = '0190a0b0-0000-7000-8000-000000000012'
const globex = '0190a0b0-0000-7000-8000-000000000091'
const now = new Date('2026-11-21T12:00:00Z')

let test: TestDatabase
let db: AnyDb
let fixture: TenancyFixture
let keyCount = 0

/** A key in the read model with its secret row; returns the token its holder would send. */
async function key(
  facts: Partial<ApiKeyCreated['data']> = {},
  options: { storedSecret?: string } = {},
): Promise<{ token: string; keyId: string }> {
  keyCount++
  const keyId = `0190a0b0-0000-7000-8000-a${String(keyCount).padStart(11, '0')}`
  const token = generateApiKeyToken()
  await insertApiKeySecret(db, {
    keyId,
    publicId: token.publicId,
    secretHash: hashSecret(options.storedSecret ?? token.secret),
  })
  await fixture.apiKey({
    keyId,
    organizationId: org,
    name: `key ${keyCount}`,
    publicId: token.publicId,
    last4: token.last4,
    scopes: ['products:write'],
    storeIds: null,
    expiresAt: null,
    ...facts,
  })
  return { token: token.token, keyId }
}

function principal(overrides: Partial<ApiKeyPrincipal> = {}): ApiKeyPrincipal {
  return {
    type: 'api_key',
    keyId: '0190a0b0-0000-7000-8000-0000000000ee',
    organizationId: org,
    scopes: ['products:write'],
    storeIds: null,
    name: 'test',
    expiresAt: null,
    ...overrides,
  }
}

/** Two organizations, Acme with two stores and Globex with one, in freshly created tenancy tables. */
async function seedTenancy(): Promise<void> {
  await tenancyProjection.createTables(db)
  fixture = new TenancyFixture(db)
  await fixture.organization(org)
  await fixture.organization(otherOrg, 'Globex')
  await fixture.store(org, acme, 'acme')
  await fixture.store(org, outlet, 'acme-outlet')
  await fixture.store(otherOrg, globex, 'globex')
}

beforeAll(async () => {
  test = await createTestDatabase()
  db = test.database.db
  await migrateToLatest(db, { ...apiKeySecretMigrations, ...accountMigrations })
  await seedTenancy()
})

afterAll(async () => {
  await test.drop()
})

describe('authenticateApiKey', () => {
  it('turns a valid key into its principal', async () => {
    const { token, keyId } = await key({
      name: 'ERP sync',
      scopes: ['products:write', 'settings:read'],
      storeIds: [acme],
    })
    expect(await authenticateApiKey(db, token, now)).toEqual({
      type: 'api_key',
      keyId,
      organizationId: org,
      scopes: ['products:write', 'settings:read'],
      storeIds: [acme],
      name: 'ERP sync',
      expiresAt: null,
    })
  })

  it('records when a key was last used, at most once a minute', async () => {
    const { token, keyId } = await key()
    await authenticateApiKey(db, token, now)
    expect(await lastUsedOf(db, [keyId])).toEqual([now])
    await authenticateApiKey(db, token, new Date(now.getTime() + 30_000))
    expect(await lastUsedOf(db, [keyId])).toEqual([now])
    const later = new Date(now.getTime() + 61_000)
    await authenticateApiKey(db, token, later)
    expect(await lastUsedOf(db, [keyId])).toEqual([later])
  })

  it("keeps a key's last use across a whole rebuild of the tenancy read model", async () => {
    const { token, keyId } = await key({ name: 'rebuilt' })
    await authenticateApiKey(db, token, now)
    const created = await findApiKey(db, org, keyId)
    // What a whole rebuild does to the read model: new tables, filled again from the log.
    for (const table of tenancyProjection.tables) await db.schema.dropTable(table).execute()
    await seedTenancy()
    await fixture.apiKey({
      keyId,
      organizationId: org,
      name: 'rebuilt',
      publicId: created!.publicId,
      last4: created!.last4,
      scopes: ['products:write'],
      storeIds: null,
      expiresAt: null,
    })
    expect(await lastUsedOf(db, [keyId])).toEqual([now])
    await authenticateApiKey(db, token, new Date(now.getTime() + 30_000))
    expect(await lastUsedOf(db, [keyId])).toEqual([now])
  })

  it('accepts surrounding whitespace', async () => {
    const { token } = await key()
    expect((await authenticateApiKey(db, ` ${token}\n`, now)).organizationId).toBe(org)
  })

  it('asks for a key when none is sent', async () => {
    for (const missing of [undefined, null, '', '  ']) {
      const error = await failure(authenticateApiKey(db, missing, now))
      expect(error.code).toBe('UNAUTHENTICATED')
      expect(error.message).toContain('Authorization: Bearer')
    }
  })

  it('refuses the right public id with the wrong secret, as if the key did not exist', async () => {
    const { token } = await key({}, { storedSecret: 'another secret' })
    const error = await failure(authenticateApiKey(db, token, now))
    expect(error.code).toBe('UNAUTHENTICATED')
    expect(error.message).toContain('not known')
    expect(error.message).toContain('emporium keys create')
  })

  it('refuses a well-formed key it never issued', async () => {
    const error = await failure(authenticateApiKey(db, generateApiKeyToken().token, now))
    expect(error).toMatchObject({ code: 'UNAUTHENTICATED', message: expect.stringContaining('not known') })
  })

  it('refuses a key whose secret is stored but whose creation is not projected', async () => {
    const token = generateApiKeyToken()
    await insertApiKeySecret(db, {
      keyId: '0190a0b0-0000-7000-8000-0000000000ff',
      publicId: token.publicId,
      secretHash: hashSecret(token.secret),
    })
    expect((await failure(authenticateApiKey(db, token.token, now))).code).toBe('UNAUTHENTICATED')
  })

  it('refuses a revoked key, telling its holder so', async () => {
    const { token, keyId } = await key()
    await fixture.revokeApiKey(org, keyId, new Date('2026-11-21T11:00:00Z'))
    const error = await failure(authenticateApiKey(db, token, now))
    expect(error).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: expect.stringContaining('revoked on 2026-11-21T11:00:00.000Z'),
    })
  })

  it('refuses an expired key from its expiry on', async () => {
    const { token } = await key({ expiresAt: now.toISOString() })
    expect(await authenticateApiKey(db, token, new Date(now.getTime() - 1))).toMatchObject({ organizationId: org })
    const error = await failure(authenticateApiKey(db, token, now))
    expect(error).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: expect.stringContaining('expired on 2026-11-21T12:00:00.000Z'),
    })
  })

  it('refuses a key with a bad checksum before looking it up', async () => {
    const { token } = await key()
    const typo = token.slice(0, 20) + (token[20] === 'a' ? 'b' : 'a') + token.slice(21)
    const error = await failure(authenticateApiKey(db, typo, now))
    expect(error).toMatchObject({ code: 'UNAUTHENTICATED', message: expect.stringContaining('checksum') })
  })

  it('refuses something that is not an API key', async () => {
    const error = await failure(authenticateApiKey(db, 'Bearer abc', now))
    expect(error).toMatchObject({ code: 'UNAUTHENTICATED', message: expect.stringContaining("start with 'wmk_'") })
  })
})

describe('resolveStore', () => {
  const acmeRef = { id: acme, slug: 'acme', name: 'acme', organizationId: org }
  const outletRef = { id: outlet, slug: 'acme-outlet', name: 'acme-outlet', organizationId: org }

  it('selects the only store a key reaches when no X-Store is sent', async () => {
    expect(await resolveStore(db, principal({ storeIds: [acme] }), undefined)).toEqual(acmeRef)
    expect(await resolveStore(db, principal({ storeIds: [acme] }), '')).toEqual(acmeRef)
  })

  it('selects the only store of the organization for a key that reaches every store', async () => {
    const globexRef = { id: globex, slug: 'globex', name: 'globex', organizationId: otherOrg }
    expect(await resolveStore(db, principal({ organizationId: otherOrg }), undefined)).toEqual(globexRef)
  })

  it('selects nothing when the key reaches several stores and no X-Store is sent', async () => {
    expect(await resolveStore(db, principal({ storeIds: null }), undefined)).toBeNull()
    expect(await resolveStore(db, principal({ storeIds: [acme, outlet] }), undefined)).toBeNull()
  })

  it('selects by X-Store, as a store id or a slug', async () => {
    expect(await resolveStore(db, principal(), acme)).toEqual(acmeRef)
    expect(await resolveStore(db, principal(), 'acme-outlet')).toEqual(outletRef)
    expect(await resolveStore(db, principal({ storeIds: [outlet] }), 'acme-outlet')).toEqual(outletRef)
  })

  it('answers a store of another organization exactly like a store that does not exist', async () => {
    const missing = await failure(resolveStore(db, principal(), 'nowhere'))
    expect(missing).toMatchObject({
      code: 'NOT_FOUND',
      message: "store 'nowhere' does not exist; check the X-Store header (a store id or slug)",
    })
    for (const reference of ['globex', globex]) {
      const foreign = await failure(resolveStore(db, principal(), reference))
      expect(foreign.code).toBe('NOT_FOUND')
      expect(foreign.message).toBe(missing.message.replace('nowhere', reference))
    }
  })

  it('forbids a store of the organization that the key may not reach', async () => {
    const error = await failure(resolveStore(db, principal({ storeIds: [acme] }), 'acme-outlet'))
    expect(error).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining("this key cannot reach store 'acme-outlet'"),
    })
  })
})
