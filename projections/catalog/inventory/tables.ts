import type { Kysely } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
import { column, createTable, table, type DatabaseOf } from '../../shared/table.js'

export const RESERVATION_STATES = ['ACTIVE', 'RELEASED', 'COMMITTED'] as const
export type ReservationState = (typeof RESERVATION_STATES)[number]

/**
 * One row per order and variant that an order held: ACTIVE while the units are held, RELEASED
 * when they were given back (with `reason`), COMMITTED once sold. A deleted product's rows go with it.
 */
export const INVENTORY_RESERVATIONS_TABLE = table(
  'inventory_reservations',
  {
    store_id: column.uuid(),
    organization_id: column.uuid(),
    product_id: column.uuid(),
    variant_id: column.uuid(),
    order_id: column.uuid(),
    quantity: column.integer(),
    expires_at: column.timestamptz(),
    state: column.text<ReservationState>(),
    /** Why a RELEASED hold ended (EXPIRED, CANCELLED …); null otherwise. */
    reason: column.text().nullable(),
    created_at: column.timestamptz(),
    updated_at: column.timestamptz(),
  },
  {
    primaryKey: ['store_id', 'order_id', 'variant_id'],
    // Reserved units per variant of a product; the expiry scheduler's due holds across stores.
    indexes: {
      inventory_reservations_product_idx: ['store_id', 'product_id', 'state'],
      inventory_reservations_variant_idx: ['store_id', 'variant_id', 'state'],
      inventory_reservations_due_idx: ['state', 'expires_at'],
    },
  },
)

export type InventoryReservationDatabase = DatabaseOf<typeof INVENTORY_RESERVATIONS_TABLE>
export type InventoryReservationDb = Kysely<InventoryReservationDatabase>

export const createInventoryReservationTables = (db: AnyDb) => createTable(db, INVENTORY_RESERVATIONS_TABLE)
