import { randomUUID } from 'node:crypto'
import { describe, it } from 'vitest'
import { productStream } from '../../../domain/catalog/product/streams.js'
import { type SpecStore, useProjectionSpec } from '../../../test/support/projection-spec.js'
import { inventoryReservationsProjection } from './projection.js'

const spec = useProjectionSpec(inventoryReservationsProjection)

const EXPIRES = '2026-01-01T00:15:00.000Z'
const HOLD = ['order_id', 'variant_id', 'quantity', 'state', 'reason']

function productOf(shop: SpecStore) {
  const { productId, event } = shop.newEntity(productStream, 'productId')
  const variantId = randomUUID()
  const of = (orderId: string, quantity: number) => ({ variantId, orderId, quantity })
  return {
    productId,
    variantId,
    reserved: (orderId: string, quantity = 2) =>
      event('ProductInventoryReserved', { ...of(orderId, quantity), expiresAt: EXPIRES }),
    released: (orderId: string, reason = 'EXPIRED', quantity = 2) =>
      event('ProductInventoryReleased', { ...of(orderId, quantity), reason }),
    committed: (orderId: string, quantity = 2) => event('ProductInventoryCommitted', of(orderId, quantity)),
    deleted: () => event('ProductDeleted', { handle: 'mug' }),
  }
}

describe('inventory reservations read model', () => {
  it("files an order's hold on a variant as active until it expires", async () => {
    const shop = spec.store()
    const mug = productOf(shop)
    const orderId = randomUUID()
    const reserved = mug.reserved(orderId)
    await spec.given([reserved]).thenRows('inventory_reservations', shop.storeId, [
      {
        organization_id: shop.organizationId,
        product_id: mug.productId,
        variant_id: mug.variantId,
        order_id: orderId,
        quantity: 2,
        expires_at: EXPIRES,
        state: 'ACTIVE',
        reason: null,
        created_at: reserved.metadata.occurredAt,
        updated_at: reserved.metadata.occurredAt,
      },
    ])
  })

  it('releases a hold with its reason, commits a paid one, and commits a released one that was paid late', async () => {
    const shop = spec.store()
    const mug = productOf(shop)
    const [expired, paid, late] = [randomUUID(), randomUUID(), randomUUID()].sort()
    await spec
      .given([
        mug.reserved(expired!),
        mug.reserved(paid!, 1),
        mug.reserved(late!, 3),
        mug.released(expired!, 'EXPIRED'),
        mug.committed(paid!, 1),
        mug.released(late!, 'CANCELLED', 3),
        mug.committed(late!, 3),
      ])
      .thenRows('inventory_reservations', shop.storeId, [
        { order_id: expired, variant_id: mug.variantId, quantity: 2, state: 'RELEASED', reason: 'EXPIRED' },
        { order_id: paid, variant_id: mug.variantId, quantity: 1, state: 'COMMITTED', reason: null },
        { order_id: late, variant_id: mug.variantId, quantity: 3, state: 'COMMITTED', reason: null },
      ])
  })

  it('changes nothing on a replay: a hold is filed once, a committed one is not released again', async () => {
    const shop = spec.store()
    const mug = productOf(shop)
    const orderId = randomUUID()
    const reserved = mug.reserved(orderId)
    const committed = mug.committed(orderId)
    const released = mug.released(orderId, 'EXPIRED')
    const expected = [{ order_id: orderId, variant_id: mug.variantId, quantity: 2, state: 'COMMITTED', reason: null }]
    await spec.given([reserved, committed, released]).thenRows('inventory_reservations', shop.storeId, expected, HOLD)
    await spec
      .given([{ ...reserved, data: { ...reserved.data, quantity: 5 } }, committed, released])
      .thenRows('inventory_reservations', shop.storeId, expected, HOLD)
  })

  it("drops the holds of a deleted product only, and leaves another store's holds alone", async () => {
    const shop = spec.store()
    const other = spec.store()
    const [mug, cup] = [productOf(shop), productOf(shop)]
    const theirs = productOf(other)
    const orderId = randomUUID()
    await spec
      .given([mug.reserved(orderId), cup.reserved(orderId, 1), theirs.reserved(orderId), mug.deleted()])
      .thenRows('inventory_reservations', shop.storeId, [{ product_id: cup.productId, quantity: 1, state: 'ACTIVE' }])
    await spec
      .given([])
      .thenRows('inventory_reservations', other.storeId, [{ product_id: theirs.productId, state: 'ACTIVE' }])
  })
})
