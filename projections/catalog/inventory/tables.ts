import type { Kysely, Selectable } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
import {
  createTable,
  integer,
  table,
  text,
  timestamptz,
  uuid,
  type DatabaseOf,
  type RowOf,
} from '../../shared/table.js'

export const RESERVATION_STATES = ['ACTIVE', 'RELEASED', 'COMMITTED'] as const
export type ReservationState = (typeof RESERVATION_STATES)[number]

/**
 * One row per order and variant that an order held: ACTIVE while the units are held, RELEASED
 * when they were given back (with `reason`), COMMITTED once sold. A deleted product's rows go with it.
 */
export const INVENTORY_RESERVATIONS_TABLE = table(
  'inventory_reservations',
  {
    store_id: uuid(),
    organization_id: uuid(),
    product_id: uuid(),
    variant_id: uuid(),
    order_id: uuid(),
    quantity: integer(),
    expires_at: timestamptz(),
    state: text<ReservationState>(),
    /** Why a RELEASED hold ended (EXPIRED, CANCELLED …); null otherwise. */
    reason: text().nullable(),
    created_at: timestamptz(),
    updated_at: timestamptz(),
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
export type InventoryReservationRow = Selectable<RowOf<typeof INVENTORY_RESERVATIONS_TABLE>>
export type InventoryReservationDb = Kysely<InventoryReservationDatabase>

export const createInventoryReservationTables = (db: AnyDb) => createTable(db, INVENTORY_RESERVATIONS_TABLE)
