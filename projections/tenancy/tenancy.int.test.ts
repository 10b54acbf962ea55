import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../test/support/database.js'
import type { AnyDb } from '../../infra/database/database.js'
import { tenancyProjection } from './projection.js'
import { findApiKey, findOrganization, findStore, findStoreBySlug, listApiKeys, listStores } from './queries.js'
import { TenancyFixture } from '../../test/support/tenancy-fixtures.js'

const org = '0190a0b0-0000-7000-8000-000000000001'
const otherOrg = '0190a0b0-0000-7000-8000-000000000009'
const acme = '0190a0b0-0000-7000-8000-000000000011'
const outlet = '0190a0b0-0000-7000-8000-000000000012'
const foreign = '0190a0b0-0000-7000-8000-000000000091'
const key = '0190a0b0-0000-7000-8000-0000000000a1'
const created = new Date('2026-11-21T10:00:00Z')

let test: TestDatabase
let db: AnyDb

beforeAll(async () => {
  test = await createTestDatabase()
  db = test.database.db
  await tenancyProjection.createTables(db)
  const fixture = new TenancyFixture(db)
  await fixture.organization(org, 'Acme Inc.')
  await fixture.organization(otherOrg, 'Globex')
  await fixture.store(org, acme, 'acme', 'Acme')
  await fixture.store(org, outlet, 'acme-outlet', 'Acme Outlet')
  await fixture.store(otherOrg, foreign, 'globex', 'Globex')
  await fixture.apiKey(
    {
      keyId: key,
      organizationId: org,
      name: 'ERP sync',
      publicId: 'AbCdEf012345',
      last4: 'wxYZ',
      scopes: ['products:write', 'settings:read'],
      storeIds: [acme],
      expiresAt: '2027-01-01T00:00:00.000Z',
    },
    created,
  )
})

afterAll(async () => {
  await test.drop()
})

describe('tenancy projection', () => {
  it('projects organizations', async () => {
    expect(await findOrganization(db, org)).toEqual({ id: org, name: 'Acme Inc.', createdAt: created })
    expect(await findOrganization(db, '0190a0b0-0000-7000-8000-0000000000ff')).toBeNull()
    expect(await findOrganization(db, 'acme')).toBeNull()
  })

  it('projects stores with their defaults, commerce off', async () => {
    expect(await findStore(db, org, acme)).toEqual({
      id: acme,
      organizationId: org,
      slug: 'acme',
      name: 'Acme',
      defaultLocale: 'en',
      currency: 'USD',
      commerceEnabled: false,
      status: 'ACTIVE',
      createdAt: created,
      updatedAt: created,
    })
    const row = await db
      .selectFrom('stores')
      .select(['id', 'store_id'])
      .where('id', '=', acme)
      .executeTakeFirstOrThrow()
    expect(row.store_id).toBe(row.id)
  })

  it('finds a store by id or slug, only within its organization', async () => {
    expect((await findStore(db, org, 'acme-outlet'))?.id).toBe(outlet)
    expect((await findStore(db, org, ' ACME '))?.id).toBe(acme)
    expect((await findStore(db, org, acme.toUpperCase()))?.id).toBe(acme)
    expect(await findStore(db, org, 'globex')).toBeNull()
    expect(await findStore(db, org, foreign)).toBeNull()
    expect(await findStore(db, org, 'nope')).toBeNull()
  })

  it('finds the store serving a slug across the platform, for operators and host names', async () => {
    expect((await findStoreBySlug(db, 'globex'))?.organizationId).toBe(otherOrg)
    expect((await findStoreBySlug(db, 'Acme'))?.id).toBe(acme)
    expect(await findStoreBySlug(db, 'nope')).toBeNull()
  })

  it('lists the stores a key reaches, oldest first, never another organization’s', async () => {
    expect((await listStores(db, org, null)).map((s) => s.slug)).toEqual(['acme', 'acme-outlet'])
    expect((await listStores(db, org, [outlet, foreign])).map((s) => s.slug)).toEqual(['acme-outlet'])
    expect(await listStores(db, org, [])).toEqual([])
    expect(await listStores(db, org, ['not-a-uuid'])).toEqual([])
    expect(await listStores(db, org, null, { limit: 1 })).toHaveLength(1)
  })

  it('refuses a second store under a taken slug rather than serve two stores on one host', async () => {
    const fixture = new TenancyFixture(db)
    await expect(fixture.store(otherOrg, '0190a0b0-0000-7000-8000-000000000092', 'acme')).rejects.toThrow()
  })

  it('projects API keys without any secret, and their revocation', async () => {
    const before = await findApiKey(db, org, key)
    expect(before).toEqual({
      id: key,
      organizationId: org,
      publicId: 'AbCdEf012345',
      last4: 'wxYZ',
      name: 'ERP sync',
      scopes: ['products:write', 'settings:read'],
      storeIds: [acme],
      expiresAt: new Date('2027-01-01T00:00:00Z'),
      revokedAt: null,
      createdAt: created,
      createdBy: { type: 'system', id: 'test' },
      rotatedAt: null,
    })
    expect(await findApiKey(db, otherOrg, key)).toBeNull()

    const revokedAt = new Date('2026-11-22T08:00:00Z')
    await new TenancyFixture(db).revokeApiKey(org, key, revokedAt)
    expect((await findApiKey(db, org, key))?.revokedAt).toEqual(revokedAt)
    expect((await listApiKeys(db, org)).map((k) => k.id)).toEqual([key])
    expect(await listApiKeys(db, otherOrg)).toEqual([])
  })

  it('keeps store ids null for a key that reaches every store', async () => {
    const everyStore = '0190a0b0-0000-7000-8000-0000000000a2'
    await new TenancyFixture(db).apiKey({
      keyId: everyStore,
      organizationId: org,
      name: 'Everything',
      publicId: 'ZyXwVu987654',
      last4: 'abcd',
      scopes: ['webstore:read'],
      storeIds: null,
      expiresAt: null,
    })
    expect(await findApiKey(db, org, everyStore)).toMatchObject({
      storeIds: null,
      expiresAt: null,
      scopes: ['webstore:read'],
    })
  })
})
