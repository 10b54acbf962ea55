import { CATEGORY_ENTITY } from '../../../domain/catalog/category/streams.js'
import type { AnyDb } from '../../../infra/database/database.js'
import type { RecordedEvent } from '../../../infra/eventstore/port.js'

/**
 * How the audit log files an event of a store's category tree stream: under the category it is
 * about (`entityType` 'category', `entityId` its id), with the category's own revision (its
 * events so far, minus one) rather than the tree stream's, so a category's history reads like
 * any other entity's and its revisions are those `categoryRevert` takes.
 */
export async function categoryAuditEntity(
  trx: AnyDb,
  storeId: string,
  event: RecordedEvent,
): Promise<{ type: string; id: string; revision: number }> {
  const id = String(event.data.categoryId)
  const earlier = await trx
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('store_id', '=', storeId)
    .where('entity_type', '=', CATEGORY_ENTITY)
    .where('entity_id', '=', id)
    .where('position', '<', event.position)
    .executeTakeFirst()
  return { type: CATEGORY_ENTITY, id, revision: Number(earlier?.count ?? 0) }
}
