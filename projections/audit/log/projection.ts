import { CATEGORY_TREE_CATEGORY } from '../../../domain/catalog/category/streams.js'
import { parseStreamName } from '../../../domain/shared/streams.js'
import { STORE_CATEGORY } from '../../../domain/tenancy/store/streams.js'
import { RESERVATION_CATEGORY } from '../../../domain/shared/reservations.js'
import type { Projection } from '../../../infra/projections/projection.js'
import { categoryAuditEntity } from '../../catalog/category/audit.js'
import { storeTablesOf } from '../../shared/entity-projection.js'
import { AUDIT_LOG_TABLE } from './tables.js'

/**
 * Every event of a store, as the `auditLog` query shows it. Reservation streams are plumbing of
 * the uniqueness rule, not history a merchant made, so they are left out.
 */
export const auditLogProjection: Projection = {
  name: 'audit_log',
  version: 1,
  eventTypes: '*',
  ...storeTablesOf(AUDIT_LOG_TABLE),
  async clearStore(trx, storeId) {
    // A store rebuild replays the store's own streams only; the rows of its organization-scoped
    // store stream (its creation, settings) are not among them and stay.
    await trx
      .deleteFrom('audit_log')
      .where('store_id', '=', storeId)
      .where('stream_name', 'like', `%-${storeId}\\_%`)
      .execute()
  },
  async apply(event, trx) {
    const { category, entityId } = parseStreamName(event.streamName)
    // A store's own stream is organization-scoped, yet its history (creation, settings) is the store's.
    const storeId = event.metadata.storeId ?? (category === STORE_CATEGORY ? entityId : null)
    if (!storeId || category === RESERVATION_CATEGORY) return
    // One tree stream holds all of a store's categories; each event is filed under the category it is about.
    const entity =
      category === CATEGORY_TREE_CATEGORY
        ? await categoryAuditEntity(trx, storeId, event)
        : { type: category, id: entityId, revision: event.revision }
    await trx
      .insertInto('audit_log')
      .values({
        store_id: storeId,
        organization_id: event.metadata.organizationId,
        position: event.position,
        event_id: event.id,
        type: event.type,
        stream_name: event.streamName,
        entity_type: entity.type,
        entity_id: entity.id,
        revision: entity.revision,
        occurred_at: new Date(event.metadata.occurredAt),
        actor: JSON.stringify(event.metadata.actor),
        data: JSON.stringify(event.data),
        correlation_id: event.metadata.correlationId,
        causation_id: event.metadata.causationId,
      })
      .onConflict((oc) => oc.columns(['store_id', 'position']).doNothing())
      .execute()
  },
}
