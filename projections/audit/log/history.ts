import type { AnyDb } from '../../../infra/database/database.js'
import { isUuid } from '../../../domain/shared/ids.js'
import { entryPage, pageOfEntries, pageSize, type AuditPage, type EntryPageArgs } from './queries.js'

/** Which entity's history: its stream category (`product`, `category`, `attribute` …) and id. */
export interface EntityRef {
  entityType: string
  entityId: string
}

/**
 * One entity's history from the audit log, newest first: every event with its actor, time and
 * revision. `after` is the endCursor of the previous page (an event position); the next page
 * holds the events before it. Any resource's `history` field serves from here.
 *
 * @example await readEntityHistory(db, storeId, { entityType: 'product', entityId: id }, { first: 10 })
 */
export async function readEntityHistory(
  db: AnyDb,
  storeId: string,
  entity: EntityRef,
  args: EntryPageArgs,
  options: { count?: boolean } = {},
): Promise<AuditPage> {
  const first = pageSize(args, 'this history')
  if (!isUuid(storeId) || !isUuid(entity.entityId)) return entryPage([], first, args.after, 0)
  const query = db
    .selectFrom('audit_log')
    .where('store_id', '=', storeId)
    .where('entity_type', '=', entity.entityType)
    .where('entity_id', '=', entity.entityId.toLowerCase())
  return pageOfEntries(query, args, first, 'desc', options)
}
