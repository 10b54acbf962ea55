import { CONTENT_ENTRY_EVENT_TYPES, type ContentEntryEvent } from '../../../domain/webstore/content/content-entry.js'
import { CONTENT_TYPE_EVENT_TYPES, type ContentTypeEvent } from '../../../domain/webstore/content/content-type.js'
import { entityRow } from '../../shared/entity-row.js'
import { CONTENT_ENTRIES_TABLE, CONTENT_TYPES_TABLE, type ContentDb } from './tables.js'
import { storeProjection } from '../../shared/entity-projection.js'

/** The `content_types` and `content_entries` read models, guarded by revision against replays. */
export const contentProjection = storeProjection({
  name: 'content',
  version: 1,
  eventTypes: [...CONTENT_TYPE_EVENT_TYPES, ...CONTENT_ENTRY_EVENT_TYPES],
  tables: [CONTENT_TYPES_TABLE, CONTENT_ENTRIES_TABLE],
  async apply(event: ContentTypeEvent | ContentEntryEvent, db: ContentDb, { recorded }) {
    const type = (typeId: string) => entityRow(db, 'content_types', typeId, recorded)
    const entry = (entryId: string) => entityRow(db, 'content_entries', entryId, recorded)
    switch (event.type) {
      case 'ContentTypeCreated': {
        const { typeId, handle, name, fields } = event.data
        return type(typeId).insert({ handle, name, fields: JSON.stringify(fields) })
      }
      case 'ContentTypeRenamed':
        return type(event.data.typeId).change({ name: event.data.name })
      case 'ContentTypeHandleChanged':
        return type(event.data.typeId).change({ handle: event.data.to })
      case 'ContentTypeFieldsChanged':
        return type(event.data.typeId).change({ fields: JSON.stringify(event.data.fields) })
      case 'ContentTypeDeleted':
        return type(event.data.typeId).delete()
      case 'ContentEntryCreated': {
        const { entryId, typeId, handle, fields } = event.data
        return entry(entryId).insert({ type_id: typeId, handle, fields: JSON.stringify(fields) })
      }
      case 'ContentEntryFieldsChanged':
        return entry(event.data.entryId).change({ fields: JSON.stringify(event.data.fields) })
      case 'ContentEntryHandleChanged':
        return entry(event.data.entryId).change({ handle: event.data.to })
      case 'ContentEntryDeleted':
        return entry(event.data.entryId).delete()
      default: {
        const _exhaustive: never = event
        return _exhaustive
      }
    }
  },
})
