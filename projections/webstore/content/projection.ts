import { CONTENT_ENTRY_EVENT_TYPES, type ContentEntryEvent } from '../../../domain/webstore/content/content-entry.js'
import { CONTENT_TYPE_EVENT_TYPES, type ContentTypeEvent } from '../../../domain/webstore/content/content-type.js'
import type { AnyDb } from '../../../infra/database/database.js'
import type { RecordedEvent } from '../../../infra/eventstore/port.js'
import type { Projection } from '../../../infra/projections/projection.js'
import { changeRow } from '../shared/content.js'
import { createContentTables, type ContentDb } from './tables.js'
import { storeOf } from '../../shared/store-of.js'

/** The `content_types` and `content_entries` read models, guarded by revision against replays. */
export const contentProjection: Projection = {
  name: 'content',
  version: 1,
  eventTypes: [...CONTENT_TYPE_EVENT_TYPES, ...CONTENT_ENTRY_EVENT_TYPES],
  tables: ['content_types', 'content_entries'],
  storeTables: ['content_types', 'content_entries'],
  createTables: createContentTables,
  async apply(recorded: RecordedEvent, trx: AnyDb): Promise<void> {
    const db: ContentDb = trx
    const event = { type: recorded.type, data: recorded.data } as ContentTypeEvent | ContentEntryEvent
    const row = {
      store_id: storeOf(recorded),
      organization_id: recorded.metadata.organizationId,
      revision: recorded.revision,
      created_at: recorded.metadata.occurredAt,
      updated_at: recorded.metadata.occurredAt,
    }
    switch (event.type) {
      case 'ContentTypeCreated': {
        const { typeId, handle, name, fields } = event.data
        await db
          .insertInto('content_types')
          .values({ ...row, id: typeId, handle, name, fields: JSON.stringify(fields) })
          .onConflict((c) => c.columns(['store_id', 'id']).doNothing())
          .execute()
        return
      }
      case 'ContentTypeRenamed':
        return changeRow(trx, 'content_types', event.data.typeId, recorded, { name: event.data.name })
      case 'ContentTypeHandleChanged':
        return changeRow(trx, 'content_types', event.data.typeId, recorded, { handle: event.data.to })
      case 'ContentTypeFieldsChanged':
        return changeRow(trx, 'content_types', event.data.typeId, recorded, {
          fields: JSON.stringify(event.data.fields),
        })
      case 'ContentTypeDeleted':
        await db
          .deleteFrom('content_types')
          .where('store_id', '=', row.store_id)
          .where('id', '=', event.data.typeId)
          .where('revision', '<', recorded.revision)
          .execute()
        return
      case 'ContentEntryCreated': {
        const { entryId, typeId, handle, fields } = event.data
        await db
          .insertInto('content_entries')
          .values({ ...row, id: entryId, type_id: typeId, handle, fields: JSON.stringify(fields) })
          .onConflict((c) => c.columns(['store_id', 'id']).doNothing())
          .execute()
        return
      }
      case 'ContentEntryFieldsChanged':
        return changeRow(trx, 'content_entries', event.data.entryId, recorded, {
          fields: JSON.stringify(event.data.fields),
        })
      case 'ContentEntryHandleChanged':
        return changeRow(trx, 'content_entries', event.data.entryId, recorded, { handle: event.data.to })
      case 'ContentEntryDeleted':
        await db
          .deleteFrom('content_entries')
          .where('store_id', '=', row.store_id)
          .where('id', '=', event.data.entryId)
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
