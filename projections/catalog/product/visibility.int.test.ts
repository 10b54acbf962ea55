import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductEvent, ProductStatus } from '../../../domain/catalog/product/events.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { productProjectionFixture } from '../../../test/support/product-projection.js'
import { findProduct } from './queries.js'
import { dueForPublishing } from './schedule.js'
import { findPublishedProduct, isVisibleToShoppers, listPublishedProducts } from './visibility.js'

// Storefront-facing reads and the publish scheduler's poll, over the products read model.

const STORE = randomUUID()
const OTHER_STORE = randomUUID()
const NOW = new Date('2026-03-01T10:00:00.000Z')

const projection = productProjectionFixture()
let db: AnyDb
let seconds = 0

/** Projects an event recorded a second after the previous one. */
const project = (storeId: string, event: ProductEvent) =>
  projection.project(storeId, event, new Date(NOW.getTime() + seconds++ * 1000).toISOString())

async function product(handle: string, status: ProductStatus, storeId = STORE): Promise<string> {
  const productId = randomUUID()
  await project(storeId, {
    type: 'ProductCreated',
    data: { productId, title: handle, handle, description: '', status, vendor: '', tags: ['summer'] },
  })
  return productId
}

let active: string, draft: string
beforeAll(async () => {
  await projection.open()
  db = projection.db
  active = await product('active-shirt', 'ACTIVE')
  draft = await product('draft-shirt', 'DRAFT')
  await product('archived-shirt', 'ARCHIVED')
  await product('other-store-shirt', 'ACTIVE', OTHER_STORE)
})

afterAll(() => projection.close())

describe('visible to shoppers', () => {
  it('means ACTIVE, never DRAFT or ARCHIVED', () => {
    expect(isVisibleToShoppers({ status: 'ACTIVE' })).toBe(true)
    expect(isVisibleToShoppers({ status: 'DRAFT' })).toBe(false)
    expect(isVisibleToShoppers({ status: 'ARCHIVED' })).toBe(false)
  })

  it('finds a published product by handle, and a hidden or foreign one not at all', async () => {
    expect((await findPublishedProduct(db, STORE, 'active-shirt'))?.id).toBe(active)
    expect(await findPublishedProduct(db, STORE, 'draft-shirt')).toBeNull()
    expect(await findPublishedProduct(db, STORE, 'archived-shirt')).toBeNull()
    expect(await findPublishedProduct(db, STORE, 'other-store-shirt')).toBeNull()
    expect(await findPublishedProduct(db, STORE, 'missing')).toBeNull()
    // The admin read still sees the draft: only storefront reads hide it.
    expect((await findProduct(db, STORE, { handle: 'draft-shirt' }))?.id).toBe(draft)
  })

  it('lists published products only, and a filter asking for hidden ones cannot widen the list', async () => {
    const ids = async (args: Parameters<typeof listPublishedProducts>[2]) =>
      (await listPublishedProducts(db, STORE, args)).nodes.map((p) => p.id)
    expect(await ids({})).toEqual([active])
    expect((await listPublishedProducts(db, STORE, {})).totalCount).toBe(1)
    expect(await ids({ filter: { status: ['DRAFT', 'ARCHIVED'] } })).toEqual([])
    expect(await ids({ filter: { or: [{ status: ['DRAFT'] }, { tags: { any: ['summer'] } }] } })).toEqual([active])
    expect(await ids({ filter: { search: 'shirt' }, sort: 'TITLE_ASC' })).toEqual([active])
  })

  it('follows status changes: a product published later shows, one hidden again does not', async () => {
    await project(STORE, { type: 'ProductStatusChanged', data: { productId: draft, from: 'DRAFT', to: 'ACTIVE' } })
    await project(STORE, { type: 'ProductStatusChanged', data: { productId: active, from: 'ACTIVE', to: 'ARCHIVED' } })
    expect((await listPublishedProducts(db, STORE)).nodes.map((p) => p.id)).toEqual([draft])
    expect(await findPublishedProduct(db, STORE, 'active-shirt')).toBeNull()
  })
})

describe('SEO and publish schedule in the read model', () => {
  it('keeps seo and publishAt current, and lists due hidden products for the scheduler', async () => {
    const id = await product('scheduled-shirt', 'DRAFT')
    await project(STORE, {
      type: 'ProductSeoChanged',
      data: { productId: id, title: 'Scheduled', description: 'Soon' },
    })
    await project(STORE, {
      type: 'ProductPublishScheduled',
      data: { productId: id, publishAt: '2026-03-01T09:00:00.000Z' },
    })
    const later = await product('later-shirt', 'DRAFT')
    await project(STORE, {
      type: 'ProductPublishScheduled',
      data: { productId: later, publishAt: '2026-03-02T09:00:00.000Z' },
    })

    expect(await findProduct(db, STORE, { id })).toMatchObject({
      seo: { title: 'Scheduled', description: 'Soon' },
      publishAt: new Date('2026-03-01T09:00:00.000Z'),
    })
    expect(await dueForPublishing(db, NOW, 10)).toEqual([
      { organizationId: projection.organizationId, storeId: STORE, id },
    ])
    expect((await dueForPublishing(db, new Date('2026-03-03T00:00:00.000Z'), 10)).map((d) => d.id)).toEqual([id, later])
    expect(await dueForPublishing(db, new Date('2026-03-03T00:00:00.000Z'), 1)).toHaveLength(1)

    await project(STORE, { type: 'ProductStatusChanged', data: { productId: id, from: 'DRAFT', to: 'ACTIVE' } })
    await project(STORE, { type: 'ProductPublishUnscheduled', data: { productId: id, reason: 'published' } })
    expect(await findProduct(db, STORE, { id })).toMatchObject({ status: 'ACTIVE', publishAt: null })
    expect(await dueForPublishing(db, NOW, 10)).toEqual([])
  })
})
