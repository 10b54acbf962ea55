import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import type { StoreCreated, StoreEvent } from '../../tenancy/store/events.js'
import { storeCommerceToggleInput } from './commands.js'
import { commerceDecider } from './decide.js'
import { storeCommerceToggle } from './definitions.js'
import { contextWith, prepareEnv } from '../../../test/support/decide-context.js'

const organizationId = '0190a0b0-0000-7000-8000-000000000001'
const storeId = '0190a0b0-0000-7000-8000-000000000002'
const ctx = contextWith({ now: new Date('2026-11-21T10:00:00Z'), organizationId, storeId })
const spec = deciderSpec(commerceDecider, ctx)
const created: StoreCreated = {
  type: 'StoreCreated',
  data: { storeId, organizationId, name: 'Acme', slug: 'acme', defaultLocale: 'en', currency: 'USD' },
}
const toggle = (enabled: boolean) => ({ type: 'StoreCommerceToggle' as const, data: { storeId, enabled } })
const toggled = (enabled: boolean): StoreEvent => ({ type: 'StoreCommerceToggled', data: { storeId, enabled } })

describe('storeCommerceToggle', () => {
  it('turns commerce on and off', () => {
    spec
      .given([created])
      .when(toggle(true))
      .then([toggled(true)])
    spec
      .given([created, toggled(true)])
      .when(toggle(false))
      .then([toggled(false)])
  })

  it('records nothing when the store already is in that state', () => {
    spec.given([created]).when(toggle(false)).then([])
    spec
      .given([created, toggled(true)])
      .when(toggle(true))
      .then([])
  })

  it('needs a currency to turn commerce on', () => {
    const withoutCurrency: StoreCreated = { ...created, data: { ...created.data, currency: '' } }
    spec
      .given([withoutCurrency])
      .when(toggle(true))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'enabled'], message: 'commerce needs a currency' })
  })

  it('is FORBIDDEN on an archived store and NOT_FOUND on a missing one', () => {
    spec
      .given([created, { type: 'StoreArchived', data: { storeId } }])
      .when(toggle(true))
      .thenFails({ code: 'FORBIDDEN' })
    spec.given([]).when(toggle(true)).thenFails({ code: 'NOT_FOUND' })
  })

  it('writes to the selected store’s own stream and is an MCP tool', async () => {
    const env = prepareEnv({ ctx })
    expect(await storeCommerceToggle.prepare({ enabled: true }, env)).toEqual({
      stream: `store-${organizationId}_${storeId}`,
      entityId: storeId,
      command: toggle(true),
    })
    expect(storeCommerceToggle).toMatchObject({
      scope: 'settings:write',
      storeScoped: true,
      transports: ['graphql', 'mcp', 'cli'],
    })
  })

  it('requires enabled as a boolean', () => {
    expect(storeCommerceToggleInput.safeParse({}).error?.issues[0]).toMatchObject({
      path: ['enabled'],
      message: expect.stringContaining('enabled is required'),
    })
    expect(storeCommerceToggleInput.safeParse({ enabled: 'yes' }).success).toBe(false)
  })
})
