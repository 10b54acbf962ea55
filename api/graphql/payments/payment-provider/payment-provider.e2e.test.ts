import { describe, expect, it } from 'vitest'
import { webhookSigningSecrets } from '../../../../app/payments/provider/open.js'
import { useTestApp } from '../../../../test/support/app.js'
import { POSITION, auditTrail, onlyError } from '../../../../test/support/products.js'

// Payment provider settings through the GraphQL endpoint: configure, list, rotate, remove,
// validation, scopes and isolation. The secrets-never-leak suite is payment-provider-secrets.e2e.test.ts.

const t = useTestApp()

const FIELDS =
  'provider secretKeyLast4 signingSecretLast4 previousSigningSecretLast4 previousSigningSecretValidUntil keyId createdAt updatedAt'
const CONFIGURE = `mutation ($input: PaymentProviderConfigureInput!) {
  paymentProviderConfigure(input: $input) { paymentProvider { ${FIELDS} } eventPosition } }`
const REMOVE = `mutation ($input: PaymentProviderRemoveInput!) { paymentProviderRemove(input: $input) { deletedId eventPosition } }`
const LIST = `{ paymentProviders { ${FIELDS} } }`

type Settings = {
  provider: string
  secretKeyLast4: string | null
  signingSecretLast4: string
  previousSigningSecretLast4: string | null
  previousSigningSecretValidUntil: string | null
  keyId: string
}

const configure = (apiKey: string, input: Record<string, unknown>) =>
  t.gql<{ paymentProviderConfigure: { paymentProvider: Settings; eventPosition: string | null } }>(apiKey, CONFIGURE, {
    input,
  })
const configured = async (apiKey: string, input: Record<string, unknown>) => {
  const response = await configure(apiKey, input)
  expect(response.errors).toBeUndefined()
  return response.data!.paymentProviderConfigure
}
const list = async (apiKey: string) => {
  const response = await t.gql<{ paymentProviders: Settings[] }>(apiKey, LIST)
  expect(response.errors).toBeUndefined()
  return response.data!.paymentProviders
}

const SK = 'sk_test_51Pq8ZxLkWmT3nA9bC0dE1fG2'
const WHSEC = 'whsec_Q3k9vN2mX7pL4tR8wY1zA6bC'
const WHSEC_2 = 'whsec_Z8y7x6w5v4u3t2s1r0q9P8oN'

let badTenants = 0

describe('paymentProviderConfigure', () => {
  it('configures TEST with nothing given: a whsec_ signing secret is generated and only its last 4 are shown', async () => {
    const { apiKey, storeId } = await t.tenant('pay-test')
    expect(await list(apiKey)).toEqual([])
    const written = await configured(apiKey, { provider: 'TEST' })
    expect(written.eventPosition).toMatch(POSITION)
    expect(written.paymentProvider).toMatchObject({
      provider: 'TEST',
      secretKeyLast4: null,
      signingSecretLast4: expect.stringMatching(/^.{4}$/),
      previousSigningSecretLast4: null,
      previousSigningSecretValidUntil: null,
      keyId: expect.stringMatching(/^[0-9a-f]{8}$/),
    })
    expect(await list(apiKey)).toEqual([written.paymentProvider])
    const secrets = await webhookSigningSecrets(t.platform, storeId, 'TEST')
    expect(secrets).toHaveLength(1)
    expect(secrets![0]).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/)
    expect(secrets![0]!.endsWith(written.paymentProvider.signingSecretLast4)).toBe(true)
    expect(await webhookSigningSecrets(t.platform, storeId, 'STRIPE')).toBeNull()
    // Again with nothing new: nothing changes.
    expect((await configured(apiKey, { provider: 'TEST' })).eventPosition).toBeNull()
    expect(await webhookSigningSecrets(t.platform, storeId, 'TEST')).toEqual(secrets)
  })

  it('configures STRIPE with both secrets, shows their last 4 and lists providers STRIPE first', async () => {
    const { apiKey, storeId } = await t.tenant('pay-stripe')
    await configured(apiKey, { provider: 'TEST', webhookSigningSecret: WHSEC_2 })
    const written = await configured(apiKey, { provider: 'STRIPE', secretKey: SK, webhookSigningSecret: WHSEC })
    expect(written.paymentProvider).toMatchObject({
      provider: 'STRIPE',
      secretKeyLast4: 'dE1fG2'.slice(-4),
      signingSecretLast4: 'A6bC',
    })
    expect((await list(apiKey)).map((p) => p.provider)).toEqual(['STRIPE', 'TEST'])
    expect(await webhookSigningSecrets(t.platform, storeId, 'STRIPE')).toEqual([WHSEC])
    expect(await webhookSigningSecrets(t.platform, storeId, 'TEST')).toEqual([WHSEC_2])
    expect(await auditTrail(t, apiKey, 'STRIPE')).toEqual(['PaymentProviderConfigured@0'])
  })

  it('rotates the signing secret: the previous one stays valid for the overlap, 0 ends it now', async () => {
    const { apiKey, storeId } = await t.tenant('pay-rotate')
    await configured(apiKey, { provider: 'STRIPE', secretKey: SK, webhookSigningSecret: WHSEC })
    const before = Date.now()
    const rotated = await configured(apiKey, {
      provider: 'STRIPE',
      webhookSigningSecret: WHSEC_2,
      signingSecretOverlapSeconds: 3600,
    })
    expect(rotated.paymentProvider).toMatchObject({
      secretKeyLast4: SK.slice(-4),
      signingSecretLast4: WHSEC_2.slice(-4),
      previousSigningSecretLast4: WHSEC.slice(-4),
    })
    const until = Date.parse(rotated.paymentProvider.previousSigningSecretValidUntil!)
    expect(until).toBeGreaterThanOrEqual(before + 3600_000 - 1000)
    expect(until).toBeLessThanOrEqual(Date.now() + 3600_000 + 1000)
    expect(await webhookSigningSecrets(t.platform, storeId, 'STRIPE')).toEqual([WHSEC_2, WHSEC])
    // After the overlap only the new one is accepted.
    expect(await webhookSigningSecrets(t.platform, storeId, 'STRIPE', new Date(until + 1))).toEqual([WHSEC_2])

    // The default overlap is 24 h.
    const again = await configured(apiKey, { provider: 'STRIPE', webhookSigningSecret: WHSEC })
    const dayLater = Date.parse(again.paymentProvider.previousSigningSecretValidUntil!)
    expect(dayLater - Date.now()).toBeGreaterThan(86_400_000 - 60_000)
    expect(again.paymentProvider.previousSigningSecretLast4).toBe(WHSEC_2.slice(-4))

    // 0 alone ends the overlap now.
    const ended = await configured(apiKey, { provider: 'STRIPE', signingSecretOverlapSeconds: 0 })
    expect(ended.paymentProvider).toMatchObject({
      previousSigningSecretLast4: null,
      previousSigningSecretValidUntil: null,
    })
    expect(await webhookSigningSecrets(t.platform, storeId, 'STRIPE')).toEqual([WHSEC])
    // Nothing left to end: no change.
    expect((await configured(apiKey, { provider: 'STRIPE', signingSecretOverlapSeconds: 0 })).eventPosition).toBeNull()

    // A new API key replaces the old one at once.
    const key2 = 'rk_live_9Zy8Xw7Vu6Ts5Rq4Po3N'
    expect((await configured(apiKey, { provider: 'STRIPE', secretKey: key2 })).paymentProvider.secretKeyLast4).toBe(
      key2.slice(-4),
    )
    expect(await auditTrail(t, apiKey, 'STRIPE')).toEqual([
      'PaymentProviderConfigured@0',
      'PaymentProviderSigningSecretRotated@1',
      'PaymentProviderSigningSecretRotated@2',
      'PaymentProviderSigningSecretOverlapChanged@3',
      'PaymentProviderSecretKeyChanged@4',
    ])
  })

  it.each([
    [
      { provider: 'STRIPE', secretKey: 'pk_test_123456789012', webhookSigningSecret: WHSEC },
      'secretKey',
      /Stripe secret key/,
    ],
    [
      { provider: 'STRIPE', secretKey: SK, webhookSigningSecret: 'secret123456789012345' },
      'webhookSigningSecret',
      /whsec_/,
    ],
    [{ provider: 'STRIPE', webhookSigningSecret: WHSEC }, 'secretKey', /STRIPE needs secretKey/],
    [{ provider: 'STRIPE', secretKey: SK }, 'webhookSigningSecret', /STRIPE needs webhookSigningSecret/],
    [{ provider: 'TEST', secretKey: SK }, 'secretKey', /TEST provider takes no secretKey/],
    [{ provider: 'TEST', signingSecretOverlapSeconds: 604_801 }, 'signingSecretOverlapSeconds', /at most 604800/],
    [{ provider: 'TEST', signingSecretOverlapSeconds: -1 }, 'signingSecretOverlapSeconds', /0 \(end the overlap now\)/],
  ])('refuses %j with BAD_USER_INPUT on input.%s, never echoing the secret', async (input, field, message) => {
    const { apiKey } = await t.tenant(`pay-bad-${++badTenants}`)
    const response = await configure(apiKey, input)
    const error = onlyError(response)
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', field] })
    expect(error.message).toMatch(message)
    expect(JSON.stringify(response.errors)).not.toContain(SK)
    expect(await list(apiKey)).toEqual([])
  })

  it('refuses an unknown provider through the GraphQL enum', async () => {
    const { apiKey } = await t.tenant('pay-enum')
    expect(onlyError(await configure(apiKey, { provider: 'PAYPAL' })).code).toBe('BAD_USER_INPUT')
  })
})

describe('paymentProviderRemove', () => {
  it('removes a provider: its webhooks have no secret any more, and it may be configured again', async () => {
    const { apiKey, storeId } = await t.tenant('pay-remove')
    await configured(apiKey, { provider: 'STRIPE', secretKey: SK, webhookSigningSecret: WHSEC })
    const removed = await t.gql<{ paymentProviderRemove: { deletedId: string; eventPosition: string } }>(
      apiKey,
      REMOVE,
      {
        input: { provider: 'STRIPE' },
      },
    )
    expect(removed.errors).toBeUndefined()
    expect(removed.data!.paymentProviderRemove).toEqual({
      deletedId: 'STRIPE',
      eventPosition: expect.stringMatching(POSITION),
    })
    expect(await list(apiKey)).toEqual([])
    expect(await webhookSigningSecrets(t.platform, storeId, 'STRIPE')).toBeNull()
    expect(onlyError(await t.gql(apiKey, REMOVE, { input: { provider: 'STRIPE' } }))).toMatchObject({
      code: 'NOT_FOUND',
    })
    // Configured again: a first configuration, both secrets needed.
    expect(onlyError(await configure(apiKey, { provider: 'STRIPE', webhookSigningSecret: WHSEC_2 }))).toMatchObject({
      field: ['input', 'secretKey'],
    })
    await configured(apiKey, { provider: 'STRIPE', secretKey: SK, webhookSigningSecret: WHSEC_2 })
    expect(await webhookSigningSecrets(t.platform, storeId, 'STRIPE')).toEqual([WHSEC_2])
  })
})

describe('payment provider access', () => {
  it('is FORBIDDEN to a key without settings scopes, for writes and reads', async () => {
    const { storeSlug } = await t.tenant('pay-scopes')
    const webstoreOnly = await t.key(storeSlug, ['webstore:write'])
    expect(onlyError(await configure(webstoreOnly, { provider: 'TEST' }))).toMatchObject({ code: 'FORBIDDEN' })
    expect(onlyError(await t.gql(webstoreOnly, REMOVE, { input: { provider: 'TEST' } }))).toMatchObject({
      code: 'FORBIDDEN',
    })
    expect(onlyError(await t.gql(webstoreOnly, LIST))).toMatchObject({ code: 'FORBIDDEN' })
    const readOnly = await t.key(storeSlug, ['settings:read'])
    expect(await list(readOnly)).toEqual([])
    expect(onlyError(await configure(readOnly, { provider: 'TEST' }))).toMatchObject({ code: 'FORBIDDEN' })
  })

  it("keeps each store's providers to itself", async () => {
    const a = await t.tenant('pay-iso-a')
    const b = await t.tenant('pay-iso-b')
    await configured(a.apiKey, { provider: 'STRIPE', secretKey: SK, webhookSigningSecret: WHSEC })
    expect(await list(b.apiKey)).toEqual([])
    expect(await webhookSigningSecrets(t.platform, b.storeId, 'STRIPE')).toBeNull()
    expect(onlyError(await t.gql(b.apiKey, REMOVE, { input: { provider: 'STRIPE' } }))).toMatchObject({
      code: 'NOT_FOUND',
    })
    expect(await webhookSigningSecrets(t.platform, a.storeId, 'STRIPE')).toEqual([WHSEC])
  })
})
