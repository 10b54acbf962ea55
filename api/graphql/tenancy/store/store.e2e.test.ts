import { beforeAll, describe, expect, it } from 'vitest'
import { initialConfig } from '../../../../domain/tenancy/store/store.js'
import { useTestApp, useTenant } from '../../../../test/support/app.js'
import { POSITION, UUID, onlyError } from '../../../../test/support/products.js'
import { STORE_FIELDS, auditIn, wideKey } from '../../../../test/support/settings.js'

// Stores of an organization: creation, reading, lists, and configuration changes.

const CREATE = `mutation ($input: StoreCreateInput!) { storeCreate(input: $input) { store { ${STORE_FIELDS} } eventPosition } }`
const UPDATE = `mutation ($input: StoreUpdateInput!) { storeUpdate(input: $input) { store { ${STORE_FIELDS} } eventPosition } }`
const STORE = `query ($id: ID, $slug: String) { store(id: $id, slug: $slug) { ${STORE_FIELDS} } }`

interface StoreData {
  id: string
  slug: string
  name: string
  status: string
  enabledLocales: string[]
  [field: string]: unknown
}

const t = useTestApp()
const acme = useTenant(t, 'store-acme')
const other = useTenant(t, 'store-other')
let wide: string
beforeAll(async () => {
  wide = await wideKey(t, acme.organizationId)
})

async function create(slug: string, name = `Store ${slug}`): Promise<StoreData> {
  const response = await t.gql<{ storeCreate: { store: StoreData } }>(wide, CREATE, { input: { name, slug } })
  expect(response.errors).toBeUndefined()
  return response.data!.storeCreate.store
}

describe('storeCreate', () => {
  it('creates a store with the default configuration, commerce off', async () => {
    const response = await t.gql<{ storeCreate: { store: StoreData; eventPosition: string } }>(wide, CREATE, {
      input: { name: 'Acme Outlet', slug: 'acme-outlet' },
    })
    expect(response.errors).toBeUndefined()
    expect(response.data!.storeCreate.eventPosition).toMatch(POSITION)
    expect(response.data!.storeCreate.store).toEqual({
      // The domain's configuration of a new store (English and US dollars, as the input names neither);
      // GraphQL lists every social link, null when unset.
      ...initialConfig('Acme Outlet', 'en', 'USD'),
      id: expect.stringMatching(UUID),
      slug: 'acme-outlet',
      status: 'ACTIVE',
      archivedAt: null,
      socialLinks: {
        facebook: null,
        instagram: null,
        x: null,
        tiktok: null,
        youtube: null,
        pinterest: null,
        linkedin: null,
      },
      commerceEnabled: false,
      commerceToggledAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    })
  })

  it.each([
    ['www', 'reserved'],
    ['api', 'reserved'],
    ['ab', '3 to 40 characters'],
    ['Acme', 'lowercase letters'],
  ])('refuses slug %s (%s) with BAD_USER_INPUT on input.slug', async (slug, reason) => {
    const error = onlyError(await t.gql(wide, CREATE, { input: { name: 'Nope', slug } }))
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'slug'] })
    expect(error.message).toContain(reason)
  })

  it('answers CONFLICT for a slug another organization holds, and creates nothing', async () => {
    const error = onlyError(await t.gql(wide, CREATE, { input: { name: 'Copy', slug: other.storeSlug } }))
    expect(error).toEqual({
      code: 'CONFLICT',
      field: ['input', 'slug'],
      message: `store slug '${other.storeSlug}' is taken; choose another`,
    })
    const list = await t.gql<{ stores: { totalCount: number } }>(
      wide,
      '{ stores(filter: { name: { eq: "Copy" } }) { totalCount } }',
    )
    expect(list.data!.stores.totalCount).toBe(0)
  })

  it('is FORBIDDEN to a key limited to particular stores and to a read-only key', async () => {
    expect(onlyError(await t.gql(acme.apiKey, CREATE, { input: { name: 'X', slug: 'limited-x' } }))).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('every store'),
    })
    const reader = await wideKey(t, acme.organizationId, ['settings:read'])
    expect(onlyError(await t.gql(reader, CREATE, { input: { name: 'X', slug: 'reader-x' } }))).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('settings:write'),
    })
  })
})

describe('store and stores', () => {
  it('reads a store by id, by slug, and the request store without arguments', async () => {
    const byId = await t.gql<{ store: StoreData }>(acme.apiKey, STORE, { id: acme.storeId })
    expect(byId.data!.store).toMatchObject({ id: acme.storeId, slug: acme.storeSlug })
    expect((await t.gql<{ store: StoreData }>(acme.apiKey, STORE, { slug: acme.storeSlug })).data!.store.id).toBe(
      acme.storeId,
    )
    expect((await t.gql<{ store: StoreData }>(acme.apiKey, STORE)).data!.store.id).toBe(acme.storeId)
  })

  it('answers NOT_FOUND for another organization’s store and for a store outside the key’s reach', async () => {
    expect(onlyError(await t.gql(acme.apiKey, STORE, { id: other.storeId }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(onlyError(await t.gql(acme.apiKey, STORE, { slug: other.storeSlug }))).toMatchObject({ code: 'NOT_FOUND' })
    const outlet = await create('acme-reach')
    expect(onlyError(await t.gql(acme.apiKey, STORE, { id: outlet.id }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(onlyError(await t.gql(acme.apiKey, UPDATE, { input: { id: outlet.id, name: 'Mine now' } }))).toMatchObject({
      code: 'NOT_FOUND',
    })
    expect(
      onlyError(await t.gql(acme.apiKey, UPDATE, { input: { id: other.storeId, name: 'Mine now' } })),
    ).toMatchObject({ code: 'NOT_FOUND' })
  })

  it('needs settings:read', async () => {
    const products = await t.key(acme.storeSlug, ['products:write'])
    expect(onlyError(await t.gql(products, STORE))).toMatchObject({ code: 'FORBIDDEN' })
    expect(onlyError(await t.gql(products, '{ stores { totalCount } }'))).toMatchObject({ code: 'FORBIDDEN' })
  })

  it('lists the stores a key reaches with filters, sorts and both pagination modes', async () => {
    await create('list-b', 'Bravo')
    await create('list-a', 'Alpha')
    const limited = await t.gql<{ stores: { nodes: StoreData[]; totalCount: number } }>(
      acme.apiKey,
      '{ stores { nodes { id } totalCount } }',
    )
    expect(limited.data!.stores).toEqual({ nodes: [{ id: acme.storeId }], totalCount: 1 })

    const query = `query ($filter: StoreFilter, $sort: StoreSort, $first: Int, $after: String, $page: Int, $limit: Int) {
      stores(filter: $filter, sort: $sort, first: $first, after: $after, page: $page, limit: $limit) {
        nodes { slug } pageInfo { hasNextPage endCursor page totalPages } totalCount } }`
    type List = {
      stores: {
        nodes: { slug: string }[]
        pageInfo: { hasNextPage: boolean; endCursor: string; page: number | null; totalPages: number | null }
        totalCount: number
      }
    }
    const filter = { slug: { startsWith: 'list-' } }
    const first = await t.gql<List>(wide, query, { filter, sort: 'NAME_ASC', first: 1 })
    expect(first.data!.stores).toMatchObject({
      nodes: [{ slug: 'list-a' }],
      pageInfo: { hasNextPage: true, page: null },
      totalCount: 2,
    })
    const second = await t.gql<List>(wide, query, {
      filter,
      sort: 'NAME_ASC',
      first: 1,
      after: first.data!.stores.pageInfo.endCursor,
    })
    expect(second.data!.stores.nodes).toEqual([{ slug: 'list-b' }])
    expect(second.data!.stores.pageInfo.hasNextPage).toBe(false)
    const paged = await t.gql<List>(wide, query, { filter, sort: 'SLUG_DESC', page: 2, limit: 1 })
    expect(paged.data!.stores).toMatchObject({ nodes: [{ slug: 'list-a' }], pageInfo: { page: 2, totalPages: 2 } })
    const active = await t.gql<List>(wide, query, { filter: { status: ['ARCHIVED'], or: [{ commerceEnabled: true }] } })
    expect(active.data!.stores.totalCount).toBe(0)
    expect(onlyError(await t.gql(wide, query, { first: 1, page: 1 }))).toMatchObject({ code: 'BAD_USER_INPUT' })
    expect(onlyError(await t.gql(wide, query, { first: 251 }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['first'],
    })
  })
})

describe('storeUpdate', () => {
  it('changes the whole configuration, one event per concern', async () => {
    const store = await create('config-all')
    const input = {
      id: store.id,
      name: 'Configured',
      defaultLocale: 'de',
      enabledLocales: ['de', 'en-us', 'fr-CA'],
      currency: 'eur',
      timezone: 'Europe/Berlin',
      weightUnit: 'G',
      contactEmail: 'Shop@Example.com',
      address: { line1: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', countryCode: 'de' },
      socialLinks: { instagram: 'https://instagram.com/acme', x: 'https://x.com/acme' },
      seo: { title: 'Acme', description: 'Everything for everyone' },
    }
    const response = await t.gql<{ storeUpdate: { store: StoreData; eventPosition: string } }>(
      wide,
      UPDATE,
      { input },
      { 'x-store': store.id },
    )
    expect(response.errors).toBeUndefined()
    expect(response.data!.storeUpdate.store).toMatchObject({
      name: 'Configured',
      defaultLocale: 'de',
      enabledLocales: ['de', 'en-US', 'fr-CA'],
      currency: 'EUR',
      timezone: 'Europe/Berlin',
      weightUnit: 'G',
      contactEmail: 'shop@example.com',
      address: {
        line1: 'Hauptstr. 1',
        line2: '',
        city: 'Berlin',
        province: '',
        postalCode: '10115',
        countryCode: 'DE',
      },
      socialLinks: { instagram: 'https://instagram.com/acme', x: 'https://x.com/acme', facebook: null },
      seo: { title: 'Acme', description: 'Everything for everyone' },
    })
    expect(await auditIn(t, wide, store.id, store.id)).toEqual([
      'StoreCreated@0',
      'StoreRenamed@1',
      'StoreLocalesChanged@2',
      'StoreCurrencyChanged@3',
      'StoreTimezoneChanged@4',
      'StoreWeightUnitChanged@5',
      'StoreContactEmailChanged@6',
      'StoreAddressChanged@7',
      'StoreSocialLinksChanged@8',
      'StoreSeoChanged@9',
    ])

    const again = await t.gql<{ storeUpdate: { eventPosition: string | null } }>(
      wide,
      UPDATE,
      { input },
      { 'x-store': store.id },
    )
    expect(again.data!.storeUpdate.eventPosition).toBeNull()

    const removeLink = await t.gql<{ storeUpdate: { store: StoreData } }>(
      wide,
      UPDATE,
      { input: { socialLinks: { x: '' } } },
      { 'x-store': store.id },
    )
    expect(removeLink.data!.storeUpdate.store.socialLinks).toMatchObject({
      instagram: 'https://instagram.com/acme',
      x: null,
    })
  })

  it('works on the request store when id is left out, and adds a new default locale to the enabled ones', async () => {
    const response = await t.gql<{ storeUpdate: { store: StoreData } }>(acme.apiKey, UPDATE, {
      input: { defaultLocale: 'nl' },
    })
    expect(response.data!.storeUpdate.store).toMatchObject({
      id: acme.storeId,
      defaultLocale: 'nl',
      enabledLocales: ['en', 'nl'],
    })
  })

  it.each([
    [{ enabledLocales: ['fr'] }, ['input', 'enabledLocales'], 'must include the default locale'],
    [{ defaultLocale: 'not a locale!' }, ['input', 'defaultLocale'], 'BCP-47'],
    [{ currency: 'EURO' }, ['input', 'currency'], 'ISO 4217'],
    [{ timezone: 'Mars/Olympus' }, ['input', 'timezone'], 'IANA'],
    [{ contactEmail: 'nope' }, ['input', 'contactEmail'], 'email address'],
    [{ address: { countryCode: 'Germany' } }, ['input', 'address', 'countryCode'], 'alpha-2'],
    [{ socialLinks: { facebook: 'http://facebook.com/acme' } }, ['input', 'socialLinks', 'facebook'], 'https://'],
    [{ seo: { title: 'x'.repeat(71) } }, ['input', 'seo', 'title'], 'at most 70'],
    [{ name: ' ' }, ['input', 'name'], 'must not be empty'],
  ])('refuses %j with BAD_USER_INPUT and changes nothing', async (change, field, message) => {
    const before = await t.gql<{ store: StoreData }>(acme.apiKey, STORE)
    const error = onlyError(await t.gql(acme.apiKey, UPDATE, { input: change }))
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', field })
    expect(error.message).toContain(message)
    expect((await t.gql<{ store: StoreData }>(acme.apiKey, STORE)).data!.store).toEqual(before.data!.store)
  })

  it('needs settings:write', async () => {
    const reader = await t.key(acme.storeSlug, ['settings:read'])
    expect(onlyError(await t.gql(reader, UPDATE, { input: { name: 'Nope' } }))).toMatchObject({ code: 'FORBIDDEN' })
  })
})
