import type { Kysely, Selectable } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
import { createIndexes, type Timestamp } from '../../shared/entity-table.js'

export const RESERVATION_STATES = ['ACTIVE', 'RELEASED', 'COMMITTED'] as const
export type ReservationState = (typeof RESERVATION_STATES)[number]

/**
 * One row per order and variant that an order held: ACTIVE while the units are held, RELEASED
 * when they were given back (with `reason`), COMMITTED once sold. A deleted product's rows go with it.
 */
export interface InventoryReservationsTable {
  store_id: string
  organization_id: string
  product_id: string
  variant_id: string
  order_id: string
  quantity: number
  expires_at: Timestamp
  state: ReservationState
  /** Why a RELEASED hold ended (EXPIRED, CANCELLED …); null otherwise. */
  reason: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface InventoryReservationDatabase {
  inventory_reservations: InventoryReservationsTable
}

export type InventoryReservationRow = Selectable<InventoryReservationsTable>
export type InventoryReservationDb = Kysely<InventoryReservationDatabase>

export async function createInventoryReservationTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('inventory_reservations')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('organization_id', 'uuid', (c) => c.notNull())
    .addColumn('product_id', 'uuid', (c) => c.notNull())
    .addColumn('variant_id', 'uuid', (c) => c.notNull())
    .addColumn('order_id', 'uuid', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('inventory_reservations_pkey', ['store_id', 'order_id', 'variant_id'])
    .execute()
  // Reserved units per variant of a product; the expiry scheduler's due holds across stores.
  await createIndexes(db, 'inventory_reservations', {
    inventory_reservations_product_idx: ['store_id', 'product_id', 'state'],
    inventory_reservations_variant_idx: ['store_id', 'variant_id', 'state'],
    inventory_reservations_due_idx: ['state', 'expires_at'],
  })
}
