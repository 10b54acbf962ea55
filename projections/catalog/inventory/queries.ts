import type { InventoryReservationDb, ReservationState } from './tables.js'

/** Units held by live reservations, per variant id; variants holding none are absent. */
export async function reservedByVariant(
  db: InventoryReservationDb,
  storeId: string,
  variantIds: readonly string[],
): Promise<Map<string, number>> {
  if (variantIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('inventory_reservations')
    .select(['variant_id'])
    .select((eb) => eb.fn.sum<string | number>('quantity').as('reserved'))
    .where('store_id', '=', storeId)
    .where('variant_id', 'in', [...new Set(variantIds)])
    .where('state', '=', 'ACTIVE')
    .groupBy('variant_id')
    .execute()
  return new Map(rows.map((row) => [row.variant_id, Number(row.reserved)]))
}

/** A live hold past its expiry: one per order and product, whatever the number of its variants. */
export interface DueReservation {
  organizationId: string
  storeId: string
  orderId: string
  productId: string
}

/** Holds still ACTIVE whose `expires_at` is at or before `now`, oldest first, across stores. */
export async function dueReservations(db: InventoryReservationDb, now: Date, limit: number): Promise<DueReservation[]> {
  const rows = await db
    .selectFrom('inventory_reservations')
    .select(['organization_id', 'store_id', 'order_id', 'product_id'])
    .select((eb) => eb.fn.min('expires_at').as('expires_at'))
    .where('state', '=', 'ACTIVE')
    .where('expires_at', '<=', now)
    .groupBy(['organization_id', 'store_id', 'order_id', 'product_id'])
    .orderBy('expires_at')
    .orderBy('order_id')
    .limit(limit)
    .execute()
  return rows.map((row) => ({
    organizationId: row.organization_id,
    storeId: row.store_id,
    orderId: row.order_id,
    productId: row.product_id,
  }))
}

/** What an order holds or held, per variant, in the store. */
export async function reservationsOfOrder(db: InventoryReservationDb, storeId: string, orderId: string) {
  const rows = await db
    .selectFrom('inventory_reservations')
    .select(['product_id', 'variant_id', 'quantity', 'expires_at', 'state', 'reason'])
    .where('store_id', '=', storeId)
    .where('order_id', '=', orderId)
    .orderBy('product_id')
    .orderBy('variant_id')
    .execute()
  return rows.map((row) => ({
    productId: row.product_id,
    variantId: row.variant_id,
    quantity: row.quantity,
    expiresAt: new Date(row.expires_at),
    state: row.state as ReservationState,
    reason: row.reason,
  }))
}
