import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tenancyDefinitions } from '../../domain/tenancy/definitions.js'
import { tenancyProjection } from '../../projections/tenancy/projection.js'
import { findApiKey } from '../../projections/tenancy/queries.js'
import { createTestDatabase, type TestDatabase } from '../../test/support/database.js'
import type { CommandContext } from '../commands/context.js'
import { executeCommand } from '../commands/execute.js'
import { CommandRegistry } from '../commands/registry.js'
import type { AnyDb } from '../../infra/database/database.js'
import { migrateToLatest } from '../../infra/database/migrate.js'
import {
  WrongExpectedRevisionError,
  type EventStore,
  type RecordedEvent,
  type StreamWrite,
} from '../../infra/eventstore/port.js'
import { hashSecret, parseApiKeyToken } from './api-key-token.js'
import { authenticateApiKey } from './authenticate.js'
import { issueApiKey, type IssueApiKeyDeps } from './keys.js'
import { accountMigrations } from './account-tables.js'
import { apiKeySecretMigrations } from './secrets.js'
import { failure } from '../../test/support/failure.js'

/**
 * The tenancy slice end to end: commands through the real command path (over an in-memory log
 * holding just what `executeCommand` uses), events projected into the read model, keys issued
 * and then used to authenticate.
 */
class MemoryLog {
  readonly events: RecordedEvent[] = []

  async readStream(stream: string): Promise<RecordedEvent[]> {
    return this.events.filter((e) => e.streamName === stream)
  }

  async appendMany(
    writes: StreamWrite[],
  ): Promise<{ position: string; revisions: Record<string, number>; positions: string[] }> {
    for (const write of writes) {
      const current = this.events.filter((e) => e.streamName === write.stream).length - 1
      const expected = write.expectedRevision === 'no_stream' ? -1 : write.expectedRevision
      if (typeof expected === 'number' && expected !== current) {
        throw new WrongExpectedRevisionError(
          write.stream,
          write.expectedRevision,
          current === -1 ? 'no_stream' : current,
        )
      }
    }
    const revisions: Record<string, number> = {}
    const positions: string[] = []
    for (const write of writes) {
      for (const event of write.events) {
        const revision = this.events.filter((e) => e.streamName === write.stream).length
        const position = String(this.events.length + 1).padStart(20, '0')
        this.events.push({ ...event, streamName: write.stream, revision, position, recordedAt: new Date() })
        revisions[write.stream] = revision
        positions.push(position)
      }
    }
    return { position: this.events.at(-1)!.position, revisions, positions }
  }
}

const org = '0190a0b0-0000-7000-8000-000000000001'
const otherOrg = '0190a0b0-0000-7000-8000-000000000009'
const registry = new CommandRegistry(tenancyDefinitions)

let test: TestDatabase
let db: AnyDb
let log: MemoryLog
let projected = 0

function ctx(organizationId = org): CommandContext {
  return {
    now: new Date('2026-11-21T10:00:00Z'),
    actor: { type: 'system', id: 'cli' },
    organizationId,
    storeId: null,
    scopes: ['settings:write'],
    correlationId: 'test',
    causationId: null,
  }
}

/** Feeds the projection what the log gained since last time, as the runner would. */
async function project(): Promise<void> {
  for (const event of log.events.slice(projected)) {
    if ((tenancyProjection.eventTypes as readonly string[]).includes(event.type))
      await tenancyProjection.apply(event, db)
  }
  projected = log.events.length
}

async function execute(
  name: string,
  input: unknown,
  context = ctx(),
): Promise<{ entityId: string; position: string | null }> {
  // executeCommand reads and appends streams only; the rest of the port is not needed here.
  const result = await executeCommand(log as unknown as EventStore, registry.get(name), input, context)
  await project()
  return result
}

const deps = (): IssueApiKeyDeps => ({
  db,
  execute: (definition, input, context) => execute(definition.name, input, context),
})

async function secretRows(): Promise<number> {
  const row = await db
    .selectFrom('api_key_secrets')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

let acmeId: string

beforeAll(async () => {
  test = await createTestDatabase()
  db = test.database.db
  await migrateToLatest(db, { ...apiKeySecretMigrations, ...accountMigrations })
  await tenancyProjection.createTables(db)
  log = new MemoryLog()
  await execute('organizationCreate', { name: 'Acme Inc.' })
  await execute('organizationCreate', { name: 'Globex' }, ctx(otherOrg))
  acmeId = (await execute('storeCreate', { name: 'Acme', slug: 'acme' })).entityId
})

afterAll(async () => {
  await test.drop()
})

describe('tenancy commands through the command path', () => {
  it('creates organizations and stores', async () => {
    const stores = await db.selectFrom('stores').select(['slug', 'organization_id']).execute()
    expect(stores).toEqual([{ slug: 'acme', organization_id: org }])
    expect(log.events.map((e) => e.streamName)).toContain(`store-${org}_${acmeId}`)
    expect(log.events.map((e) => e.streamName)).toContain('uniq-platform_store-slug:acme')
  })

  it('keeps store slugs unique across organizations', async () => {
    const error = await failure(execute('storeCreate', { name: 'Other Acme', slug: 'acme' }, ctx(otherOrg)))
    expect(error).toMatchObject({
      code: 'CONFLICT',
      message: "store slug 'acme' is taken; choose another",
      field: ['input', 'slug'],
    })
  })

  it('refuses a reserved slug on input.slug', async () => {
    const error = await failure(execute('storeCreate', { name: 'Admin', slug: 'admin' }))
    expect(error).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'slug'],
      message: expect.stringContaining('reserved'),
    })
  })

  it('needs settings:write to create a store', async () => {
    const error = await failure(
      execute('storeCreate', { name: 'Shop', slug: 'shop' }, { ...ctx(), scopes: ['settings:read'] }),
    )
    expect(error.code).toBe('FORBIDDEN')
  })
})

describe('issueApiKey', () => {
  it('issues a key that authenticates, and shows its secret nowhere but in its result', async () => {
    const issued = await issueApiKey(
      deps(),
      { name: 'ERP sync', scopes: ['settings:read', 'products:write'], storeIds: [acmeId] },
      ctx(),
    )
    expect(issued).toMatchObject({ scopes: ['products:write', 'settings:read'], position: expect.any(String) })

    const principal = await authenticateApiKey(db, issued.apiKey, new Date('2026-11-21T10:00:01Z'))
    expect(principal).toEqual({
      type: 'api_key',
      keyId: issued.id,
      organizationId: org,
      scopes: ['products:write', 'settings:read'],
      storeIds: [acmeId],
      name: 'ERP sync',
      expiresAt: null,
    })

    const { secret } = parseApiKeyToken(issued.apiKey)
    const history = JSON.stringify(log.events)
    expect(history).not.toContain(secret)
    expect(history).not.toContain(hashSecret(secret))
    expect(await findApiKey(db, org, issued.id)).toMatchObject({ last4: issued.apiKey.slice(-4), expiresAt: null })
  })

  it('issues a key for every store with an expiry', async () => {
    const issued = await issueApiKey(
      deps(),
      { name: 'Agent', scopes: ['webstore:read'], storeIds: null, expiresAt: new Date('2027-01-01T00:00:00Z') },
      ctx(),
    )
    expect(await findApiKey(db, org, issued.id)).toMatchObject({
      storeIds: null,
      expiresAt: new Date('2027-01-01T00:00:00Z'),
    })
  })

  it('keeps no secret when the command refuses the key', async () => {
    const before = await secretRows()
    const error = await failure(issueApiKey(deps(), { name: 'Bad', scopes: ['products:admin'], storeIds: null }, ctx()))
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'scopes', 0] })
    expect(await secretRows()).toBe(before)
  })

  it('keeps no secret when the command fails for any other reason', async () => {
    const before = await secretRows()
    const failing: IssueApiKeyDeps = { db, execute: async () => Promise.reject(new Error('event store unavailable')) }
    await expect(
      issueApiKey(failing, { name: 'Down', scopes: ['products:read'], storeIds: null }, ctx()),
    ).rejects.toThrow('event store unavailable')
    expect(await secretRows()).toBe(before)
  })

  it('refuses stores of other organizations as unknown, naming the field', async () => {
    const globexShop = (await execute('storeCreate', { name: 'Globex', slug: 'globex' }, ctx(otherOrg))).entityId
    const before = await secretRows()
    const error = await failure(
      issueApiKey(deps(), { name: 'Sneaky', scopes: ['products:read'], storeIds: [acmeId, globexShop] }, ctx()),
    )
    expect(error).toMatchObject({
      code: 'NOT_FOUND',
      field: ['input', 'storeIds', 1],
      message: expect.stringContaining(`store '${globexShop}' does not exist`),
    })
    expect(await secretRows()).toBe(before)
  })

  it('stops a key from working once revoked', async () => {
    const issued = await issueApiKey(deps(), { name: 'Temporary', scopes: ['products:read'], storeIds: null }, ctx())
    await execute('apiKeyRevoke', { id: issued.id })
    const error = await failure(authenticateApiKey(db, issued.apiKey, new Date('2026-11-21T10:00:01Z')))
    expect(error).toMatchObject({ code: 'UNAUTHENTICATED', message: expect.stringContaining('revoked') })
  })

  it('cannot revoke a key of another organization: it does not exist there', async () => {
    const issued = await issueApiKey(deps(), { name: 'Mine', scopes: ['products:read'], storeIds: null }, ctx())
    const error = await failure(execute('apiKeyRevoke', { id: issued.id }, ctx(otherOrg)))
    expect(error.code).toBe('NOT_FOUND')
    expect((await findApiKey(db, org, issued.id))?.revokedAt).toBeNull()
  })
})
