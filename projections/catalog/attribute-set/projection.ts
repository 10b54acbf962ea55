import {
  ATTRIBUTE_SET_EVENT_TYPES,
  withAttributeAdded,
  withAttributeRemoved,
  withSectionOrder,
  type AttributeSetEvent,
  type AttributeSetSection,
} from '../../../domain/catalog/attribute-set/events.js'
import type { AnyDb } from '../../../infra/database/database.js'
import type { RecordedEvent } from '../../../infra/eventstore/port.js'
import type { Projection } from '../../../infra/projections/projection.js'
import { createAttributeSetTables, type AttributeSetDb } from './tables.js'
import { storeOf } from '../../shared/store-of.js'

/** The `attribute_sets` read model: one row per live set, its layout recomputed with the decider's arithmetic. */
export const attributeSetsProjection: Projection = {
  name: 'attribute_sets',
  version: 1,
  eventTypes: ATTRIBUTE_SET_EVENT_TYPES,
  tables: ['attribute_sets'],
  storeTables: ['attribute_sets'],
  createTables: createAttributeSetTables,
  async apply(recorded: RecordedEvent, trx: AnyDb): Promise<void> {
    const db: AttributeSetDb = trx
    const event = { type: recorded.type, data: recorded.data } as AttributeSetEvent
    const storeId = storeOf(recorded)
    switch (event.type) {
      case 'AttributeSetCreated':
        await db
          .insertInto('attribute_sets')
          .values({
            store_id: storeId,
            organization_id: recorded.metadata.organizationId,
            id: event.data.attributeSetId,
            name: event.data.name,
            sections: JSON.stringify(event.data.sections),
            revision: recorded.revision,
            created_at: recorded.metadata.occurredAt,
            updated_at: recorded.metadata.occurredAt,
          })
          .onConflict((c) => c.columns(['store_id', 'id']).doNothing())
          .execute()
        return
      case 'AttributeSetRenamed':
        return change(db, recorded, { name: event.data.name })
      case 'AttributeSetLayoutChanged':
        return change(db, recorded, { sections: JSON.stringify(event.data.sections) })
      case 'AttributeSetAttributeAdded':
        return changeSections(db, recorded, (s) =>
          withAttributeAdded(s, event.data.attributeId, event.data.section, event.data.position),
        )
      case 'AttributeSetAttributeRemoved':
        return changeSections(db, recorded, (s) => withAttributeRemoved(s, event.data.attributeId))
      case 'AttributeSetAttributesReordered':
        return changeSections(db, recorded, (s) => withSectionOrder(s, event.data.section, event.data.attributeIds))
      case 'AttributeSetDeleted':
        await db
          .deleteFrom('attribute_sets')
          .where('store_id', '=', storeId)
          .where('id', '=', event.data.attributeSetId)
          .where('revision', '<', recorded.revision)
          .execute()
        return
      default: {
        const _exhaustive: never = event
        return _exhaustive
      }
    }
  },
}

async function change(
  db: AttributeSetDb,
  recorded: RecordedEvent,
  changes: { name?: string; sections?: string },
): Promise<void> {
  await db
    .updateTable('attribute_sets')
    .set({ ...changes, revision: recorded.revision, updated_at: recorded.metadata.occurredAt })
    .where('store_id', '=', storeOf(recorded))
    .where('id', '=', String(recorded.data.attributeSetId))
    .where('revision', '<', recorded.revision)
    .execute()
}

async function changeSections(
  db: AttributeSetDb,
  recorded: RecordedEvent,
  next: (sections: AttributeSetSection[]) => AttributeSetSection[],
): Promise<void> {
  const row = await db
    .selectFrom('attribute_sets')
    .select(['sections', 'revision'])
    .where('store_id', '=', storeOf(recorded))
    .where('id', '=', String(recorded.data.attributeSetId))
    .executeTakeFirst()
  if (!row || row.revision >= recorded.revision) return
  await change(db, recorded, { sections: JSON.stringify(next(row.sections)) })
}
