import { evolveLifecycle } from '../../shared/lifecycle.js'
import {
  withAttributeAdded,
  withAttributeRemoved,
  withSectionOrder,
  type AttributeSetEvent,
  type AttributeSetFields,
} from './events.js'

export type AttributeSetState =
  { kind: 'empty' } | { kind: 'existing'; set: AttributeSetFields } | { kind: 'deleted'; attributeSetId: string }

export const initialAttributeSetState = (): AttributeSetState => ({ kind: 'empty' })

const SET = {
  name: 'set',
  id: 'attributeSetId',
  created: 'AttributeSetCreated',
  deleted: 'AttributeSetDeleted',
} as const

/** A copy of the sections, so no state shares an `attributeIds` list with an event or another state. */
const copied = (sections: AttributeSetFields['sections']) =>
  sections.map((section) => ({ ...section, attributeIds: [...section.attributeIds] }))

export function evolveAttributeSet(state: AttributeSetState, event: AttributeSetEvent): AttributeSetState {
  return evolveLifecycle(state, event, SET, (data) => ({ ...data, sections: copied(data.sections) }), {
    AttributeSetRenamed: (set, { name }) => ({ ...set, name }),
    AttributeSetLayoutChanged: (set, { sections }) => ({ ...set, sections: copied(sections) }),
    AttributeSetAttributeAdded: (set, { attributeId, section, position }) => ({
      ...set,
      sections: withAttributeAdded(set.sections, attributeId, section, position),
    }),
    AttributeSetAttributeRemoved: (set, { attributeId }) => ({
      ...set,
      sections: withAttributeRemoved(set.sections, attributeId),
    }),
    AttributeSetAttributesReordered: (set, { section, attributeIds }) => ({
      ...set,
      sections: withSectionOrder(set.sections, section, attributeIds),
    }),
  })
}
