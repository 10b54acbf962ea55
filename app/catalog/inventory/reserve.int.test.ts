import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DomainError } from '../../../domain/shared/errors.js'
import { startTestApp, type Tenant, type TestApp } from '../../../test/support/app.js'
import type { CommandContext } from '../../commands/context.js'
import { releaseOrderInventory, reserveOrderInventory } from './reserve.js'

// Checkout's stock holds through the real command path: on Postgres when DATABASE_URL is set
// (every shopper on a connection of its own), on PGlite otherwise, with the same assertions.

let t: TestApp
/** Read models and reactions follow the log: wait for them, with room for a loaded machine. */
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 50 })
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => {
  await t.close()
})

const shopper = (tenant: Tenant): CommandContext => ({
  organizationId: tenant.organizationId,
  storeId: tenant.storeId,
  actor: { type: 'system', id: 'storefront', name: 'storefront shopper' },
  scopes: [],
  correlationId: uuidv7(),
  causationId: null,
  now: new Date(),
})

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString()

type Stock = { id: string; inventoryQuantity: number; inventoryReserved: number; inventoryAvailable: number | null }

/** A product with one tracked variant holding `quantity` and one untracked variant. */
async function product(tenant: Tenant, quantity: number) {
  const response = await t.gql<{
    productCreate: { product: { id: string; variants: { id: string; inventoryTracked: boolean }[] } }
  }>(
    tenant.apiKey,
    `mutation ($input: ProductCreateInput!) { productCreate(input: $input) { product { id variants { id inventoryTracked } } } }`,
    {
      input: {
        title: `Last units ${uuidv7()}`,
        options: [{ name: 'Kind', values: ['Counted', 'Print on demand'] }],
        variants: [
          { price: '10.00', inventoryQuantity: quantity, optionValues: [{ name: 'Kind', value: 'Counted' }] },
          {
            price: '12.00',
            inventoryTracked: false,
            optionValues: [{ name: 'Kind', value: 'Print on demand' }],
          },
        ],
      },
    },
  )
  expect(response.errors).toBeUndefined()
  const created = response.data!.productCreate.product
  return {
    productId: created.id,
    tracked: created.variants.find((v) => v.inventoryTracked)!.id,
    untracked: created.variants.find((v) => !v.inventoryTracked)!.id,
  }
}

async function stock(tenant: Tenant, productId: string): Promise<Stock[]> {
  const response = await t.gql<{ product: { variants: Stock[] } }>(
    tenant.apiKey,
    'query ($id: ID) { product(id: $id) { variants { id inventoryQuantity inventoryReserved inventoryAvailable } } }',
    { id: productId },
  )
  expect(response.errors).toBeUndefined()
  return response.data!.product.variants
}

async function auditTypes(tenant: Tenant, productId: string, eventType: string) {
  const response = await t.gql<{ auditLog: { nodes: { data: Record<string, unknown> }[] } }>(
    tenant.apiKey,
    'query ($id: ID, $type: String) { auditLog(filter: { entityId: $id, eventType: $type }, first: 100) { nodes { data } } }',
    { id: productId, type: eventType },
  )
  expect(response.errors).toBeUndefined()
  return response.data!.auditLog.nodes.map((node) => node.data)
}

describe('reserveOrderInventory', () => {
  it('gives 20 shoppers racing for the last 5 units exactly 5 holds and 15 SOLD_OUT answers', async () => {
    const tenant = await t.tenant('last-five')
    const { productId, tracked } = await product(tenant, 5)
    const orders = Array.from({ length: 20 }, () => uuidv7())
    const outcomes = await Promise.allSettled(
      orders.map((orderId) =>
        reserveOrderInventory(t.platform, shopper(tenant), {
          orderId,
          lines: [{ productId, variantId: tracked, quantity: 1 }],
          expiresAt: inAnHour(),
        }),
      ),
    )
    const held = outcomes.filter((o) => o.status === 'fulfilled')
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []))
    expect(held).toHaveLength(5)
    expect(refused).toHaveLength(15)
    for (const error of refused) {
      expect(error).toBeInstanceOf(DomainError)
      expect(error).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: ['input', 'lines', 0, 'quantity'],
        details: { reason: 'SOLD_OUT', available: 0 },
      })
    }
    // The log holds exactly the five holds; the stock is untouched until payment.
    await eventually(() => auditTypes(tenant, productId, 'ProductInventoryReserved')).toHaveLength(5)
    const holds = await auditTypes(tenant, productId, 'ProductInventoryReserved')
    expect(new Set(holds.map((h) => h.orderId)).size).toBe(5)
    await eventually(async () => (await stock(tenant, productId)).find((v) => v.id === tracked)).toMatchObject({
      inventoryQuantity: 5,
      inventoryReserved: 5,
      inventoryAvailable: 0,
    })
    // The five pay: their holds become sales, and the stock is 0 with nothing held.
    const commit = t.platform.registry.get('productInventoryCommit')
    for (const [index, outcome] of outcomes.entries())
      if (outcome.status === 'fulfilled')
        await t.platform.execute(
          commit,
          { productId, orderId: orders[index] },
          { ...shopper(tenant), scopes: ['products:write'] },
        )
    await eventually(async () => (await stock(tenant, productId)).find((v) => v.id === tracked)).toMatchObject({
      inventoryQuantity: 0,
      inventoryReserved: 0,
      inventoryAvailable: 0,
    })
    await eventually(() => auditTypes(tenant, productId, 'ProductInventoryAdjusted')).toHaveLength(5)
    expect(new Set((await auditTypes(tenant, productId, 'ProductInventoryAdjusted')).map((a) => a.reason))).toEqual(
      new Set(['SOLD']),
    )
  })

  it('holds all lines of an order or none, naming the order line that is sold out', async () => {
    const tenant = await t.tenant('all-or-none')
    const first = await product(tenant, 3)
    const second = await product(tenant, 1)
    const orderId = uuidv7()
    const error = await reserveOrderInventory(t.platform, shopper(tenant), {
      orderId,
      lines: [
        { productId: first.productId, variantId: first.tracked, quantity: 2 },
        { productId: first.productId, variantId: first.untracked, quantity: 40 },
        { productId: second.productId, variantId: second.tracked, quantity: 2 },
      ],
      expiresAt: inAnHour(),
    }).catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'lines', 2, 'quantity'],
      details: { reason: 'SOLD_OUT', available: 1 },
    })
    // The first product's hold was given back: everything is available again.
    await eventually(async () =>
      (await auditTypes(tenant, first.productId, 'ProductInventoryReleased')).map((r) => [
        r.variantId,
        r.quantity,
        r.reason,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [first.tracked, 2, 'CHECKOUT_FAILED'],
        [first.untracked, 40, 'CHECKOUT_FAILED'],
      ]),
    )
    await eventually(async () =>
      (await stock(tenant, first.productId)).map((v) => [v.inventoryReserved, v.inventoryAvailable]),
    ).toEqual([
      [0, 3],
      [0, null],
    ])
  })

  it('holds nothing twice for a retried order, and releases once', async () => {
    const tenant = await t.tenant('retried-order')
    const { productId, tracked, untracked } = await product(tenant, 4)
    const orderId = uuidv7()
    const lines = [
      { productId, variantId: tracked, quantity: 1 },
      { productId, variantId: tracked, quantity: 1 },
      { productId, variantId: untracked, quantity: 7 },
    ]
    await reserveOrderInventory(t.platform, shopper(tenant), { orderId, lines, expiresAt: inAnHour() })
    await reserveOrderInventory(t.platform, shopper(tenant), { orderId, lines, expiresAt: inAnHour() })
    await eventually(async () =>
      (await stock(tenant, productId)).map((v) => [v.inventoryReserved, v.inventoryAvailable]),
    ).toEqual([
      [2, 2],
      [7, null],
    ])
    await releaseOrderInventory(t.platform, shopper(tenant), { orderId, lines, reason: 'CANCELLED' })
    await releaseOrderInventory(t.platform, shopper(tenant), { orderId, lines, reason: 'CANCELLED' })
    await eventually(() => auditTypes(tenant, productId, 'ProductInventoryReleased')).toHaveLength(2)
    expect(await auditTypes(tenant, productId, 'ProductInventoryReserved')).toHaveLength(2)
    await eventually(async () =>
      (await stock(tenant, productId)).map((v) => [v.inventoryReserved, v.inventoryAvailable]),
    ).toEqual([
      [0, 4],
      [0, null],
    ])
  })

  it("treats another store's product like one that does not exist", async () => {
    const owner = await t.tenant('stock-owner')
    const other = await t.tenant('stock-other')
    const { productId, tracked } = await product(owner, 2)
    const error = await reserveOrderInventory(t.platform, shopper(other), {
      orderId: uuidv7(),
      lines: [{ productId, variantId: tracked, quantity: 1 }],
      expiresAt: inAnHour(),
    }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'NOT_FOUND' })
    expect((await stock(owner, productId))[0]).toMatchObject({ inventoryReserved: 0, inventoryAvailable: 2 })
  })
})
