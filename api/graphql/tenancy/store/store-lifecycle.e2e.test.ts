import { describe, expect, it } from 'vitest'
import { isCommerceEnabled, storefrontPrice } from '../../../../projections/tenancy/commerce.js'
import { useTestApp, useTenant } from '../../../../test/support/app.js'
import { POSITION, onlyError } from '../../../../test/support/products.js'
import { auditIn, wideKey } from '../../../../test/support/settings.js'

// Archiving and restoring a store, switching commerce, renaming the organization.

const ARCHIVE =
  'mutation ($id: ID) { storeArchive(input: { id: $id }) { store { id status archivedAt } eventPosition } }'
const RESTORE =
  'mutation ($id: ID!) { storeRestore(input: { id: $id }) { store { id status archivedAt } eventPosition } }'
const TOGGLE =
  'mutation ($enabled: Boolean!) { storeCommerceToggle(input: { enabled: $enabled }) { store { id commerceEnabled commerceToggledAt } eventPosition } }'
const ORG =
  'mutation ($name: String) { organizationUpdate(input: { name: $name }) { organization { id name } eventPosition } }'

type StoreState = { id: string; status: string; archivedAt: string | null }

const t = useTestApp()
const shop = useTenant(t, 'life-shop')
const other = useTenant(t, 'life-other')

describe('storeArchive and storeRestore', () => {
  it('archives a store: its key is FORBIDDEN on store-scoped work, except storeRestore, which brings it back', async () => {
    const tenant = await t.tenant('life-archived')
    const archived = await t.gql<{ storeArchive: { store: StoreState; eventPosition: string } }>(tenant.apiKey, ARCHIVE)
    expect(archived.errors).toBeUndefined()
    expect(archived.data!.storeArchive).toEqual({
      store: { id: tenant.storeId, status: 'ARCHIVED', archivedAt: expect.any(String) },
      eventPosition: expect.stringMatching(POSITION),
    })

    const forbidden = [
      await t.gql(tenant.apiKey, '{ products { totalCount } }'),
      await t.gql(tenant.apiKey, 'mutation { productCreate(input: { title: "Nope" }) { product { id } } }'),
      await t.gql(tenant.apiKey, 'mutation { storeUpdate(input: { name: "Nope" }) { store { id } } }'),
      await t.gql(tenant.apiKey, '{ globalSettings { maintenance { enabled } } }'),
    ]
    for (const response of forbidden)
      expect(onlyError(response)).toMatchObject({
        code: 'FORBIDDEN',
        message: expect.stringContaining("store 'life-archived' is archived; restore it with storeRestore"),
      })

    const viewer = await t.gql<{ viewer: { currentStore: { slug: string } } }>(
      tenant.apiKey,
      '{ viewer { currentStore { slug } } }',
    )
    expect(viewer.data!.viewer.currentStore.slug).toBe('life-archived')
    const store = await t.gql<{ store: StoreState }>(tenant.apiKey, '{ store { id status archivedAt } }')
    expect(store.data!.store.status).toBe('ARCHIVED')

    const restored = await t.gql<{ storeRestore: { store: StoreState } }>(tenant.apiKey, RESTORE, {
      id: tenant.storeId,
    })
    expect(restored.data!.storeRestore.store).toEqual({ id: tenant.storeId, status: 'ACTIVE', archivedAt: null })
    expect((await t.gql(tenant.apiKey, '{ products { totalCount } }')).errors).toBeUndefined()
    expect(await auditIn(t, tenant.apiKey, tenant.storeId, tenant.storeId)).toEqual([
      'StoreCreated@0',
      'StoreArchived@1',
      'StoreRestored@2',
    ])
  })

  it('changes nothing when archiving an archived store or restoring an active one', async () => {
    const tenant = await t.tenant('life-twice')
    expect(
      (await t.gql<{ storeRestore: { eventPosition: string | null } }>(tenant.apiKey, RESTORE, { id: tenant.storeId }))
        .data!.storeRestore.eventPosition,
    ).toBeNull()
    await t.gql(tenant.apiKey, ARCHIVE)
    expect(
      (await t.gql<{ storeArchive: { eventPosition: string | null } }>(tenant.apiKey, ARCHIVE, { id: tenant.storeId }))
        .data!.storeArchive.eventPosition,
    ).toBeNull()
  })

  it('lets a key for every store archive another store, and lists it as archived', async () => {
    const wide = await wideKey(t, shop.organizationId)
    const created = await t.gql<{ storeCreate: { store: { id: string } } }>(
      wide,
      'mutation { storeCreate(input: { name: "Pop-up", slug: "life-popup" }) { store { id } } }',
    )
    const popup = created.data!.storeCreate.store.id
    expect(
      (await t.gql<{ storeArchive: { store: StoreState } }>(wide, ARCHIVE, { id: popup }, { 'x-store': shop.storeId }))
        .data!.storeArchive.store.status,
    ).toBe('ARCHIVED')
    const list = await t.gql<{ stores: { nodes: { slug: string }[] } }>(
      wide,
      '{ stores(filter: { status: [ARCHIVED] }) { nodes { slug } } }',
    )
    expect(list.data!.stores.nodes).toEqual([{ slug: 'life-popup' }])
    expect(
      onlyError(await t.gql(wide, '{ products { totalCount } }', undefined, { 'x-store': 'life-popup' })),
    ).toMatchObject({ code: 'FORBIDDEN' })
  })

  it('answers NOT_FOUND for another organization’s store', async () => {
    expect(onlyError(await t.gql(shop.apiKey, ARCHIVE, { id: other.storeId }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(onlyError(await t.gql(shop.apiKey, RESTORE, { id: other.storeId }))).toMatchObject({ code: 'NOT_FOUND' })
  })

  it('needs settings:write', async () => {
    const reader = await t.key(shop.storeSlug, ['settings:read'])
    expect(onlyError(await t.gql(reader, ARCHIVE))).toMatchObject({ code: 'FORBIDDEN' })
    expect(onlyError(await t.gql(reader, RESTORE, { id: shop.storeId }))).toMatchObject({ code: 'FORBIDDEN' })
  })
})

describe('storeCommerceToggle', () => {
  it('switches commerce on and off, shown on the store and the viewer, with who did it in the audit log', async () => {
    const on = await t.gql<{
      storeCommerceToggle: { store: { commerceEnabled: boolean; commerceToggledAt: string }; eventPosition: string }
    }>(shop.apiKey, TOGGLE, { enabled: true })
    expect(on.errors).toBeUndefined()
    expect(on.data!.storeCommerceToggle).toMatchObject({
      store: { commerceEnabled: true, commerceToggledAt: expect.any(String) },
      eventPosition: expect.stringMatching(POSITION),
    })
    const viewer = await t.gql<{ viewer: { stores: { commerceEnabled: boolean }[] } }>(
      shop.apiKey,
      '{ viewer { stores { commerceEnabled } } }',
    )
    expect(viewer.data!.viewer.stores).toEqual([{ commerceEnabled: true }])
    // What storefront-facing reads ask before they show a price.
    expect(await isCommerceEnabled(t.platform.database.db, shop.storeId)).toBe(true)
    expect(storefrontPrice({ commerceEnabled: true }, 1999)).toBe(1999)
    expect(storefrontPrice({ commerceEnabled: false }, 1999)).toBeNull()

    expect(
      (await t.gql<{ storeCommerceToggle: { eventPosition: string | null } }>(shop.apiKey, TOGGLE, { enabled: true }))
        .data!.storeCommerceToggle.eventPosition,
    ).toBeNull()
    await t.gql(shop.apiKey, TOGGLE, { enabled: false })
    expect(await isCommerceEnabled(t.platform.database.db, shop.storeId)).toBe(false)

    const log = await t.gql<{
      auditLog: { nodes: { type: string; data: { enabled: boolean }; actor: { type: string; name: string } }[] }
    }>(
      shop.apiKey,
      '{ auditLog(filter: { eventType: "StoreCommerceToggled" }) { nodes { type data actor { type name } } } }',
    )
    expect(log.data!.auditLog.nodes).toEqual([
      {
        type: 'StoreCommerceToggled',
        data: { storeId: shop.storeId, enabled: true },
        actor: { type: 'api_key', name: 'default key' },
      },
      {
        type: 'StoreCommerceToggled',
        data: { storeId: shop.storeId, enabled: false },
        actor: { type: 'api_key', name: 'default key' },
      },
    ])
    const theirs = await t.gql<{ store: { commerceEnabled: boolean } }>(other.apiKey, '{ store { commerceEnabled } }')
    expect(theirs.data!.store.commerceEnabled).toBe(false)
  })

  it('needs settings:write', async () => {
    const reader = await t.key(shop.storeSlug, ['settings:read'])
    expect(onlyError(await t.gql(reader, TOGGLE, { enabled: true }))).toMatchObject({ code: 'FORBIDDEN' })
  })
})

describe('organizationUpdate', () => {
  it('renames the organization for a key reaching every store', async () => {
    const wide = await wideKey(t, other.organizationId)
    const response = await t.gql<{
      organizationUpdate: { organization: { id: string; name: string }; eventPosition: string }
    }>(wide, ORG, { name: ' Other Group ' })
    expect(response.data!.organizationUpdate).toEqual({
      organization: { id: other.organizationId, name: 'Other Group' },
      eventPosition: expect.stringMatching(POSITION),
    })
    const viewer = await t.gql<{ viewer: { organization: { name: string } } }>(
      other.apiKey,
      '{ viewer { organization { name } } }',
    )
    expect(viewer.data!.viewer.organization.name).toBe('Other Group')
    expect(
      (await t.gql<{ organizationUpdate: { eventPosition: string | null } }>(wide, ORG, { name: 'Other Group' })).data!
        .organizationUpdate.eventPosition,
    ).toBeNull()
    expect(onlyError(await t.gql(wide, ORG, { name: '' }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'name'],
    })
  })

  it('is FORBIDDEN to a key limited to particular stores or without settings:write', async () => {
    expect(onlyError(await t.gql(shop.apiKey, ORG, { name: 'Mine' }))).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('every store'),
    })
    const reader = await wideKey(t, shop.organizationId, ['settings:read'])
    expect(onlyError(await t.gql(reader, ORG, { name: 'Mine' }))).toMatchObject({ code: 'FORBIDDEN' })
  })
})
