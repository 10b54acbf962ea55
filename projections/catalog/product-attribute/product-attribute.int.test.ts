import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StoredValue } from '../../../domain/catalog/attribute/values.js'
import type { AnyDb } from '../../../infra/database/database.js'
import type { RecordedEvent } from '../../../infra/eventstore/port.js'
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js'
import { productAttributesProjection } from './projection.js'
import {
  attributeSetIdsOfProducts,
  attributeUsage,
  attributeValuesOfProducts,
  productsInAttributeSet,
} from './queries.js'

// The rows facets and filters read: one per atomic value, in the column of its type.

const STORE = randomUUID()
const OTHER = randomUUID()
const [SIZE, WIDTH, LAUNCH, SALE, COLOURS] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()]
const SET = randomUUID()

let test: TestDatabase
let db: AnyDb
let position = 0

async function project(type: string, data: Record<string, unknown>, storeId = STORE): Promise<void> {
  const recorded: RecordedEvent = {
    id: randomUUID(),
    type,
    data,
    metadata: {
      organizationId: randomUUID(),
      storeId,
      actor: { type: 'system', id: 'test' },
      correlationId: 'c',
      causationId: null,
      schemaVersion: 1,
      occurredAt: '2026-03-01T10:00:00.000Z',
    },
    streamName: `product-${storeId}_${String(data.productId ?? data.attributeId)}`,
    revision: 0,
    position: String(++position).padStart(20, '0'),
    recordedAt: new Date(),
  }
  await db.transaction().execute((trx) => productAttributesProjection.apply(recorded, trx))
}

const values = (): StoredValue[] => [
  { attributeId: SIZE, code: 'size', type: 'SELECT', value: 'm' },
  { attributeId: WIDTH, code: 'width', type: 'NUMBER', value: 12.5 },
  { attributeId: LAUNCH, code: 'launch', type: 'DATE', value: '2026-12-01' },
  { attributeId: SALE, code: 'on_sale', type: 'BOOLEAN', value: true },
  { attributeId: COLOURS, code: 'colours', type: 'MULTISELECT', value: ['red', 'blue'] },
]

const atoms = (productId: string) =>
  db
    .selectFrom('product_attribute_values')
    .select([
      'code',
      'value_text',
      'value_number',
      'value_boolean',
      sql<string | null>`value_date::text`.as('value_date'),
    ])
    .where('store_id', '=', STORE)
    .where('product_id', '=', productId)
    .orderBy('code')
    .orderBy('value_text')
    .execute()

beforeAll(async () => {
  test = await createTestDatabase()
  db = test.database.db
  await productAttributesProjection.createTables(db)
  await productAttributesProjection.createTables(db)
})
afterAll(async () => {
  await test?.drop()
})

describe('product_attributes projection', () => {
  it('writes one row per atomic value, a multiselect of two options as two rows', async () => {
    const p = randomUUID()
    await project('ProductAttributeValuesSet', { productId: p, values: values() })
    expect(await atoms(p)).toEqual([
      { code: 'colours', value_text: 'blue', value_number: null, value_boolean: null, value_date: null },
      { code: 'colours', value_text: 'red', value_number: null, value_boolean: null, value_date: null },
      { code: 'launch', value_text: null, value_number: null, value_boolean: null, value_date: '2026-12-01' },
      { code: 'on_sale', value_text: null, value_number: null, value_boolean: true, value_date: null },
      { code: 'size', value_text: 'm', value_number: null, value_boolean: null, value_date: null },
      { code: 'width', value_text: null, value_number: '12.5', value_boolean: null, value_date: null },
    ])
    expect((await attributeValuesOfProducts(db, STORE, [p]))[0]!.find((v) => v.code === 'colours')).toMatchObject({
      value: ['red', 'blue'],
    })
  })

  it('replaces a value whole, removes values, and is the same when an event is applied twice', async () => {
    const p = randomUUID()
    await project('ProductAttributeValuesSet', { productId: p, values: values() })
    const changed = {
      productId: p,
      values: [{ attributeId: COLOURS, code: 'colours', type: 'MULTISELECT', value: ['green'] }],
    }
    await project('ProductAttributeValuesSet', changed)
    await project('ProductAttributeValuesSet', changed)
    expect((await atoms(p)).filter((a) => a.code === 'colours').map((a) => a.value_text)).toEqual(['green'])
    await project('ProductAttributeValuesRemoved', { productId: p, values: [{ attributeId: WIDTH, code: 'width' }] })
    expect((await atoms(p)).map((a) => a.code)).toEqual(['colours', 'launch', 'on_sale', 'size'])
  })

  it('follows set moves, counts usage per option, and drops rows of deleted products and force-deleted attributes', async () => {
    const [a, b] = [randomUUID(), randomUUID()]
    for (const p of [a, b]) {
      await project('ProductAttributeSetChanged', { productId: p, from: null, to: SET, dropped: [] })
      await project('ProductAttributeValuesSet', { productId: p, values: values() })
    }
    await project('ProductAttributeValuesSet', { productId: randomUUID(), values: values() }, OTHER)
    expect(await productsInAttributeSet(db, STORE, SET)).toBe(2)
    expect(await attributeSetIdsOfProducts(db, STORE, [a, randomUUID()])).toEqual([SET, null])

    await project('ProductAttributeSetChanged', {
      productId: b,
      from: SET,
      to: null,
      dropped: [{ attributeId: SIZE, code: 'size' }],
    })
    expect(await productsInAttributeSet(db, STORE, SET)).toBe(1)
    expect((await atoms(b)).some((row) => row.code === 'size')).toBe(false)

    await project('ProductDeleted', { productId: a, handle: 'a' })
    expect(await atoms(a)).toEqual([])
    expect(await productsInAttributeSet(db, STORE, SET)).toBe(0)

    const usage = await attributeUsage(db, STORE, COLOURS)
    expect(usage.values).toBeGreaterThan(0)
    expect(usage.byOption.red).toBeGreaterThan(0)
    await project('AttributeDeleted', { attributeId: COLOURS, code: 'colours', valuesDropped: usage.values })
    expect(await attributeUsage(db, STORE, COLOURS)).toEqual({ values: 0, byOption: {} })
    // Another store's rows are its own.
    expect(
      (
        await db
          .selectFrom('product_attribute_values')
          .select('code')
          .where('store_id', '=', OTHER)
          .where('code', '=', 'colours')
          .execute()
      ).length,
    ).toBe(2)
  })
})
