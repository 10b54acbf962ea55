import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import { globalSettingsUpdateInput, type GlobalSettingsUpdate } from './commands.js'
import { globalSettingsDecider } from './decide.js'
import { globalSettingsUpdate } from './definitions.js'
import type { GlobalSettingsChanged } from './events.js'
import { changedEventType, upcast, type AnyGroupValues } from './groups.js'
import { contextWith, prepareEnv } from '../../../test/support/decide-context.js'

const storeId = '0190a0b0-0000-7000-8000-000000000002'
const ctx = contextWith({ now: new Date('2026-11-21T10:00:00Z'), organizationId: 'org', storeId })
const spec = deciderSpec(globalSettingsDecider, ctx)
const update = (group: GlobalSettingsUpdate['data']['group'], values: AnyGroupValues): GlobalSettingsUpdate => ({
  type: 'GlobalSettingsUpdate',
  data: { storeId, group, values },
})
/** The event that records a group's whole new values in this store, and which of them changed. */
const changedEvent = (type: string, data: Omit<GlobalSettingsChanged['data'], 'storeId'>): GlobalSettingsChanged => ({
  type,
  data: { storeId, ...data },
})
const maintenanceOn = changedEvent('MaintenanceSettingsChanged', {
  group: 'maintenance',
  version: 1,
  values: { enabled: true, message: 'Soon' },
  changed: ['enabled', 'message'],
})

const CHECKOUT_DEFAULTS = {
  termsText: '',
  thankYouMessage: '',
  orderNotesEnabled: true,
  requirePhone: false,
  shippingRates: [{ name: 'Standard', amount: 0 }],
  taxRate: 0,
  taxInclusive: false,
  reservationMinutes: 15,
}

describe('globalSettingsUpdate', () => {
  it('records the whole new values of the group and what changed', () => {
    spec
      .given([])
      .when(update('checkout', { termsText: 'Be nice.' }))
      .then([
        changedEvent('CheckoutSettingsChanged', {
          group: 'checkout',
          version: 2,
          values: { ...CHECKOUT_DEFAULTS, termsText: 'Be nice.' },
          changed: ['termsText'],
        }),
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

  it('compares shipping rates by value: the same list records nothing, another list replaces it', () => {
    const rates = [
      { name: 'Standard', amount: 499 },
      { name: 'Express', amount: 1299 },
    ]
    const changed = changedEvent('CheckoutSettingsChanged', {
      group: 'checkout',
      version: 2,
      values: { ...CHECKOUT_DEFAULTS, shippingRates: rates, taxRate: 2000 },
      changed: ['shippingRates', 'taxRate'],
    })
    spec
      .given([])
      .when(update('checkout', { shippingRates: [{ name: 'Standard', amount: 0 }], reservationMinutes: 15 }))
      .then([])
    spec
      .given([])
      .when(update('checkout', { shippingRates: rates, taxRate: 2000 }))
      .then([changed])
    spec
      .given([changed])
      .when(update('checkout', { shippingRates: structuredClone(rates) }))
      .then([])
  })

  it('needs a message for maintenance mode, also when the message is cleared later', () => {
    spec
      .given([])
      .when(update('maintenance', { enabled: true }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'maintenance', 'message'] })
    spec
      .given([maintenanceOn])
      .when(update('maintenance', { message: '' }))
      .thenFails({ code: 'BAD_USER_INPUT' })
    spec
      .given([maintenanceOn])
      .when(update('maintenance', { enabled: false, message: '' }))
      .then([
        changedEvent('MaintenanceSettingsChanged', {
          group: 'maintenance',
          version: 1,
          values: { enabled: false, message: '' },
          changed: ['enabled', 'message'],
        }),
      ])
  })

  it('writes to settings-<storeId>_<group>, dropping fields left out', async () => {
    const env = prepareEnv({ ctx })
    const prepared = await globalSettingsUpdate.prepare(
      globalSettingsUpdateInput.parse({ analytics: { googleAnalyticsId: 'G-ABC1234', metaPixelId: null } }),
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
    [{ shipping: {} }, 'globalSettingsUpdate does not take shipping'],
    [{}, 'give exactly one group of checkout, analytics, social, legal, maintenance; got none'],
    [{ checkout: {}, analytics: {} }, 'got checkout, analytics'],
    [{ analytics: { googleTagManagerId: 'GTM' } }, 'GTM-XXXXXXX'],
    [{ social: { xHandle: '@way_too_long_handle' } }, 'without @'],
    [{ maintenance: { enabled: 'yes' } }, 'true or false'],
    [{ legal: { cookiePolicy: 'x' } }, 'legal settings do not have cookiePolicy'],
    [{ checkout: { taxRate: 10001 } }, 'at most 10000 basis points'],
    [{ checkout: { taxRate: 19.5 } }, 'whole number of basis points'],
    [{ checkout: { reservationMinutes: 0 } }, 'at least 1 minutes'],
    [{ checkout: { reservationMinutes: 121 } }, 'at most 120 minutes'],
    [{ checkout: { shippingRates: [] } }, 'at least one rate'],
    [{ checkout: { shippingRates: [{ name: 'Post', amount: -1 }] } }, 'at least 0 minor units'],
    [{ checkout: { shippingRates: [{ name: 'Post', amount: 4.99 }] } }, 'whole number of minor units'],
    [{ checkout: { shippingRates: [{ name: ' ', amount: 0 }] } }, 'needs a name'],
    [
      {
        checkout: {
          shippingRates: [
            { name: 'Post', amount: 0 },
            { name: 'post', amount: 100 },
          ],
        },
      },
      'listed twice',
    ],
  ])('rejects %j', (input, message) => {
    expect(issue(input)?.message).toContain(message)
  })

  it('takes a null group as one not given', () => {
    expect(globalSettingsUpdateInput.parse({ checkout: null, maintenance: { enabled: false } })).toEqual({
      group: 'maintenance',
      values: { enabled: false },
    })
  })

  it('points at the bad field inside a shipping rate', () => {
    const input = { checkout: { shippingRates: [{ name: 'A', amount: 0 }, { name: 'B' }] } }
    expect(issue(input)?.path).toEqual(['checkout', 'shippingRates', 1, 'amount'])
  })

  it('upcasts older values with the defaults of fields added since', () => {
    expect(upcast('checkout', 1, { termsText: 'Old', requirePhone: true })).toEqual({
      ...CHECKOUT_DEFAULTS,
      termsText: 'Old',
      requirePhone: true,
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
