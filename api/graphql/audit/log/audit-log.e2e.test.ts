import { beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntryView } from '../../../../app/audit/log/view.js'
import { useTenant, useTestApp } from '../../../../test/support/app.js'
import {
  CREATE_PRODUCT,
  DELETE_PRODUCT,
  POSITION,
  UPDATE_PRODUCT,
  UUID,
  onlyError,
  type CreateData,
  type Product,
  badInput,
} from '../../../../test/support/products.js'

// The store's history as auditors read it: what happened, to what, by whom, when, in which
// request; filtered, paged forward, and never showing plumbing or another store's events.

interface Log {
  auditLog: {
    nodes: AuditEntryView[]
    edges: { cursor: string; node: { id: string } }[]
    pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null }
    totalCount: number
  }
}

const AUDIT_LOG = `query ($filter: AuditLogFilter, $first: Int, $after: String) {
  auditLog(filter: $filter, first: $first, after: $after) {
    nodes { id type entityType entityId revision position occurredAt actor { type id name } data correlationId }
    edges { cursor node { id } }
    pageInfo { hasNextPage hasPreviousPage endCursor }
    totalCount
  }
}`

const t = useTestApp()
const shop = useTenant(t, 'audit-shop')
const other = useTenant(t, 'audit-other')
let ownerKeyId: string
let helperKey: string
let helperKeyId: string
let shirt: Product
let hat: Product
// The log is read with keys that see the catalog and the store but not the web store: a new
// store's default theme is installed by a reaction at its own pace, which would make the
// exact histories below depend on timing.
let shopAuditor: string
let otherAuditor: string

const keyIdOf = async (apiKey: string) =>
  (await t.gql<{ viewer: { credential: { id: string } } }>(apiKey, '{ viewer { credential { id } } }')).data!.viewer
    .credential.id
const log = (apiKey: string, variables: Record<string, unknown> = {}) =>
  t.gql<Log>(apiKey, AUDIT_LOG, { first: 250, ...variables })
const types = async (apiKey: string, filter: Record<string, unknown>) =>
  (await log(apiKey, { filter })).data!.auditLog.nodes.map((e) => e.type)

beforeAll(async () => {
  ownerKeyId = await keyIdOf(shop.apiKey)
  helperKey = await t.key('audit-shop', ['products:write'])
  helperKeyId = await keyIdOf(helperKey)
  shopAuditor = await t.key('audit-shop', ['products:read', 'settings:read'])
  otherAuditor = await t.key('audit-other', ['products:read', 'settings:read'])

  // The history under test, in this order: two creations by the owner's key (one request
  // tagged with a correlation id), a two-field update and a deletion by the helper key, and
  // a product in the other store.
  const create = async (apiKey: string, input: object, headers: Record<string, string> = {}) =>
    (await t.gql<CreateData>(apiKey, CREATE_PRODUCT, { input }, headers)).data!.productCreate.product
  shirt = await create(shop.apiKey, { title: 'Red Shirt', tags: ['summer'] }, { 'x-correlation-id': 'import-run-42' })
  hat = await create(shop.apiKey, { title: 'Green Hat' })
  await t.gql(
    helperKey,
    UPDATE_PRODUCT,
    { input: { id: shirt.id, title: 'Blue Shirt', handle: 'blue-shirt' } },
    { 'x-correlation-id': 'bulk-7' },
  )
  await t.gql(helperKey, DELETE_PRODUCT, { input: { id: hat.id } })
  await create(other.apiKey, { title: 'Foreign Hat' })
})

describe('entries', () => {
  it('record type, entity, revision, position, time, the acting key, the payload and the correlation id', async () => {
    const response = await log(shopAuditor, { filter: { entityId: shirt.id } })
    expect(response.errors).toBeUndefined()
    const [created, retitled, moved] = response.data!.auditLog.nodes
    expect(created).toEqual({
      id: expect.stringMatching(UUID),
      type: 'ProductCreated',
      entityType: 'product',
      entityId: shirt.id,
      revision: 0,
      position: expect.stringMatching(POSITION),
      occurredAt: shirt.createdAt,
      actor: { type: 'api_key', id: ownerKeyId, name: 'default key' },
      data: {
        productId: shirt.id,
        title: 'Red Shirt',
        handle: 'red-shirt',
        description: '',
        status: 'ACTIVE',
        vendor: '',
        tags: ['summer'],
      },
      correlationId: 'import-run-42',
    })
    const helper = { type: 'api_key', id: helperKeyId, name: 'test key products:write' }
    expect(retitled).toMatchObject({
      type: 'ProductRetitled',
      revision: 1,
      actor: helper,
      data: { productId: shirt.id, title: 'Blue Shirt' },
      correlationId: 'bulk-7',
    })
    expect(moved).toMatchObject({
      type: 'ProductHandleChanged',
      revision: 2,
      actor: helper,
      data: { productId: shirt.id, from: 'red-shirt', to: 'blue-shirt' },
      correlationId: 'bulk-7',
    })
    // One request, one decision: the same time and correlation id, positions in log order.
    expect(moved!.occurredAt).toBe(retitled!.occurredAt)
    expect(created!.position < retitled!.position && retitled!.position < moved!.position).toBe(true)
  })

  it('lists the whole store history oldest first, each request under its own generated correlation id when none was sent', async () => {
    const { nodes, totalCount } = (await log(shopAuditor)).data!.auditLog
    const label = (e: AuditEntryView): string =>
      e.entityType === 'store' ? 'store' : e.entityId === shirt.id ? 'shirt' : 'hat'
    expect(nodes.map((e) => `${e.type} ${label(e)}`)).toEqual([
      'StoreCreated store',
      'ProductCreated shirt',
      'ProductCreated hat',
      'ProductRetitled shirt',
      'ProductHandleChanged shirt',
      'ProductDeleted hat',
    ])
    expect(totalCount).toBe(6)
    const positions = nodes.map((e) => e.position)
    expect([...positions].sort()).toEqual(positions)
    const [hatCreated, hatDeleted] = nodes.filter((e) => e.entityId === hat.id)
    expect(hatCreated!.correlationId).toMatch(UUID)
    expect(hatDeleted!.correlationId).toMatch(UUID)
    expect(hatDeleted!.correlationId).not.toBe(hatCreated!.correlationId)
  })

  it('replaces a correlation id that is not a short token with a generated one', async () => {
    const { apiKey } = await t.tenant('audit-correlation')
    const created = await t.gql<CreateData>(
      apiKey,
      CREATE_PRODUCT,
      { input: { title: 'Tee' } },
      { 'x-correlation-id': 'two words; and more' },
    )
    const [entry] = (await log(apiKey, { filter: { entityId: created.data!.productCreate.product.id } })).data!.auditLog
      .nodes
    expect(entry!.correlationId).toMatch(UUID)
  })
})

describe('filters', () => {
  it('by entity id and entity type', async () => {
    expect(await types(shopAuditor, { entityId: hat.id })).toEqual(['ProductCreated', 'ProductDeleted'])
    expect(await types(shopAuditor, { entityType: 'product' })).toHaveLength(5)
    expect(await types(shopAuditor, { entityType: 'store' })).toEqual(['StoreCreated'])
  })

  it('by event type', async () => {
    expect(await types(shopAuditor, { eventType: 'ProductCreated' })).toEqual(['ProductCreated', 'ProductCreated'])
    expect(await types(shopAuditor, { eventType: 'ProductDeleted', entityId: shirt.id })).toEqual([])
  })

  it('takes an empty string as a value that matches nothing, not as no filter', async () => {
    for (const filter of [{ eventType: '' }, { entityType: '' }, { entityId: '' }, { actorId: '' }])
      expect(await types(shopAuditor, filter)).toEqual([])
  })

  it('by actor', async () => {
    expect(await types(shopAuditor, { actorId: helperKeyId })).toEqual([
      'ProductRetitled',
      'ProductHandleChanged',
      'ProductDeleted',
    ])
    expect(await types(shopAuditor, { actorId: ownerKeyId })).toEqual(['ProductCreated', 'ProductCreated'])
  })

  it('by time: from inclusive, to exclusive', async () => {
    const all = (await log(shopAuditor)).data!.auditLog.nodes
    const updateTime = all.find((e) => e.type === 'ProductRetitled')!.occurredAt
    const deleteTime = all.find((e) => e.type === 'ProductDeleted')!.occurredAt
    expect(updateTime < deleteTime).toBe(true)
    expect(await types(shopAuditor, { from: updateTime })).toEqual([
      'ProductRetitled',
      'ProductHandleChanged',
      'ProductDeleted',
    ])
    expect(await types(shopAuditor, { from: updateTime, to: deleteTime })).toEqual([
      'ProductRetitled',
      'ProductHandleChanged',
    ])
    expect(await types(shopAuditor, { to: updateTime })).toEqual(['StoreCreated', 'ProductCreated', 'ProductCreated'])
  })
})

describe('paging', () => {
  it('walks forward with after, each entry once, counting the whole filtered log', async () => {
    const whole = (await log(shopAuditor)).data!.auditLog.nodes.map((e) => e.id)
    const seen: string[] = []
    let after: string | null = null
    for (let page = 0; page < 3; page++) {
      const response = await log(shopAuditor, { first: 2, after })
      const { nodes, edges, pageInfo, totalCount } = response.data!.auditLog
      expect(totalCount).toBe(6)
      expect(edges.map((edge) => edge.cursor)).toEqual(nodes.map((node) => node.position))
      expect(pageInfo).toEqual({ hasNextPage: page < 2, hasPreviousPage: page > 0, endCursor: edges.at(-1)!.cursor })
      seen.push(...nodes.map((node) => node.id))
      after = pageInfo.endCursor
    }
    expect(seen).toEqual(whole)
  })

  it('refuses an after that is not a position', async () => {
    expect(onlyError(await log(shopAuditor, { after: 'garbage' }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['after'],
    })
  })

  it('refuses first over 250 (and under 1) with BAD_USER_INPUT at first', async () => {
    expect(onlyError(await log(shopAuditor, { first: 251 }))).toEqual(
      badInput(['first'], 'first must be between 1 and 250; got 251'),
    )
    expect(onlyError(await log(shopAuditor, { first: 0 }))).toEqual(
      badInput(['first'], 'first must be between 1 and 250; got 0'),
    )
  })
})

describe('whose history a key may read', () => {
  it('shows each key the areas it may read: products to a products key, the store to a settings key', async () => {
    const productsOnly = await t.key(shop.storeSlug, ['products:read'])
    const settingsOnly = await t.key(shop.storeSlug, ['settings:read'])
    expect(new Set((await log(productsOnly)).data!.auditLog.nodes.map((e) => e.entityType))).toEqual(
      new Set(['product']),
    )
    const seenBySettings = (await log(settingsOnly)).data!.auditLog
    expect(seenBySettings.nodes.map((e) => e.type)).toEqual(['StoreCreated'])
    expect(seenBySettings.totalCount).toBe(1)
    expect(await types(settingsOnly, { entityId: shirt.id })).toEqual([])
  })
})

describe('what never appears', () => {
  it('the reservation plumbing behind unique handles', async () => {
    const { nodes } = (await log(shopAuditor)).data!.auditLog
    expect(nodes.map((e) => e.entityType)).toEqual(['store', ...Array(5).fill('product')])
    for (const eventType of ['UniqueValueClaimed', 'UniqueValueReleased']) {
      expect((await log(shopAuditor, { filter: { eventType } })).data!.auditLog.totalCount).toBe(0)
    }
    expect((await log(shopAuditor, { filter: { entityType: 'uniq' } })).data!.auditLog.totalCount).toBe(0)
  })

  it("another store's events, even asked for by entity, type or actor", async () => {
    const theirs = (await log(otherAuditor)).data!.auditLog.nodes
    expect(theirs.map((e) => e.type)).toEqual(['StoreCreated', 'ProductCreated'])
    const foreign = theirs.find((e) => e.type === 'ProductCreated')
    const otherKeyId = foreign!.actor.id

    expect((await log(shopAuditor, { filter: { entityId: foreign!.entityId } })).data!.auditLog.totalCount).toBe(0)
    expect((await log(shopAuditor, { filter: { actorId: otherKeyId } })).data!.auditLog.totalCount).toBe(0)
    expect(await types(shopAuditor, { eventType: 'ProductCreated' })).toHaveLength(2)
    // Nor does the other store see ours.
    expect((await log(otherAuditor, { filter: { entityId: shirt.id } })).data!.auditLog.totalCount).toBe(0)
  })
})
