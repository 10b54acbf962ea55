import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kysely } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
import { at, productProjectionFixture } from '../../../test/support/product-projection.js'
import { createInventoryReservationTables, type InventoryReservationDatabase } from '../inventory/tables.js'
import { reservedByVariant } from '../inventory/queries.js'
import { createMediaTables, type MediaDatabase } from '../../media/tables.js'
import { mediaOfProducts } from '../../media/queries.js'
import { productDetails } from './details.js'
import { optionsOfProducts, variantsOfProducts } from './variant-queries.js'

const STORE = randomUUID()
const ORGANIZATION = randomUUID()
const projection = productProjectionFixture()
let db: AnyDb
/** The media and reservation tables, written directly: their projections are not this test's. */
let tables: Kysely<MediaDatabase & InventoryReservationDatabase>
let shirt: string
let mug: string

beforeAll(async () => {
  await projection.open()
  db = projection.db
  tables = db as Kysely<MediaDatabase & InventoryReservationDatabase>
  await createMediaTables(db)
  await createInventoryReservationTables(db)
  shirt = (await projection.createProduct(STORE, { title: 'Shirt' }, at(0))).productId
  mug = (await projection.createProduct(STORE, { title: 'Mug' }, at(1))).productId
  const variantId = randomUUID()
  await projection.project(
    STORE,
    {
      type: 'ProductVariantCreated',
      data: {
        productId: shirt,
        variantId,
        sku: 'TEE-S',
        barcode: '',
        price: 1500,
        compareAtPrice: 2000,
        cost: null,
        currencyCode: 'EUR',
        inventoryTracked: true,
        inventoryQuantity: 4,
        weight: { value: 0.2, unit: 'KG' },
        optionValues: [{ name: 'Size', value: 'S' }],
        mediaId: null,
        position: 0,
      },
    },
    at(2),
  )
  const now = new Date(at(3))
  const media = [randomUUID(), randomUUID()]
  for (const [position, id] of media.entries()) {
    await tables
      .insertInto('media')
      .values({
        store_id: STORE,
        organization_id: ORGANIZATION,
        id,
        hash: `hash-${position}`,
        mime_type: 'image/png',
        kind: 'IMAGE',
        width: 800,
        height: 600,
        bytes: 1234,
        filename: `shirt-${position}.png`,
        alt: `Shirt ${position}`,
        revision: 1,
        created_at: now,
        updated_at: now,
      })
      .execute()
    // Shown in the opposite order of their creation: the product's order wins.
    await tables
      .insertInto('product_media')
      .values({ store_id: STORE, product_id: shirt, media_id: id, position: 1 - position })
      .execute()
  }
  for (const [state, quantity] of [
    ['ACTIVE', 2],
    ['ACTIVE', 1],
    ['RELEASED', 5],
  ] as const)
    await tables
      .insertInto('inventory_reservations')
      .values({
        store_id: STORE,
        organization_id: ORGANIZATION,
        product_id: shirt,
        variant_id: variantId,
        order_id: randomUUID(),
        quantity,
        expires_at: now,
        state,
        reason: null,
        created_at: now,
        updated_at: now,
      })
      .execute()
})

afterAll(() => projection.close())

describe('productDetails', () => {
  it('reads in one statement what the per-kind reads give, in the order asked', async () => {
    const ids = [mug, shirt]
    const [variants, options, media] = await Promise.all([
      variantsOfProducts(db, STORE, ids),
      optionsOfProducts(db, STORE, ids),
      mediaOfProducts(db, STORE, ids),
    ])
    const reserved = await reservedByVariant(
      db,
      STORE,
      variants.flat().map((variant) => variant.id),
    )
    const details = await productDetails(db, STORE, ids)
    expect(details.map((detail) => detail.variants)).toEqual(variants)
    expect(details.map((detail) => detail.options)).toEqual(options)
    expect(details.map((detail) => detail.media)).toEqual(media)
    expect(details[1]!.media.map((m) => m.filename)).toEqual(['shirt-1.png', 'shirt-0.png'])
    expect(details[1]!.reserved).toEqual(reserved)
    expect([...details[1]!.reserved.values()]).toEqual([3])
    expect(details[0]!.reserved.size).toBe(0)
  })

  it("answers nothing for ids that are not the store's", async () => {
    const nothing = { variants: [], options: [], media: [], reserved: new Map() }
    expect(await productDetails(db, STORE, [randomUUID(), 'not-an-id'])).toEqual([nothing, nothing])
    expect(await productDetails(db, randomUUID(), [shirt])).toEqual([nothing])
    expect(await productDetails(db, STORE, [])).toEqual([])
  })
})
