import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import { storeRestoreInput, storeUpdateInput, type StoreUpdate } from './commands.js'
import { storeDecider } from './decide.js'
import { storeArchive, storeRestore, storeUpdate } from './definitions.js'
import type { StoreArchived, StoreCreated, StoreEvent } from './events.js'
import { contextWith, prepareEnv } from '../../../test/support/decide-context.js'

const organizationId = '0190a0b0-0000-7000-8000-000000000001'
const storeId = '0190a0b0-0000-7000-8000-000000000002'
const otherStore = '0190a0b0-0000-7000-8000-000000000003'
const ctx = contextWith({ now: new Date('2026-11-21T10:00:00Z'), organizationId, storeId })
const spec = deciderSpec(storeDecider, ctx)
const env = prepareEnv({ ctx })

const created: StoreCreated = {
  type: 'StoreCreated',
  data: { storeId, organizationId, name: 'Acme', slug: 'acme', defaultLocale: 'en', currency: 'USD' },
}
const archived: StoreArchived = { type: 'StoreArchived', data: { storeId } }
const update = (data: Omit<StoreUpdate['data'], 'storeId'>): StoreUpdate => ({
  type: 'StoreUpdate',
  data: { storeId, ...data },
})

describe('storeUpdate', () => {
  const berlin = {
    line1: 'Hauptstr. 1',
    line2: '',
    city: 'Berlin',
    province: '',
    postalCode: '10115',
    countryCode: 'DE',
  }

  it('records one event per concern that changes', () => {
    spec
      .given([created])
      .when(
        update({
          name: 'Acme Berlin',
          defaultLocale: 'de',
          enabledLocales: ['de', 'en'],
          currency: 'EUR',
          timezone: 'Europe/Berlin',
          weightUnit: 'G',
          contactEmail: 'shop@example.com',
          address: berlin,
          socialLinks: { instagram: 'https://instagram.com/acme' },
          seo: { title: 'Acme' },
        }),
      )
      .then([
        { type: 'StoreRenamed', data: { storeId, name: 'Acme Berlin' } },
        { type: 'StoreLocalesChanged', data: { storeId, defaultLocale: 'de', enabledLocales: ['de', 'en'] } },
        { type: 'StoreCurrencyChanged', data: { storeId, from: 'USD', to: 'EUR' } },
        { type: 'StoreTimezoneChanged', data: { storeId, timezone: 'Europe/Berlin' } },
        { type: 'StoreWeightUnitChanged', data: { storeId, weightUnit: 'G' } },
        { type: 'StoreContactEmailChanged', data: { storeId, contactEmail: 'shop@example.com' } },
        { type: 'StoreAddressChanged', data: { storeId, address: berlin } },
        {
          type: 'StoreSocialLinksChanged',
          data: { storeId, socialLinks: { instagram: 'https://instagram.com/acme' } },
        },
        { type: 'StoreSeoChanged', data: { storeId, seo: { title: 'Acme', description: '' } } },
      ])
  })

  it('records nothing when every value is the current one', () => {
    spec
      .given([created])
      .when(
        update({
          name: 'Acme',
          defaultLocale: 'en',
          enabledLocales: ['en'],
          currency: 'USD',
          timezone: 'UTC',
          weightUnit: 'KG',
          contactEmail: '',
          seo: { title: '' },
        }),
      )
      .then([])
  })

  it('adds a new default locale to the enabled ones when the list is not given', () => {
    spec
      .given([created])
      .when(update({ defaultLocale: 'fr' }))
      .then([{ type: 'StoreLocalesChanged', data: { storeId, defaultLocale: 'fr', enabledLocales: ['en', 'fr'] } }])
  })

  it('refuses enabled locales without the default', () => {
    spec
      .given([created])
      .when(update({ enabledLocales: ['fr'] }))
      .thenFails({
        code: 'BAD_USER_INPUT',
        field: ['input', 'enabledLocales'],
        message: "must include the default locale 'en'",
      })
    spec
      .given([created])
      .when(update({ defaultLocale: 'de', enabledLocales: ['fr'] }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'defaultLocale'] })
  })

  it('merges social links: an empty link removes the network, others stay', () => {
    const linked: StoreEvent = {
      type: 'StoreSocialLinksChanged',
      data: { storeId, socialLinks: { x: 'https://x.com/acme', facebook: 'https://facebook.com/acme' } },
    }
    spec
      .given([created, linked])
      .when(update({ socialLinks: { x: '' } }))
      .then([
        { type: 'StoreSocialLinksChanged', data: { storeId, socialLinks: { facebook: 'https://facebook.com/acme' } } },
      ])
    spec
      .given([created, linked])
      .when(update({ socialLinks: { facebook: 'https://facebook.com/acme' } }))
      .then([])
  })

  it('answers NOT_FOUND for a store that does not exist (or is another organization’s)', () => {
    spec
      .given([])
      .when(update({ name: 'X' }))
      .thenFails({ code: 'NOT_FOUND', message: `store '${storeId}' does not exist` })
  })

  it('is FORBIDDEN on an archived store', () => {
    spec
      .given([created, archived])
      .when(update({ name: 'X' }))
      .thenFails({ code: 'FORBIDDEN', message: 'archived; restore it with storeRestore' })
  })

  it('works on the selected store, and refuses an id naming another one', async () => {
    const prepared = await storeUpdate.prepare(storeUpdateInput.parse({ name: 'X' }), env)
    expect(prepared).toMatchObject({ stream: `store-${organizationId}_${storeId}`, entityId: storeId })
    await expect(async () =>
      storeUpdate.prepare(storeUpdateInput.parse({ id: otherStore, name: 'X' }), env),
    ).rejects.toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'id'] })
  })
})

describe('storeUpdate input', () => {
  const issue = (input: unknown) => storeUpdateInput.safeParse(input).error?.issues[0]

  it('normalises locales, currency, email and country', () => {
    expect(
      storeUpdateInput.parse({
        defaultLocale: 'en-us',
        enabledLocales: ['en-US', 'en-us', 'fr-ca'],
        currency: 'eur',
        contactEmail: ' Shop@Example.COM ',
        address: { countryCode: 'de' },
      }),
    ).toMatchObject({
      defaultLocale: 'en-US',
      enabledLocales: ['en-US', 'fr-CA'],
      currency: 'EUR',
      contactEmail: 'shop@example.com',
      address: { countryCode: 'DE', line1: '' },
    })
  })

  it.each([
    [{ defaultLocale: 'xx_YY!' }, ['defaultLocale'], 'BCP-47'],
    [{ enabledLocales: [] }, ['enabledLocales'], 'at least one'],
    [{ currency: 'ABC' }, ['currency'], 'ISO 4217'],
    [{ timezone: 'Europe/Atlantis' }, ['timezone'], 'IANA'],
    [{ weightUnit: 'TON' }, ['weightUnit'], 'KG, G, LB, OZ'],
    [{ contactEmail: 'shop' }, ['contactEmail'], 'email address'],
    [{ address: { line1: 'x' } }, ['address', 'countryCode'], 'required'],
    [{ socialLinks: { myspace: 'https://myspace.com' } }, ['socialLinks'], 'socialLinks takes'],
    [{ seo: { description: 'x'.repeat(321) } }, ['seo', 'description'], 'at most 320'],
    [{ slug: 'new-slug' }, [], 'storeUpdate does not take slug'],
  ])('rejects %j', (input, path, message) => {
    expect(issue(input)).toMatchObject({ path, message: expect.stringContaining(message) })
  })

  it('accepts UTC and every IANA zone the runtime knows', () => {
    expect(storeUpdateInput.parse({ timezone: 'UTC' }).timezone).toBe('UTC')
    expect(storeUpdateInput.parse({ timezone: 'America/New_York' }).timezone).toBe('America/New_York')
  })
})

describe('storeArchive and storeRestore', () => {
  it('archives an active store once', () => {
    spec.given([created]).when({ type: 'StoreArchive', data: { storeId } }).then([archived])
    spec.given([created, archived]).when({ type: 'StoreArchive', data: { storeId } }).then([])
  })

  it('restores an archived store once', () => {
    spec
      .given([created, archived])
      .when({ type: 'StoreRestore', data: { storeId } })
      .then([{ type: 'StoreRestored', data: { storeId } }])
    spec.given([created]).when({ type: 'StoreRestore', data: { storeId } }).then([])
  })

  it('answers NOT_FOUND for a store that does not exist', () => {
    spec.given([]).when({ type: 'StoreArchive', data: { storeId } }).thenFails({ code: 'NOT_FOUND' })
    spec.given([]).when({ type: 'StoreRestore', data: { storeId } }).thenFails({ code: 'NOT_FOUND' })
  })

  it('restore names its store, so it runs without a selected store; archive is store-scoped and destructive', async () => {
    const prepared = await storeRestore.prepare(storeRestoreInput.parse({ id: storeId.toUpperCase() }), {
      ...env,
      ctx: { ...ctx, storeId: null },
    })
    expect(prepared).toMatchObject({ stream: `store-${organizationId}_${storeId}`, entityId: storeId })
    expect(storeRestore).toMatchObject({ storeScoped: false, scope: 'settings:write' })
    expect(storeArchive).toMatchObject({ storeScoped: true, annotations: { destructive: true, idempotent: true } })
  })
})
