import type { ProductDeleted } from '../../../domain/catalog/product/events.js'
import {
  RESERVATION_EVENT_TYPES,
  type ProductReservationEvent,
} from '../../../domain/catalog/product/reservation-events.js'
import { INVENTORY_RESERVATIONS_TABLE, type InventoryReservationDb } from './tables.js'
import { deleteInStore } from '../../shared/store-rows.js'
import { storeProjection } from '../../shared/entity-projection.js'

/**
 * The `inventory_reservations` read model: what each order holds of each variant. Every write is
 * guarded so a replay changes nothing: a hold is inserted once, only an ACTIVE hold is released,
 * and a commit (also of a released hold: a late payment) is final.
 */
export const inventoryReservationsProjection = storeProjection({
  version: 1,
  eventTypes: [...RESERVATION_EVENT_TYPES, 'ProductDeleted'],
  tables: [INVENTORY_RESERVATIONS_TABLE],
  async apply(event: ProductReservationEvent | ProductDeleted, db: InventoryReservationDb, { storeId, recorded }) {
    const at = recorded.metadata.occurredAt
    const row = (orderId: string, variantId: string) =>
      db
        .updateTable('inventory_reservations')
        .where('store_id', '=', storeId)
        .where('order_id', '=', orderId)
        .where('variant_id', '=', variantId)
    switch (event.type) {
      case 'ProductInventoryReserved': {
        const { productId, variantId, orderId, quantity, expiresAt } = event.data
        await db
          .insertInto('inventory_reservations')
          .values({
            store_id: storeId,
            organization_id: recorded.metadata.organizationId,
            product_id: productId,
            variant_id: variantId,
            order_id: orderId,
            quantity,
            expires_at: expiresAt,
            state: 'ACTIVE',
            reason: null,
            created_at: at,
            updated_at: at,
          })
          .onConflict((c) => c.columns(['store_id', 'order_id', 'variant_id']).doNothing())
          .execute()
        return
      }
      case 'ProductInventoryReleased':
        await row(event.data.orderId, event.data.variantId)
          .set({ state: 'RELEASED', reason: event.data.reason, updated_at: at })
          .where('state', '=', 'ACTIVE')
          .execute()
        return
      case 'ProductInventoryCommitted':
        await row(event.data.orderId, event.data.variantId)
          .set({ state: 'COMMITTED', reason: null, updated_at: at })
          .where('state', '!=', 'COMMITTED')
          .execute()
        return
      case 'ProductDeleted':
        await deleteInStore(db, 'inventory_reservations', storeId, { product_id: event.data.productId })
        return
      default: {
        const _exhaustive: never = event
        return _exhaustive
      }
    }
  },
})
