import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductEvent } from '../../../domain/catalog/product/events.js'
import type { AnyDb } from '../../../infra/database/database.js'
import type { RecordedEvent } from '../../../infra/eventstore/port.js'
import { at, productProjectionFixture } from '../../../test/support/product-projection.js'
import { listProducts } from './queries.js'
import {
  findVariant,
  listVariants,
  optionsOfProducts,
  variantSummaries,
  variantsOfProducts,
} from './variant-queries.js'

const STORE = randomUUID()
const projection = productProjectionFixture()
let db: AnyDb

/** Records an event `minutes` into the story, as the event store would, and projects it. */
const project = (event: ProductEvent, minutes = 0): Promise<RecordedEvent> =>
  projection.project(STORE, event, at(minutes))
const replay = (recorded: RecordedEvent) => projection.replay(recorded)

const variant = (
  productId: string,
  variantId: string,
  sku: string,
  price: number,
  size: string,
  quantity: number,
  position: number,
  tracked = true,
): ProductEvent => ({
  type: 'ProductVariantCreated',
  data: {
    productId,
    variantId,
    sku,
    barcode: '',
    price,
    compareAtPrice: null,
    cost: null,
    currencyCode: 'EUR',
    inventoryTracked: tracked,
    inventoryQuantity: quantity,
    weight: null,
    optionValues: [{ name: 'Size', value: size }],
    mediaId: null,
    position,
  },
})

beforeAll(async () => {
  await projection.open()
  db = projection.db
})

afterAll(() => projection.close())

describe('options and variants in the products projection', () => {
  const productId = randomUUID()
  const [v1, v2, v3] = [randomUUID(), randomUUID(), randomUUID()]
  const optionId = randomUUID()
  const summary = async () => (await variantSummaries(db, STORE, [productId]))[0]
  const skus = async () =>
    (await db.selectFrom('products').select('skus').where('id', '=', productId).executeTakeFirstOrThrow()).skus

  it('keeps rows and the product summary columns current through every kind of event', async () => {
    await project({
      type: 'ProductCreated',
      data: { productId, title: 'Tee', handle: 'tee', description: '', status: 'ACTIVE', vendor: '', tags: [] },
    })
    expect(await summary()).toEqual({
      priceMin: null,
      priceMax: null,
      currencyCode: null,
      inventoryTotal: 0,
      variantCount: 0,
    })

    await project({
      type: 'ProductOptionAdded',
      data: { productId, optionId, name: 'Size', values: ['S', 'M', 'L'], position: 0, variantValue: 'S' },
    })
    await project(variant(productId, v1, 'TEE-S', 1000, 'S', 5, 0), 1)
    await project(variant(productId, v2, 'TEE-M', 1500, 'M', 7, 1), 2)
    await project(variant(productId, v3, 'TEE-L', 2500, 'L', 100, 2, false), 3)
    expect(await summary()).toEqual({
      priceMin: 1000,
      priceMax: 2500,
      currencyCode: 'EUR',
      inventoryTotal: 12,
      variantCount: 3,
    })
    expect(await skus()).toEqual(['TEE-S', 'TEE-M', 'TEE-L'])

    await project(
      {
        type: 'ProductVariantPriceChanged',
        data: { productId, variantId: v3, price: 900, compareAtPrice: 1200, currencyCode: 'EUR' },
      },
      4,
    )
    await project(
      {
        type: 'ProductInventoryAdjusted',
        data: { productId, variantId: v1, delta: -2, quantity: 3, reason: 'SOLD', note: '' },
      },
      5,
    )
    await project({ type: 'ProductInventoryTrackingChanged', data: { productId, variantId: v3, tracked: true } }, 6)
    await project(
      { type: 'ProductVariantSkuChanged', data: { productId, variantId: v2, from: 'TEE-M', to: 'TEE-MEDIUM' } },
      7,
    )
    await project({ type: 'ProductOptionValueRenamed', data: { productId, optionId, from: 'S', to: 'Small' } }, 8)
    const last = await project({ type: 'ProductVariantsReordered', data: { productId, variantIds: [v3, v1, v2] } }, 9)
    expect(await summary()).toEqual({
      priceMin: 900,
      priceMax: 1500,
      currencyCode: 'EUR',
      inventoryTotal: 110,
      variantCount: 3,
    })

    const [variants] = await variantsOfProducts(db, STORE, [productId])
    expect(
      variants!.map((v) => [
        v.title,
        v.sku,
        v.price.minor,
        v.compareAtPrice?.minor ?? null,
        v.inventoryQuantity,
        v.position,
      ]),
    ).toEqual([
      ['L', 'TEE-L', 900, 1200, 100, 0],
      ['Small', 'TEE-S', 1000, null, 3, 1],
      ['M', 'TEE-MEDIUM', 1500, null, 7, 2],
    ])
    expect(await findVariant(db, STORE, v1)).toMatchObject({
      optionValues: [{ name: 'Size', value: 'Small' }],
      createdAt: new Date(at(1)),
      updatedAt: new Date(at(9)),
    })
    expect((await optionsOfProducts(db, STORE, [productId]))[0]).toEqual([
      { id: optionId, productId, name: 'Size', position: 0, values: ['Small', 'M', 'L'] },
    ])

    // A replay of events already applied changes nothing.
    await replay({ ...last, data: { productId, variantIds: [v2, v1, v3] } })
    expect((await variantsOfProducts(db, STORE, [productId]))[0]!.map((v) => v.id)).toEqual([v3, v1, v2])
  })

  it('finds products by SKU in the full-text search', async () => {
    const found = await listProducts(db, STORE, { filter: { search: 'TEE-MEDIUM' } })
    expect(found.nodes.map((p) => p.id)).toEqual([productId])
    expect((await listProducts(db, STORE, { filter: { search: 'TEE-M' } })).totalCount).toBe(1)
  })

  it('lists variants with filters, sorts and both pagination modes', async () => {
    const ids = async (args: Parameters<typeof listVariants>[2]) =>
      (await listVariants(db, STORE, args)).nodes.map((v) => v.sku)
    expect(await ids({ sort: 'PRICE_ASC' })).toEqual(['TEE-L', 'TEE-S', 'TEE-MEDIUM'])
    expect(await ids({ productId, sort: 'POSITION_DESC' })).toEqual(['TEE-MEDIUM', 'TEE-S', 'TEE-L'])
    expect(await ids({ filter: { sku: { startsWith: 'tee-m' } } })).toEqual(['TEE-MEDIUM'])
    expect(await ids({ filter: { inventoryQuantity: { min: 4, max: 100 } }, sort: 'INVENTORY_QUANTITY_ASC' })).toEqual([
      'TEE-MEDIUM',
      'TEE-L',
    ])
    expect(await ids({ filter: { or: [{ sku: { eq: 'TEE-S' } }, { inventoryQuantity: { max: 3 } }] } })).toEqual([
      'TEE-S',
    ])
    expect(await ids({ productId: randomUUID() })).toEqual([])
    const first = await listVariants(db, STORE, { sort: 'SKU_ASC', first: 2 })
    const rest = await listVariants(db, STORE, { sort: 'SKU_ASC', first: 2, after: first.pageInfo.endCursor })
    expect([...first.nodes, ...rest.nodes].map((v) => v.sku)).toEqual(['TEE-L', 'TEE-MEDIUM', 'TEE-S'])
    expect(rest.pageInfo.hasNextPage).toBe(false)
    const page2 = await listVariants(db, STORE, { sort: 'SKU_ASC', page: 2, limit: 2 })
    expect(page2.nodes.map((v) => v.sku)).toEqual(['TEE-S'])
    expect(page2.pageInfo).toMatchObject({ page: 2, totalPages: 2 })
  })

  it('removes a deleted variant from the summary, and everything with the product', async () => {
    await project({ type: 'ProductVariantDeleted', data: { productId, variantId: v3, sku: 'TEE-L' } }, 10)
    expect(await summary()).toEqual({
      priceMin: 1000,
      priceMax: 1500,
      currencyCode: 'EUR',
      inventoryTotal: 10,
      variantCount: 2,
    })
    expect(await skus()).toEqual(['TEE-S', 'TEE-MEDIUM'])
    await project({ type: 'ProductOptionRemoved', data: { productId, optionId, name: 'Size' } }, 11)
    expect((await variantsOfProducts(db, STORE, [productId]))[0]!.map((v) => [v.title, v.optionValues])).toEqual([
      ['', []],
      ['', []],
    ])
    await project({ type: 'ProductDeleted', data: { productId, handle: 'tee' } }, 12)
    expect(await summary()).toBeNull()
    expect(await db.selectFrom('product_variants').select('id').where('product_id', '=', productId).execute()).toEqual(
      [],
    )
    expect(await db.selectFrom('product_options').select('id').where('product_id', '=', productId).execute()).toEqual(
      [],
    )
  })
})
