import { describe, expect, it } from 'vitest'
import { defaultsOf } from '../../../../domain/settings/global-settings/groups.js'
import { useTestApp, useTenant } from '../../../../test/support/app.js'
import { POSITION, onlyError } from '../../../../test/support/products.js'
import { auditIn } from '../../../../test/support/settings.js'

// Global settings: typed groups with defaults, partial updates, validation, history, isolation.

const READ = `{ globalSettings {
  checkout { termsText thankYouMessage orderNotesEnabled requirePhone shippingRates { name amount } taxRate taxInclusive reservationMinutes version updatedAt }
  analytics { googleAnalyticsId googleTagManagerId metaPixelId version }
  social { xHandle facebookAppId defaultShareImageUrl version }
  legal { privacyPolicyPage termsOfServicePage refundPolicyPage shippingPolicyPage imprintPage version }
  maintenance { enabled message version updatedAt } } }`
const UPDATE = `mutation ($input: GlobalSettingsUpdateInput!) { globalSettingsUpdate(input: $input) {
  group eventPosition globalSettings { checkout { termsText orderNotesEnabled } analytics { googleAnalyticsId } maintenance { enabled message } } } }`

type Settings = { globalSettings: Record<string, Record<string, unknown>> }
type Updated = {
  globalSettingsUpdate: {
    group: string
    eventPosition: string | null
    globalSettings: Record<string, Record<string, unknown>>
  }
}

const t = useTestApp()
const shop = useTenant(t, 'settings-shop')
const other = useTenant(t, 'settings-other')

describe('globalSettings', () => {
  it('answers every group with its defaults before any change', async () => {
    const response = await t.gql<Settings>(shop.apiKey, READ)
    expect(response.errors).toBeUndefined()
    expect(response.data!.globalSettings).toEqual({
      // The domain's defaults, whose values its unit test pins; here: served unchanged, with the group's version.
      checkout: { ...defaultsOf('checkout'), version: 2, updatedAt: null },
      analytics: { googleAnalyticsId: '', googleTagManagerId: '', metaPixelId: '', version: 1 },
      social: { xHandle: '', facebookAppId: '', defaultShareImageUrl: '', version: 1 },
      legal: {
        privacyPolicyPage: '',
        termsOfServicePage: '',
        refundPolicyPage: '',
        shippingPolicyPage: '',
        imprintPage: '',
        version: 1,
      },
      maintenance: { enabled: false, message: '', version: 1, updatedAt: null },
    })
  })

  it('needs settings:read', async () => {
    const products = await t.key(shop.storeSlug, ['products:write'])
    expect(onlyError(await t.gql(products, READ))).toMatchObject({ code: 'FORBIDDEN' })
  })
})

describe('globalSettingsUpdate', () => {
  it('changes only the given fields of one group, records the change, and nothing when repeated', async () => {
    const input = { checkout: { termsText: 'Be nice.', orderNotesEnabled: false } }
    const response = await t.gql<Updated>(shop.apiKey, UPDATE, { input })
    expect(response.errors).toBeUndefined()
    expect(response.data!.globalSettingsUpdate).toMatchObject({
      group: 'CHECKOUT',
      eventPosition: expect.stringMatching(POSITION),
      globalSettings: { checkout: { termsText: 'Be nice.', orderNotesEnabled: false } },
    })
    const read = await t.gql<Settings>(shop.apiKey, READ)
    expect(read.data!.globalSettings.checkout).toMatchObject({
      termsText: 'Be nice.',
      thankYouMessage: '',
      orderNotesEnabled: false,
      requirePhone: false,
      updatedAt: expect.any(String),
    })
    expect((await t.gql<Updated>(shop.apiKey, UPDATE, { input })).data!.globalSettingsUpdate.eventPosition).toBeNull()
    expect(await auditIn(t, shop.apiKey, shop.storeId, 'checkout')).toEqual(['CheckoutSettingsChanged@0'])
  })

  it('sets shipping rates, tax and the reservation time of the checkout', async () => {
    const rates = [
      { name: 'Standard', amount: 495 },
      { name: 'Express', amount: 1250 },
    ]
    const input = { checkout: { shippingRates: rates, taxRate: 2000, taxInclusive: true, reservationMinutes: 30 } }
    const response = await t.gql<Updated>(other.apiKey, UPDATE, { input })
    expect(response.errors).toBeUndefined()
    const read = await t.gql<Settings>(other.apiKey, READ)
    expect(read.data!.globalSettings.checkout).toMatchObject({
      shippingRates: rates,
      taxRate: 2000,
      taxInclusive: true,
      reservationMinutes: 30,
      version: 2,
    })
    const again = await t.gql<Updated>(other.apiKey, UPDATE, { input })
    expect(again.data!.globalSettingsUpdate.eventPosition).toBeNull()
    await t.gql(other.apiKey, UPDATE, { input: { checkout: { shippingRates: [{ name: 'Standard', amount: 0 }] } } })
  })

  it('turns maintenance mode on with a message, and refuses it without one', async () => {
    const refused = onlyError(await t.gql(shop.apiKey, UPDATE, { input: { maintenance: { enabled: true } } }))
    expect(refused).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'maintenance', 'message'],
      message: expect.stringContaining('needs a message'),
    })
    const on = await t.gql<Updated>(shop.apiKey, UPDATE, {
      input: { maintenance: { enabled: true, message: 'Back at 10:00 UTC' } },
    })
    expect(on.data!.globalSettingsUpdate.globalSettings.maintenance).toEqual({
      enabled: true,
      message: 'Back at 10:00 UTC',
    })
    expect(onlyError(await t.gql(shop.apiKey, UPDATE, { input: { maintenance: { message: '' } } }))).toMatchObject({
      code: 'BAD_USER_INPUT',
    })
  })

  it.each([
    [{ analytics: { googleAnalyticsId: 'UA-1234' } }, ['input', 'analytics', 'googleAnalyticsId'], 'G-XXXXXXXXXX'],
    [
      { social: { defaultShareImageUrl: 'http://x.com/a.png' } },
      ['input', 'social', 'defaultShareImageUrl'],
      'https://',
    ],
    [{ legal: { privacyPolicyPage: 'Privacy Policy' } }, ['input', 'legal', 'privacyPolicyPage'], 'handle of a page'],
    [{ checkout: { termsText: 'x'.repeat(5001) } }, ['input', 'checkout', 'termsText'], 'at most 5000'],
    [{ checkout: { taxRate: 10001 } }, ['input', 'checkout', 'taxRate'], 'basis points'],
    [{ checkout: { reservationMinutes: 121 } }, ['input', 'checkout', 'reservationMinutes'], 'at most 120'],
    [
      { checkout: { shippingRates: [{ name: 'Post', amount: -5 }] } },
      ['input', 'checkout', 'shippingRates', 0, 'amount'],
      'minor units',
    ],
  ])('refuses %j with BAD_USER_INPUT on the field', async (input, field, message) => {
    const error = onlyError(await t.gql(shop.apiKey, UPDATE, { input }))
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', field })
    expect(error.message).toContain(message)
  })

  it('takes exactly one group', async () => {
    expect(onlyError(await t.gql(shop.apiKey, UPDATE, { input: {} }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input'],
      message: expect.stringContaining('exactly one group'),
    })
    const two = { checkout: { requirePhone: true }, analytics: { metaPixelId: '123456789' } }
    expect(onlyError(await t.gql(shop.apiKey, UPDATE, { input: two }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: expect.stringContaining('checkout, analytics'),
    })
    const nullBeside = { checkout: null, analytics: { metaPixelId: '123456789' } }
    const written = await t.gql<Updated>(shop.apiKey, UPDATE, { input: nullBeside })
    expect(written.errors).toBeUndefined()
    expect(written.data!.globalSettingsUpdate.group).toBe('ANALYTICS')
  })

  it('keeps each store’s settings apart', async () => {
    await t.gql(shop.apiKey, UPDATE, { input: { analytics: { googleAnalyticsId: 'G-ABCDEF1234' } } })
    const theirs = await t.gql<Settings>(other.apiKey, READ)
    expect(theirs.data!.globalSettings.analytics).toMatchObject({ googleAnalyticsId: '' })
    expect(theirs.data!.globalSettings.checkout).toMatchObject({ termsText: '' })
  })

  it('needs settings:write', async () => {
    const reader = await t.key(shop.storeSlug, ['settings:read'])
    expect(onlyError(await t.gql(reader, UPDATE, { input: { checkout: { requirePhone: true } } }))).toMatchObject({
      code: 'FORBIDDEN',
    })
  })
})
