import {
  ATTRIBUTE_SET_EVENT_TYPES,
  withAttributeAdded,
  withAttributeRemoved,
  withSectionOrder,
  type AttributeSetEvent,
  type AttributeSetSection,
} from '../../../domain/catalog/attribute-set/events.js'
import { entityProjection } from '../../shared/entity-projection.js'
import type { EntityRow } from '../../shared/entity-row.js'
import { ATTRIBUTE_SETS_TABLE, type AttributeSetsTable } from './tables.js'

/** The `attribute_sets` read model: one row per live set, its layout recomputed with the decider's arithmetic. */
export const attributeSetsProjection = entityProjection(ATTRIBUTE_SETS_TABLE, {
  version: 1,
  eventTypes: ATTRIBUTE_SET_EVENT_TYPES,
  idOf: (event: AttributeSetEvent) => event.data.attributeSetId,
  on: {
    AttributeSetCreated: (event, set) =>
      set.insert({ name: event.data.name, sections: JSON.stringify(event.data.sections) }),
    AttributeSetRenamed: (event, set) => set.change({ name: event.data.name }),
    AttributeSetLayoutChanged: (event, set) => set.change({ sections: JSON.stringify(event.data.sections) }),
    AttributeSetAttributeAdded: (event, set) =>
      changeSections(set, (s) =>
        withAttributeAdded(s, event.data.attributeId, event.data.section, event.data.position),
      ),
    AttributeSetAttributeRemoved: (event, set) =>
      changeSections(set, (s) => withAttributeRemoved(s, event.data.attributeId)),
    AttributeSetAttributesReordered: (event, set) =>
      changeSections(set, (s) => withSectionOrder(s, event.data.section, event.data.attributeIds)),
    AttributeSetDeleted: (_event, set) => set.delete(),
  },
})

/** Reads the set's sections and writes the layout `next` makes of them, unless the row has seen this event. */
async function changeSections(
  set: EntityRow<AttributeSetsTable>,
  next: (sections: AttributeSetSection[]) => AttributeSetSection[],
): Promise<void> {
  const row = await set.readBehind(['sections'])
  if (!row) return
  await set.change({ sections: JSON.stringify(next(row.sections)) })
}
