import { describe, expect, it } from 'vitest'
import type { PrepareEnv } from '../../shared/command.js'
import { assertRevocation, deciderSpec } from '../../../test/support/decider-spec.js'
import {
  apiKeyCreateInput,
  apiKeyRevokeInput,
  apiKeyRotateInput,
  apiKeyRotateRequest,
  type ApiKeyCreate,
  type ApiKeyRevoke,
  type ApiKeyRotate,
} from './commands.js'
import { apiKeyDecider } from './decide.js'
import { apiKeyCreate, apiKeyRevoke, apiKeyRotate } from './definitions.js'
import type { ApiKeyCreated, ApiKeyEvent, ApiKeyRevoked } from './events.js'
import { operatorContext, prepareEnv } from '../../../test/support/decide-context.js'

const organizationId = '0190a0b0-0000-7000-8000-000000000001'
const keyId = '0190a0b0-0000-7000-8000-0000000000a1'
const storeId = '0190a0b0-0000-7000-8000-000000000002'
const ctx = operatorContext(organizationId)
const spec = deciderSpec(apiKeyDecider, ctx)
const env = prepareEnv({ ctx })

const facts = {
  keyId,
  organizationId,
  name: 'ERP sync',
  publicId: 'AbCdEf012345',
  last4: 'wxYZ',
  scopes: ['products:write' as const],
  storeIds: [storeId],
  expiresAt: '2027-01-01T00:00:00.000Z',
}
const create: ApiKeyCreate = { type: 'ApiKeyCreate', data: facts }
const created: ApiKeyCreated = { type: 'ApiKeyCreated', data: facts }
const revoke: ApiKeyRevoke = { type: 'ApiKeyRevoke', data: { keyId } }
const revoked: ApiKeyRevoked = { type: 'ApiKeyRevoked', data: { keyId } }

const validInput = {
  keyId,
  name: 'ERP sync',
  scopes: ['products:write'],
  storeIds: [storeId],
  expiresAt: '2027-01-01T00:00:00Z',
  publicId: 'AbCdEf012345',
  last4: 'wxYZ',
}

describe('apiKeyCreate', () => {
  it('records the public facts of a key', () => {
    spec.given([]).when(create).then([created])
  })

  it('records a key for every store that never expires', () => {
    const open = { ...facts, storeIds: null, expiresAt: null }
    spec
      .given([])
      .when({ type: 'ApiKeyCreate', data: open })
      .then([{ type: 'ApiKeyCreated', data: open }])
  })

  it('refuses a key id that exists', () => {
    spec.given([created]).when(create).thenFails({ code: 'CONFLICT', message: 'already exists' })
  })

  it('refuses an expiry that is not in the future', () => {
    spec
      .given([])
      .when({ type: 'ApiKeyCreate', data: { ...facts, expiresAt: '2026-11-21T10:00:00.000Z' } })
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'expiresAt'], message: 'not in the future' })
  })

  it('writes to apikey-<orgId>_<keyId> with the organization of the context', async () => {
    const prepared = await apiKeyCreate.prepare(apiKeyCreateInput.parse(validInput), env)
    expect(prepared).toEqual({ stream: `apikey-${organizationId}_${keyId}`, command: create, entityId: keyId })
  })

  it('never carries a secret: only the public facts are in the event', () => {
    expect(Object.keys(created.data).sort()).toEqual([
      'expiresAt',
      'keyId',
      'last4',
      'name',
      'organizationId',
      'publicId',
      'scopes',
      'storeIds',
    ])
  })

  it('is managed by signed-in admins and operators, never by another key, so it is no MCP tool', async () => {
    expect(apiKeyCreate).toMatchObject({ storeScoped: false, transports: ['graphql', 'cli'], scope: 'settings:write' })
    for (const type of ['api_key', 'mcp'] as const) {
      const keyEnv: PrepareEnv = { ...env, ctx: { ...ctx, actor: { type, id: keyId } } }
      expect(() => apiKeyCreate.prepare(apiKeyCreateInput.parse(validInput), keyEnv)).toThrow(
        'an API key can never manage keys',
      )
      expect(() => apiKeyRevoke.prepare({ id: keyId }, keyEnv)).toThrow('an API key can never manage keys')
      expect(() =>
        apiKeyRotate.prepare(apiKeyRotateInput.parse({ id: keyId, publicId: 'ZyXwVu987654', last4: 'abcd' }), keyEnv),
      ).toThrow('an API key can never manage keys')
    }
    const userEnv: PrepareEnv = { ...env, ctx: { ...ctx, actor: { type: 'user', id: 'someone' } } }
    expect((await apiKeyCreate.prepare(apiKeyCreateInput.parse(validInput), userEnv)).entityId).toBe(keyId)
  })
})

describe('apiKeyCreate input', () => {
  const issue = (input: unknown) => apiKeyCreateInput.safeParse(input).error?.issues[0]

  it('deduplicates scopes into a canonical order and normalises the expiry to UTC', () => {
    const parsed = apiKeyCreateInput.parse({
      ...validInput,
      scopes: ['settings:read', 'products:read', 'settings:read'],
      expiresAt: '2027-01-01T02:00:00+02:00',
    })
    expect(parsed.scopes).toEqual(['products:read', 'settings:read'])
    expect(parsed.expiresAt).toBe('2027-01-01T00:00:00.000Z')
  })

  it('reads a missing expiry as never', () => {
    const { expiresAt: _, ...withoutExpiry } = validInput
    expect(apiKeyCreateInput.parse(withoutExpiry).expiresAt).toBeNull()
  })

  it('takes null store ids as every store, and deduplicates listed ones', () => {
    expect(apiKeyCreateInput.parse({ ...validInput, storeIds: null }).storeIds).toBeNull()
    expect(apiKeyCreateInput.parse({ ...validInput, storeIds: [storeId, storeId] }).storeIds).toEqual([storeId])
  })

  it('rejects no scopes', () => {
    expect(issue({ ...validInput, scopes: [] })).toMatchObject({
      path: ['scopes'],
      message: expect.stringContaining('at least one scope'),
    })
  })

  it('rejects an unknown scope, naming the valid ones', () => {
    expect(issue({ ...validInput, scopes: ['products:admin'] })).toMatchObject({
      path: ['scopes', 0],
      message: expect.stringContaining('products:read'),
    })
  })

  it('requires store ids to be given: every store is never a default', () => {
    const { storeIds: _, ...withoutStores } = validInput
    expect(issue(withoutStores)).toMatchObject({
      path: ['storeIds'],
      message: expect.stringContaining('or null for every store'),
    })
  })

  it('rejects an empty store list: null means every store', () => {
    expect(issue({ ...validInput, storeIds: [] })).toMatchObject({
      path: ['storeIds'],
      message: expect.stringContaining('or null'),
    })
  })

  it('rejects a store id that is not a UUID', () => {
    expect(issue({ ...validInput, storeIds: ['acme'] })).toMatchObject({ path: ['storeIds', 0] })
  })

  it('rejects a malformed expiry', () => {
    expect(issue({ ...validInput, expiresAt: 'next week' })).toMatchObject({ path: ['expiresAt'] })
  })

  it('rejects an empty name and malformed token parts', () => {
    expect(issue({ ...validInput, name: ' ' })).toMatchObject({ path: ['name'] })
    expect(issue({ ...validInput, publicId: 'short' })).toMatchObject({ path: ['publicId'] })
    expect(issue({ ...validInput, last4: 'ab_d' })).toMatchObject({ path: ['last4'] })
    expect(issue({ ...validInput, keyId: 'nope' })).toMatchObject({ path: ['keyId'] })
  })

  it('has no field for a secret, so none can be passed through', () => {
    expect(apiKeyCreateInput.parse({ ...validInput, secret: 'leak', secretHash: 'leak' })).not.toHaveProperty('secret')
  })
})

describe('apiKeyRevoke', () => {
  it('revokes an active key once, then changes nothing, and answers NOT_FOUND for a key that does not exist', () => {
    assertRevocation(spec, { created, revoke, revoked }, `API key '${keyId}' does not exist`)
  })

  it('looks the key up in the organization of the context, so other tenants read as not found', async () => {
    const prepared = await apiKeyRevoke.prepare(apiKeyRevokeInput.parse({ id: keyId }), env)
    expect(prepared).toEqual({ stream: `apikey-${organizationId}_${keyId}`, command: revoke, entityId: keyId })
  })

  it('rejects an id that is not a UUID', () => {
    expect(apiKeyRevokeInput.safeParse({ id: 'wmk_abc' }).error?.issues[0]).toMatchObject({ path: ['id'] })
  })

  it('is a destructive, idempotent command', () => {
    expect(apiKeyRevoke).toMatchObject({
      storeScoped: false,
      transports: ['graphql', 'cli'],
      scope: 'settings:write',
      annotations: { destructive: true, idempotent: true },
    })
  })
})

describe('apiKeyRotate', () => {
  const rotate = (overlapSeconds: number): ApiKeyRotate => ({
    type: 'ApiKeyRotate',
    data: { keyId, publicId: 'ZyXwVu987654', last4: 'abcd', overlapSeconds },
  })
  const rotated = (previousSecretsExpireAt: string): ApiKeyEvent => ({
    type: 'ApiKeyRotated',
    data: { keyId, publicId: 'ZyXwVu987654', last4: 'abcd', previousSecretsExpireAt },
  })

  it('records the new public parts and when the previous secrets stop working', () => {
    spec
      .given([created])
      .when(rotate(3600))
      .then([rotated('2026-11-21T11:00:00.000Z')])
  })

  it('lets the previous secret stop at once with an overlap of 0', () => {
    spec
      .given([created])
      .when(rotate(0))
      .then([rotated('2026-11-21T10:00:00.000Z')])
  })

  it('refuses a revoked key with CONFLICT and a missing one with NOT_FOUND', () => {
    spec
      .given([created, revoked])
      .when(rotate(60))
      .thenFails({ code: 'CONFLICT', field: ['input', 'id'], message: 'revoked' })
    spec
      .given([])
      .when(rotate(60))
      .thenFails({ code: 'NOT_FOUND', field: ['input', 'id'] })
  })

  it('defaults the overlap to a day and allows at most 30 days', () => {
    expect(apiKeyRotateRequest.parse({ id: keyId }).overlapSeconds).toBe(86_400)
    expect(apiKeyRotateRequest.parse({ id: keyId, overlapSeconds: null }).overlapSeconds).toBe(86_400)
    expect(
      apiKeyRotateRequest.safeParse({ id: keyId, overlapSeconds: 30 * 86_400 + 1 }).error?.issues[0],
    ).toMatchObject({ path: ['overlapSeconds'], message: expect.stringContaining('30 days') })
    expect(apiKeyRotateRequest.safeParse({ id: keyId, overlapSeconds: -1 }).error?.issues[0]).toMatchObject({
      path: ['overlapSeconds'],
    })
    expect(apiKeyRotateRequest.safeParse({ id: keyId, overlapSeconds: 1.5 }).error?.issues[0]).toMatchObject({
      path: ['overlapSeconds'],
    })
  })

  it('writes to the key stream of the context organization', async () => {
    const prepared = await apiKeyRotate.prepare(
      apiKeyRotateInput.parse({ id: keyId, overlapSeconds: 60, publicId: 'ZyXwVu987654', last4: 'abcd' }),
      env,
    )
    expect(prepared).toEqual({ stream: `apikey-${organizationId}_${keyId}`, command: rotate(60), entityId: keyId })
  })
})
