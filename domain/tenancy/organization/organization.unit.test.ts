import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import { organizationCreateInput, organizationUpdateInput, type OrganizationCreate } from './commands.js'
import { organizationDecider } from './decide.js'
import { organizationCreate, organizationUpdate } from './definitions.js'
import type { OrganizationCreated } from './events.js'
import { operatorContext, prepareEnv } from '../../../test/support/decide-context.js'

const organizationId = '0190a0b0-0000-7000-8000-000000000001'
const ctx = operatorContext(organizationId)
const spec = deciderSpec(organizationDecider, ctx)

const create: OrganizationCreate = { type: 'OrganizationCreate', data: { organizationId, name: 'Acme Inc.' } }
const created: OrganizationCreated = { type: 'OrganizationCreated', data: { organizationId, name: 'Acme Inc.' } }

describe('organizationCreate', () => {
  it('creates an organization', () => {
    spec.given([]).when(create).then([created])
  })

  it('refuses to create it twice', () => {
    spec.given([created]).when(create).thenFails({ code: 'CONFLICT', message: 'already exists' })
  })

  it('takes the organization id from the context and writes to organization-<orgId>_<orgId>', async () => {
    const env = prepareEnv({ ctx })
    const prepared = await organizationCreate.prepare({ name: 'Acme Inc.' }, env)
    expect(prepared).toEqual({
      stream: `organization-${organizationId}_${organizationId}`,
      command: create,
      entityId: organizationId,
    })
  })

  it('trims the name and rejects an empty or overlong one', () => {
    expect(organizationCreateInput.parse({ name: '  Acme  ' })).toEqual({ name: 'Acme' })
    expect(organizationCreateInput.safeParse({ name: '   ' }).error?.issues[0]).toMatchObject({
      path: ['name'],
      message: 'name must not be empty',
    })
    expect(organizationCreateInput.safeParse({ name: 'x'.repeat(101) }).success).toBe(false)
  })

  it('is an organization-level CLI command', () => {
    expect(organizationCreate).toMatchObject({ storeScoped: false, transports: ['cli'], scope: 'settings:write' })
  })
})

describe('organizationUpdate', () => {
  const update = (name?: string) => ({ type: 'OrganizationUpdate' as const, data: { organizationId, name } })

  it('renames the organization', () => {
    spec
      .given([created])
      .when(update('Acme Group'))
      .then([{ type: 'OrganizationRenamed', data: { organizationId, name: 'Acme Group' } }])
  })

  it('records nothing for the current name or no name', () => {
    spec.given([created]).when(update('Acme Inc.')).then([])
    spec.given([created]).when(update()).then([])
  })

  it('answers NOT_FOUND for an organization that does not exist', () => {
    spec.given([]).when(update('X')).thenFails({ code: 'NOT_FOUND' })
  })

  it('works on the organization of the context, over GraphQL and the CLI', async () => {
    const env = prepareEnv({ ctx })
    expect(await organizationUpdate.prepare(organizationUpdateInput.parse({ name: ' Acme Group ' }), env)).toEqual({
      stream: `organization-${organizationId}_${organizationId}`,
      command: update('Acme Group'),
      entityId: organizationId,
    })
    expect(organizationUpdate).toMatchObject({
      storeScoped: false,
      transports: ['graphql', 'cli'],
      scope: 'settings:write',
    })
  })

  it('rejects an empty name and unknown fields', () => {
    expect(organizationUpdateInput.safeParse({ name: '' }).error?.issues[0]).toMatchObject({ path: ['name'] })
    expect(organizationUpdateInput.safeParse({ slug: 'x' }).error?.issues[0]?.message).toContain('does not take slug')
  })
})
