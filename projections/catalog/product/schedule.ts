import type { ProductDb } from './tables.js'

/** A product whose publish time has come, with the tenant it belongs to. */
export interface DueProduct {
  organizationId: string
  storeId: string
  productId: string
}

/**
 * Products of every store whose publishAt is at or before `now` and which are not ACTIVE yet,
 * earliest first: what the publish scheduler turns ACTIVE. The read model may lag a moment; the
 * command decides again on the product's stream, so a stale row costs a no-op and nothing more.
 */
export async function dueForPublishing(db: ProductDb, now: Date, limit: number): Promise<DueProduct[]> {
  const rows = await db
    .selectFrom('products')
    .select(['organization_id', 'store_id', 'id'])
    .where('publish_at', 'is not', null)
    .where('publish_at', '<=', now)
    .where('status', '<>', 'ACTIVE')
    .orderBy('publish_at')
    .orderBy('id')
    .limit(limit)
    .execute()
  return rows.map((row) => ({ organizationId: row.organization_id, storeId: row.store_id, productId: row.id }))
}
