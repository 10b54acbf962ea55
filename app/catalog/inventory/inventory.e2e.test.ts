import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestApp, type Tenant } from '../../../test/support/app.js'
import { createLogger } from '../../../infra/logging/logger.js'
import type { Scope } from '../../../domain/shared/scopes.js'
import type { CommandContext } from '../../commands/context.js'
import { EXPIRY_ACTOR, ReservationExpiry } from '../../scheduling/reservation-expiry.js'
import { reserveOrderInventory } from './reserve.js'

// How holds end: the expiry scheduler (driven by its tick), and the reactions to an order's
// payment, cancellation and expiry. Asserted through GraphQL: the variant's stock and the audit log.

// The platform's own scheduler stays idle: the test drives expiry by calling tick.
const t = useTestApp({ config: { publishSchedulerIntervalMs: 3_600_000 } })
/** Read models and reactions follow the log: wait for them, with room for a loaded machine. */
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 50 })
let expiry: ReservationExpiry
beforeAll(async () => {
  expiry = new ReservationExpiry({
    db: t.platform.database.db,
    intervalMs: 60_000,
    logger: createLogger('silent'),
    execute: (name, input, ctx) => t.platform.execute(t.platform.registry.get(name), input, ctx),
    streamEventTypes: async (stream) => (await t.platform.eventStore.readStream(stream)).map((e) => e.type),
  })
})
afterAll(async () => {
  await expiry.stop()
})

const context = (tenant: Tenant, scopes: Scope[]): CommandContext => ({
  organizationId: tenant.organizationId,
  storeId: tenant.storeId,
  actor: { type: 'system', id: 'storefront', name: 'storefront shopper' },
  scopes,
  correlationId: uuidv7(),
  causationId: null,
  now: new Date(),
})
const run = (tenant: Tenant, command: string, input: unknown) =>
  t.platform.execute(t.platform.registry.get(command), input, context(tenant, ['orders:write']))

type Stock = { inventoryQuantity: number; inventoryReserved: number; inventoryAvailable: number | null }
type AuditEntry = { type: string; data: Record<string, unknown>; actor: { type: string; id: string } }

async function product(tenant: Tenant, quantity: number) {
  const response = await t.gql<{ productCreate: { product: { id: string; variants: { id: string }[] } } }>(
    tenant.apiKey,
    `mutation ($input: ProductCreateInput!) { productCreate(input: $input) { product { id variants { id } } } }`,
    { input: { title: `Held ${uuidv7()}`, variants: [{ price: '25.00', inventoryQuantity: quantity }] } },
  )
  expect(response.errors).toBeUndefined()
  const created = response.data!.productCreate.product
  return { productId: created.id, variantId: created.variants[0]!.id }
}

async function stock(tenant: Tenant, productId: string): Promise<Stock> {
  const response = await t.gql<{ product: { variants: Stock[] } }>(
    tenant.apiKey,
    'query ($id: ID) { product(id: $id) { variants { inventoryQuantity inventoryReserved inventoryAvailable } } }',
    { id: productId },
  )
  expect(response.errors).toBeUndefined()
  return response.data!.product.variants[0]!
}

async function audit(tenant: Tenant, entityId: string, eventType: string): Promise<AuditEntry[]> {
  const response = await t.gql<{ auditLog: { nodes: AuditEntry[] } }>(
    tenant.apiKey,
    'query ($id: ID, $type: String) { auditLog(filter: { entityId: $id, eventType: $type }, first: 50) { nodes { type data actor { type id } } } }',
    { id: entityId, type: eventType },
  )
  expect(response.errors).toBeUndefined()
  return response.data!.auditLog.nodes
}

/**
 * Holds `quantity` for a new order id and waits until the variant shows it as reserved: the
 * scheduler finds due holds in that read model.
 */
async function hold(tenant: Tenant, item: { productId: string; variantId: string }, quantity: number, expiresAt: Date) {
  const orderId = uuidv7()
  const before = (await stock(tenant, item.productId)).inventoryReserved
  await reserveOrderInventory(t.platform, context(tenant, []), {
    orderId,
    lines: [{ ...item, quantity }],
    expiresAt: expiresAt.toISOString(),
  })
  await eventually(async () => (await stock(tenant, item.productId)).inventoryReserved).toBe(before + quantity)
  return orderId
}

/** What checkout does: holds 2 units for a new order, then places it at 2 × 25.00 EUR, no shipping or tax. */
async function checkout(tenant: Tenant, item: { productId: string; variantId: string }, expiresAt: Date) {
  const orderId = await hold(tenant, item, 2, expiresAt)
  await run(tenant, 'orderPlace', {
    orderId,
    customerId: uuidv7(),
    lines: [{ ...item, title: 'Held', variantTitle: null, sku: null, quantity: 2, unitPrice: 2500 }],
    currencyCode: 'EUR',
    subtotal: 5000,
    shipping: { name: 'Pickup', amount: 0 },
    tax: { rate: 0, inclusive: true, amount: 0 },
    total: 5000,
    provider: 'TEST',
    reservationExpiresAt: expiresAt.toISOString(),
  })
  return orderId
}

const pay = (tenant: Tenant, orderId: string, outcome: { succeeded?: number; failed?: string }) =>
  run(tenant, 'orderPaymentSync', {
    orderId,
    paymentId: `pay-${orderId}`,
    provider: 'TEST',
    providerPaymentId: `pi_${orderId}`,
    succeeded: outcome.succeeded === undefined ? null : { amount: outcome.succeeded, currencyCode: 'EUR' },
    failed: outcome.failed === undefined ? null : { reason: outcome.failed },
    refundedAmount: 0,
    disputed: null,
  })

/** Waits until the item has `quantity` units on hand, `reserved` of them held and the rest available. */
const settles = (tenant: Tenant, item: { productId: string }, quantity: number, reserved: number) =>
  eventually(() => stock(tenant, item.productId)).toEqual({
    inventoryQuantity: quantity,
    inventoryReserved: reserved,
    inventoryAvailable: quantity - reserved,
  })

const past = () => new Date(Date.now() - 60_000)
const later = () => new Date(Date.now() + 3_600_000)

describe('the reservation expiry scheduler', () => {
  it('releases a hold past its expiry whose order was never placed, and leaves the others', async () => {
    const tenant = await t.tenant('expiry-no-order')
    const item = await product(tenant, 5)
    const expired = await hold(tenant, item, 2, past())
    await hold(tenant, item, 1, later())
    await settles(tenant, item, 5, 3)

    expect(await expiry.tick()).toBeGreaterThanOrEqual(1)
    await settles(tenant, item, 5, 1)
    await eventually(() => audit(tenant, item.productId, 'ProductInventoryReleased')).toHaveLength(1)
    const [released] = await audit(tenant, item.productId, 'ProductInventoryReleased')
    expect(released!.data).toMatchObject({ orderId: expired, quantity: 2, reason: 'EXPIRED' })
    expect(released!.actor).toMatchObject({ type: 'system', id: EXPIRY_ACTOR.id })
    // Nothing more is due: a second tick changes nothing.
    expect(await expiry.tick()).toBe(0)
  })

  it('expires an order still waiting for payment and gives its units back', async () => {
    const tenant = await t.tenant('expiry-pending')
    const item = await product(tenant, 3)
    const orderId = await checkout(tenant, item, past())
    await expiry.tick()
    await eventually(() => audit(tenant, orderId, 'OrderExpired')).toHaveLength(1)
    await settles(tenant, item, 3, 0)
  })
})

describe('the order reactions', () => {
  it('sells the held units when the order is paid: stock down, reason SOLD in the audit log', async () => {
    const tenant = await t.tenant('paid-order')
    const item = await product(tenant, 5)
    const orderId = await checkout(tenant, item, later())
    await pay(tenant, orderId, { succeeded: 5000 })
    await settles(tenant, item, 3, 0)
    // The audit log is another read model, on its own clock: wait for it as for the stock.
    await eventually(async () =>
      (await audit(tenant, item.productId, 'ProductInventoryAdjusted')).map((entry) => ({
        data: entry.data,
        actor: entry.actor.type,
      })),
    ).toEqual([
      {
        data: expect.objectContaining({ delta: -2, quantity: 3, reason: 'SOLD', note: `order ${orderId}` }),
        actor: 'system',
      },
    ])
  })

  it('gives the units back when the order is cancelled, and keeps them held after a failed payment', async () => {
    const tenant = await t.tenant('cancelled-order')
    const item = await product(tenant, 4)
    const orderId = await checkout(tenant, item, later())
    await pay(tenant, orderId, { failed: 'card declined' })
    await eventually(() => audit(tenant, orderId, 'OrderPaymentFailed')).toHaveLength(1)
    // The shopper may try again until the hold expires.
    await eventually(() => stock(tenant, item.productId)).toMatchObject({ inventoryReserved: 2, inventoryAvailable: 2 })
    await run(tenant, 'orderCancel', { orderId })
    await settles(tenant, item, 4, 0)
    // The stock and the audit log are two read models: each catches up on its own.
    await eventually(() => audit(tenant, item.productId, 'ProductInventoryReleased')).toHaveLength(1)
    const [released] = await audit(tenant, item.productId, 'ProductInventoryReleased')
    expect(released!.data).toMatchObject({ orderId, reason: 'CANCELLED', quantity: 2 })
  })

  it('still records the sale when the payment arrives after the hold expired, even below zero', async () => {
    const tenant = await t.tenant('late-payment')
    const item = await product(tenant, 2)
    const late = await checkout(tenant, item, past())
    await expiry.tick()
    await eventually(async () => (await stock(tenant, item.productId)).inventoryReserved).toBe(0)
    // Another shopper buys the two units meanwhile.
    const other = await checkout(tenant, item, later())
    await pay(tenant, other, { succeeded: 5000 })
    await eventually(async () => (await stock(tenant, item.productId)).inventoryQuantity).toBe(0)
    await pay(tenant, late, { succeeded: 5000 })
    await settles(tenant, item, -2, 0)
  })
})
