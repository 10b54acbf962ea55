import type { ProductStatus } from '../../../domain/catalog/product/events.js'
import { dueRows } from '../../shared/publishable.js'
import type { ProductDb } from './tables.js'

/** Products of every store whose publishAt has come and which are not ACTIVE yet: what the publish scheduler turns ACTIVE. */
export function dueForPublishing(db: ProductDb, now: Date, limit: number) {
  return dueRows(db, 'products', now, limit, 'ACTIVE' satisfies ProductStatus)
}
