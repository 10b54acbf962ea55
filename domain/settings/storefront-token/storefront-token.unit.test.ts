import { describe, expect, it } from 'vitest'
import { assertRevocation, deciderSpec } from '../../../test/support/decider-spec.js'
import { storefrontTokenCreateInput, storefrontTokenCreateRequest } from './commands.js'
import { storefrontTokenDecider } from './decide.js'
import { storefrontTokenCreate, storefrontTokenRevoke } from './definitions.js'
import type { StorefrontTokenCreated, StorefrontTokenRevoked } from './events.js'
import { contextWith, prepareEnv } from '../../../test/support/decide-context.js'

const storeId = '0190a0b0-0000-7000-8000-000000000002'
const tokenId = '0190a0b0-0000-7000-8000-0000000000c1'
const ctx = contextWith({
  now: new Date('2026-11-26T10:00:00Z'),
  actor: { type: 'user', id: 'someone' },
  organizationId: '0190a0b0-0000-7000-8000-000000000001',
  storeId,
})
const spec = deciderSpec(storefrontTokenDecider, ctx)
const env = prepareEnv({ ctx })

const facts = { tokenId, storeId, name: 'Next.js shop', tokenHash: 'a'.repeat(64), last4: 'x_9-' }
const created: StorefrontTokenCreated = { type: 'StorefrontTokenCreated', data: facts }
const revoked: StorefrontTokenRevoked = { type: 'StorefrontTokenRevoked', data: { tokenId } }

describe('storefrontTokenCreate', () => {
  it('records the name, hash and last four of a token', () => {
    spec.given([]).when({ type: 'StorefrontTokenCreate', data: facts }).then([created])
  })

  it('refuses a token id that exists', () => {
    spec
      .given([created])
      .when({ type: 'StorefrontTokenCreate', data: facts })
      .thenFails({ code: 'CONFLICT', message: 'already exists' })
  })

  it('writes to the stream of the selected store', async () => {
    const input = storefrontTokenCreateInput.parse({
      tokenId,
      name: ' Next.js shop ',
      tokenHash: facts.tokenHash,
      last4: 'x_9-',
    })
    expect(await storefrontTokenCreate.prepare(input, env)).toEqual({
      stream: `storefronttoken-${storeId}_${tokenId}`,
      command: { type: 'StorefrontTokenCreate', data: facts },
      entityId: tokenId,
    })
  })

  it('is created over GraphQL only, where the token is made, and needs settings:write', () => {
    expect(storefrontTokenCreate).toMatchObject({ transports: ['graphql'], scope: 'settings:write', storeScoped: true })
  })

  it('refuses an empty or overlong name and a hash that is not SHA-256 hex', () => {
    const issue = (input: unknown) => storefrontTokenCreateInput.safeParse(input).error?.issues[0]
    const valid = { tokenId, name: 'Shop', tokenHash: facts.tokenHash, last4: 'abcd' }
    expect(storefrontTokenCreateRequest.safeParse({ name: '  ' }).error?.issues[0]).toMatchObject({ path: ['name'] })
    expect(issue({ ...valid, name: 'x'.repeat(101) })).toMatchObject({ path: ['name'] })
    expect(issue({ ...valid, tokenHash: 'sfp_plain' })).toMatchObject({ path: ['tokenHash'] })
    expect(issue({ ...valid, last4: 'ab' })).toMatchObject({ path: ['last4'] })
  })
})

describe('storefrontTokenRevoke', () => {
  const revoke = { type: 'StorefrontTokenRevoke' as const, data: { tokenId } }

  it('revokes an active token once, then changes nothing, and answers NOT_FOUND on input.id for one the store does not have', () => {
    assertRevocation(spec, { created, revoke, revoked }, 'does not exist')
  })

  it('looks the token up in the selected store, so another store reads as not found', async () => {
    expect(await storefrontTokenRevoke.prepare({ id: tokenId }, env)).toEqual({
      stream: `storefronttoken-${storeId}_${tokenId}`,
      command: revoke,
      entityId: tokenId,
    })
  })

  it('is a destructive, idempotent tool', () => {
    expect(storefrontTokenRevoke).toMatchObject({
      transports: ['graphql', 'mcp', 'cli'],
      annotations: { destructive: true, idempotent: true },
    })
  })
})
