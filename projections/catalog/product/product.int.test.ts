import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRODUCT_EVENT_TYPES } from '../../../domain/catalog/product/events.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { at, productProjectionFixture } from '../../../test/support/product-projection.js'
import { productsProjection } from './projection.js'
import { findProduct, listProducts, productsByIds, type ProductRecord } from './queries.js'

// The products projection, event by event: what each event leaves in the row, replays, lookups.

const STORE = randomUUID()
const OTHER_STORE = randomUUID()

const fixture = productProjectionFixture()
const { project, replay, createProduct } = fixture
let db: AnyDb
beforeAll(async () => {
  await fixture.open()
  db = fixture.db
  // Creating twice must be harmless: workers call it on every start.
  await productsProjection.createTables(db)
})
afterAll(() => fixture.close())

describe('products projection', () => {
  it('declares what the runner needs', () => {
    expect(productsProjection).toMatchObject({
      name: 'products',
      version: 4,
      tables: ['products', 'product_options', 'product_variants', 'product_search_languages'],
      // Search languages come from organization-level store streams: a store rebuild keeps them.
      storeTables: ['products', 'product_options', 'product_variants'],
    })
    // Every product event, and the store events that set the language product text is stemmed in.
    expect(productsProjection.eventTypes).toEqual([...PRODUCT_EVENT_TYPES, 'StoreCreated', 'StoreLocalesChanged'])
  })

  it('follows a product through every event, stamping times and revisions', async () => {
    const store = randomUUID()
    const p = await createProduct(
      store,
      { title: 'Red Shirt', handle: 'red-shirt', description: 'Soft', vendor: 'Acme', tags: ['cotton'] },
      at(0),
    )
    const id = p.productId
    expect(await findProduct(db, store, { id })).toEqual({
      id,
      title: 'Red Shirt',
      handle: 'red-shirt',
      description: 'Soft',
      status: 'ACTIVE',
      vendor: 'Acme',
      tags: ['cotton'],
      createdAt: new Date(at(0)),
      updatedAt: new Date(at(0)),
      revision: 0,
      seo: { title: '', description: '' },
      publishAt: null,
    })
    await project(store, { type: 'ProductRetitled', data: { productId: id, title: 'Blue Shirt' } }, at(1))
    await project(
      store,
      { type: 'ProductHandleChanged', data: { productId: id, from: 'red-shirt', to: 'blue-shirt' } },
      at(2),
    )
    await project(store, { type: 'ProductDescriptionChanged', data: { productId: id, description: 'Softer' } }, at(3))
    await project(
      store,
      { type: 'ProductStatusChanged', data: { productId: id, from: 'ACTIVE', to: 'ARCHIVED' } },
      at(4),
    )
    await project(store, { type: 'ProductVendorChanged', data: { productId: id, vendor: 'Bolt' } }, at(5))
    const tagged = { productId: id, tags: ['linen', 'summer'], added: ['linen', 'summer'], removed: ['cotton'] }
    const last = await project(store, { type: 'ProductTagsChanged', data: tagged }, at(6))
    const expected: ProductRecord = {
      id,
      title: 'Blue Shirt',
      handle: 'blue-shirt',
      description: 'Softer',
      status: 'ARCHIVED',
      vendor: 'Bolt',
      tags: ['linen', 'summer'],
      createdAt: new Date(at(0)),
      updatedAt: new Date(at(6)),
      revision: 6,
      seo: { title: '', description: '' },
      publishAt: null,
    }
    expect(await findProduct(db, store, { handle: 'blue-shirt' })).toEqual(expected)
    expect(await findProduct(db, store, { handle: 'red-shirt' })).toBeNull()

    // The search vector follows every change, not just the creation.
    const search = async (text: string) =>
      (await listProducts(db, store, { filter: { search: text } })).nodes.map((n) => n.id)
    for (const text of ['blue', 'blue-shirt', 'softer', 'bolt', 'linen', 'summ'])
      expect(await search(text), text).toEqual([id])
    for (const text of ['red', 'acme', 'cotton']) expect(await search(text), text).toEqual([])

    // A replay of events already applied, the creation included, leaves the row as it is.
    await replay({ ...last, data: { productId: id, tags: ['stale'] } })
    await replay({ ...last, revision: 0, type: 'ProductCreated', data: { ...p } })
    expect(await findProduct(db, store, { id })).toEqual(expected)

    await project(store, { type: 'ProductDeleted', data: { productId: id, handle: 'blue-shirt' } }, at(7))
    expect(await findProduct(db, store, { id })).toBeNull()
    expect((await listProducts(db, store)).totalCount).toBe(0)
  })

  it('finds by id in any case, and treats malformed or foreign ids as not found', async () => {
    const p = await createProduct(STORE, { title: 'Lookup', handle: 'lookup' })
    expect((await findProduct(db, STORE, { id: p.productId.toUpperCase() }))?.handle).toBe('lookup')
    expect(await findProduct(db, STORE, { id: 'not-a-uuid' })).toBeNull()
    expect(await findProduct(db, OTHER_STORE, { id: p.productId })).toBeNull()
    expect(await findProduct(db, OTHER_STORE, { handle: 'lookup' })).toBeNull()
    expect(await findProduct(db, 'not-a-store', { handle: 'lookup' })).toBeNull()
    const missing = randomUUID()
    const found = await productsByIds(db, STORE, [missing, p.productId, 'nope', p.productId.toUpperCase()])
    expect(found.map((r) => r?.id ?? null)).toEqual([null, p.productId, null, p.productId])
    expect(await productsByIds(db, OTHER_STORE, [p.productId])).toEqual([null])
    await project(STORE, { type: 'ProductDeleted', data: { productId: p.productId, handle: 'lookup' } }, at(0))
  })
})
