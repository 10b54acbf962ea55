import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tenancyProjection } from '../../projections/tenancy/projection.js'
import { createTestDatabase, type TestDatabase } from '../../test/support/database.js'
import { failure } from '../../test/support/failure.js'
import { TenancyFixture } from '../../test/support/tenancy-fixtures.js'
import { migrateToLatest } from '../../infra/database/migrate.js'
import { generateApiKeyToken, hashSecret } from './api-key-token.js'
import { CredentialResolver } from './credentials.js'
import { accountMigrations } from './account-tables.js'
import { apiKeySecretMigrations, insertApiKeySecret } from './secrets.js'

const org = '0190a0b0-0000-7000-8000-000000000001'
const store = '0190a0b0-0000-7000-8000-0000000000a1'
let test: TestDatabase
let fixture: TenancyFixture
let generation = 'g1'
let lookups = 0

async function issue(keyId: string, expiresAt: string | null = null): Promise<string> {
  const token = generateApiKeyToken()
  await insertApiKeySecret(test.database.db, { keyId, publicId: token.publicId, secretHash: hashSecret(token.secret) })
  await fixture.apiKey({
    keyId,
    organizationId: org,
    name: 'k',
    publicId: token.publicId,
    last4: token.last4,
    scopes: ['products:read'],
    storeIds: [store],
    expiresAt,
  })
  return token.token
}

async function refusal(work: Promise<unknown>): Promise<string> {
  return (await failure(work)).code
}

function resolver(): CredentialResolver {
  const db = test.database.db
  // Count the lookups the resolver makes, to see when it answers from memory.
  const counting = new Proxy(db, {
    get(target, property) {
      if (property === 'selectFrom') lookups++
      const value: unknown = Reflect.get(target, property, target)
      // Kysely keeps its state in private fields, which only the real instance can read.
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return new CredentialResolver(counting, () => generation, { ttlMs: 60_000, maxEntries: 2 })
}

beforeAll(async () => {
  test = await createTestDatabase()
  await migrateToLatest(test.database.db, { ...apiKeySecretMigrations, ...accountMigrations })
  await tenancyProjection.createTables(test.database.db)
  fixture = new TenancyFixture(test.database.db)
  await fixture.organization(org)
  await fixture.store(org, store, 'acme')
})

afterAll(async () => {
  await test?.drop()
})

describe('CredentialResolver', () => {
  it('answers a repeated request from memory while the tenancy read model stays put', async () => {
    const token = await issue('0190a0b0-0000-7000-8000-0000000000c1')
    const credentials = resolver()
    const first = await credentials.resolve(token, undefined)
    const before = lookups
    const second = await credentials.resolve(token, undefined)
    expect(second).toEqual(first)
    expect(first.store?.slug).toBe('acme')
    expect(lookups).toBe(before)
  })

  it('refuses a revoked key on the next request, because the revocation moved the generation', async () => {
    const keyId = '0190a0b0-0000-7000-8000-0000000000c2'
    const token = await issue(keyId)
    const credentials = resolver()
    await credentials.resolve(token, undefined)
    await fixture.revokeApiKey(org, keyId)
    generation = 'g2'
    expect(await refusal(credentials.resolve(token, undefined))).toBe('UNAUTHENTICATED')
  })

  it('refuses a remembered key once it has expired', async () => {
    const token = await issue('0190a0b0-0000-7000-8000-0000000000c3', '2026-11-21T10:00:00Z')
    const credentials = resolver()
    await credentials.resolve(token, undefined, new Date('2026-11-21T09:59:00Z'))
    expect(await refusal(credentials.resolve(token, undefined, new Date('2026-11-21T10:00:01Z')))).toBe(
      'UNAUTHENTICATED',
    )
  })

  it('never remembers a failure, and remembers per X-Store', async () => {
    const token = await issue('0190a0b0-0000-7000-8000-0000000000c4')
    const credentials = resolver()
    expect(await refusal(credentials.resolve(token, 'no-such-store'))).toBe('NOT_FOUND')
    expect(await refusal(credentials.resolve(token, 'no-such-store'))).toBe('NOT_FOUND')
    expect((await credentials.resolve(token, 'acme')).store?.id).toBe(store)
  })
})
