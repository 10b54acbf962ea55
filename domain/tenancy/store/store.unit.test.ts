import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import { storeCreateInput, type StoreCreate } from './commands.js'
import { storeDecider } from './decide.js'
import { storeCreate } from './definitions.js'
import type { StoreCreated } from './events.js'
import { slugProblem } from './slug.js'
import { operatorContext, prepareEnv } from '../../../test/support/decide-context.js'

const organizationId = '0190a0b0-0000-7000-8000-000000000001'
const storeId = '0190a0b0-0000-7000-8000-000000000002'
const ctx = operatorContext(organizationId)
const spec = deciderSpec(storeDecider, ctx)

const create: StoreCreate = { type: 'StoreCreate', data: { storeId, organizationId, name: 'Acme', slug: 'acme' } }
const created: StoreCreated = {
  type: 'StoreCreated',
  data: { storeId, organizationId, name: 'Acme', slug: 'acme', defaultLocale: 'en', currency: 'USD' },
}

describe('storeCreate', () => {
  it('creates a store in English and US dollars', () => {
    spec.given([]).when(create).then([created])
  })

  it('refuses to create the same store twice', () => {
    spec
      .given([created])
      .when(create)
      .thenFails({ code: 'CONFLICT', message: `store '${storeId}' already exists` })
  })

  it('mints the store id and writes to the organization-scoped stream store-<orgId>_<storeId>', async () => {
    const env = prepareEnv({ ctx, newId: () => storeId })
    const prepared = await storeCreate.prepare({ name: 'Acme', slug: 'acme' }, env)
    expect(prepared).toEqual({ stream: `store-${organizationId}_${storeId}`, command: create, entityId: storeId })
  })

  it('claims the slug across the platform', () => {
    expect(storeCreate.uniqueness?.([created], storeDecider.initialState(), ctx)).toEqual([
      {
        kind: 'claim',
        scope: 'platform',
        key: 'store-slug:acme',
        ownerId: storeId,
        field: ['input', 'slug'],
        message: "store slug 'acme' is taken; choose another",
      },
    ])
  })

  it('is an organization-level command over GraphQL and the CLI: no store has to be selected', () => {
    expect(storeCreate).toMatchObject({ storeScoped: false, scope: 'settings:write', transports: ['graphql', 'cli'] })
  })
})

describe('store slugs', () => {
  it.each(['acme', 'acme-shop', 'a1b', 'x'.repeat(40), 'shop-2024'])('accepts %s', (slug) => {
    expect(slugProblem(slug)).toBeNull()
    expect(storeCreateInput.safeParse({ name: 'Acme', slug }).success).toBe(true)
  })

  it.each([
    ['ab', '3 to 40 characters'],
    ['x'.repeat(41), '3 to 40 characters'],
    ['Acme', 'lowercase letters'],
    ['acme_shop', 'lowercase letters'],
    ['-acme', 'lowercase letters'],
    ['acme-', 'lowercase letters'],
    ['ac--me', 'lowercase letters'],
    ['acmé', 'lowercase letters'],
    ['www', 'reserved'],
    ['admin', 'reserved'],
    ['api', 'reserved'],
    ['mcp', 'reserved'],
    ['internal', 'reserved'],
    ['storage', 'reserved'],
    ['static', 'reserved'],
    ['assets', 'reserved'],
    ['app', 'reserved'],
    ['mail', 'reserved'],
    ['0190a0b0-0000-7000-8000-000000000002', 'looks like a store id'],
  ])('rejects %s (%s) as BAD_USER_INPUT on input.slug', (slug, reason) => {
    expect(slugProblem(slug)).toContain(reason)
    const issue = storeCreateInput.safeParse({ name: 'Acme', slug }).error?.issues[0]
    expect(issue?.path).toEqual(['slug'])
    expect(issue?.message).toContain(reason)
  })
})
