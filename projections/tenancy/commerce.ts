import type { Kysely } from 'kysely'
import { isUuid } from '../../domain/shared/ids.js'
import type { AnyDb } from '../../infra/database/database.js'
import type { TenancyTables } from './tables.js'

/**
 * Storefront-facing reads go through here for anything about selling: with commerce off the
 * store is a catalog-only showroom, so prices (and with them buying) are not shown at all.
 *
 * @example const price = storefrontPrice(store, variant.price) // null in a showroom
 */
export function storefrontPrice<Price>(store: { commerceEnabled: boolean }, price: Price): Price | null {
  return store.commerceEnabled ? price : null
}

/** Whether the store sells; false for an unknown store, which sells nothing. */
export async function isCommerceEnabled(db: AnyDb, storeId: string): Promise<boolean> {
  if (!isUuid(storeId)) return false
  const row = await (db as Kysely<TenancyTables>)
    .selectFrom('stores')
    .select('commerce_enabled')
    .where('id', '=', storeId)
    .executeTakeFirst()
  return row?.commerce_enabled ?? false
}
