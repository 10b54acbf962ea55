import { describe, expect, it } from 'vitest'
import type { PrepareEnv } from '../../shared/command.js'
import type { DecideContext } from '../../shared/context.js'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import { globalSettingsUpdateInput, type GlobalSettingsUpdate } from './commands.js'
import { globalSettingsDecider } from './decide.js'
import { globalSettingsUpdate } from './definitions.js'
import type { GlobalSettingsChanged } from './events.js'
import { changedEventType, upcast } from './groups.js'

const storeId = '0190a0b0-0000-7000-8000-000000000002'
const ctx: DecideContext = {
  now: new Date('2026-11-21T10:00:00Z'),
  actor: { type: 'api_key', id: 'key-1' },
  organizationId: 'org',
  storeId,
}
const spec = deciderSpec(globalSettingsDecider, ctx)
const update = (
  group: GlobalSettingsUpdate['data']['group'],
  values: Record<string, string | boolean>,
): GlobalSettingsUpdate => ({ type: 'GlobalSettingsUpdate', data: { storeId, group, values } })
const maintenanceOn: GlobalSettingsChanged = {
  type: 'MaintenanceSettingsChanged',
  data: {
    storeId,
    group: 'maintenance',
    version: 1,
    values: { enabled: true, message: 'Soon' },
    changed: ['enabled', 'message'],
  },
}

describe('globalSettingsUpdate', () => {
  it('records the whole new values of the group and what changed', () => {
    spec
      .given([])
      .when(update('checkout', { termsText: 'Be nice.' }))
      .then([
        {
          type: 'CheckoutSettingsChanged',
          data: {
            storeId,
            group: 'checkout',
            version: 1,
            values: { termsText: 'Be nice.', thankYouMessage: '', orderNotesEnabled: true, requirePhone: false },
            changed: ['termsText'],
          },
        },
      ])
  })

  it('records nothing when the values are the current ones (defaults included)', () => {
    spec
      .given([])
      .when(update('checkout', { orderNotesEnabled: true }))
      .then([])
    spec
      .given([maintenanceOn])
      .when(update('maintenance', { message: 'Soon' }))
      .then([])
  })

  it('needs a message for maintenance mode, also when the message is cleared later', () => {
    spec
      .given([])
      .when(update('maintenance', { enabled: true }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'values', 'message'] })
    spec
      .given([maintenanceOn])
      .when(update('maintenance', { message: '' }))
      .thenFails({ code: 'BAD_USER_INPUT' })
    spec
      .given([maintenanceOn])
      .when(update('maintenance', { enabled: false, message: '' }))
      .then([
        {
          type: 'MaintenanceSettingsChanged',
          data: {
            storeId,
            group: 'maintenance',
            version: 1,
            values: { enabled: false, message: '' },
            changed: ['enabled', 'message'],
          },
        },
      ])
  })

  it('writes to settings-<storeId>_<group>, dropping fields left out', async () => {
    const env: PrepareEnv = {
      ctx,
      newId: () => 'unused',
      reservationOwner: async () => null,
      readStream: async () => [],
    }
    const prepared = await globalSettingsUpdate.prepare(
      globalSettingsUpdateInput.parse({
        group: 'analytics',
        values: { googleAnalyticsId: 'G-ABC1234', metaPixelId: null },
      }),
      env,
    )
    expect(prepared).toEqual({
      stream: `settings-${storeId}_analytics`,
      entityId: 'analytics',
      command: update('analytics', { googleAnalyticsId: 'G-ABC1234' }),
    })
  })
})

describe('settings groups', () => {
  const issue = (input: unknown) => globalSettingsUpdateInput.safeParse(input).error?.issues[0]

  it.each([
    [{ group: 'shipping', values: {} }, 'group must be one of'],
    [{ group: 'analytics', values: { googleTagManagerId: 'GTM' } }, 'GTM-XXXXXXX'],
    [{ group: 'social', values: { xHandle: '@way_too_long_handle' } }, 'without @'],
    [{ group: 'maintenance', values: { enabled: 'yes' } }, 'true or false'],
    [{ group: 'legal', values: { cookiePolicy: 'x' } }, 'legal settings do not have cookiePolicy'],
  ])('rejects %j', (input, message) => {
    expect(issue(input)?.message).toContain(message)
  })

  it('upcasts older values with the defaults of fields added since', () => {
    expect(upcast('checkout', 0, { termsText: 'Old' })).toEqual({
      termsText: 'Old',
      thankYouMessage: '',
      orderNotesEnabled: true,
      requirePhone: false,
    })
  })

  it('names one event type per group', () => {
    expect(
      ['checkout', 'analytics', 'social', 'legal', 'maintenance'].map((g) => changedEventType(g as 'checkout')),
    ).toEqual([
      'CheckoutSettingsChanged',
      'AnalyticsSettingsChanged',
      'SocialSettingsChanged',
      'LegalSettingsChanged',
      'MaintenanceSettingsChanged',
    ])
  })
})
