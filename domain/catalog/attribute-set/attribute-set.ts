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

export function evolveAttributeSet(state: AttributeSetState, event: AttributeSetEvent): AttributeSetState {
  if (event.type === 'AttributeSetCreated')
    return {
      kind: 'existing',
      set: { ...event.data, sections: event.data.sections.map((s) => ({ ...s, attributeIds: [...s.attributeIds] })) },
    }
  if (state.kind !== 'existing') return state
  const set = state.set
  switch (event.type) {
    case 'AttributeSetRenamed':
      return { kind: 'existing', set: { ...set, name: event.data.name } }
    case 'AttributeSetLayoutChanged':
      return {
        kind: 'existing',
        set: { ...set, sections: event.data.sections.map((s) => ({ ...s, attributeIds: [...s.attributeIds] })) },
      }
    case 'AttributeSetAttributeAdded':
      return {
        kind: 'existing',
        set: {
          ...set,
          sections: withAttributeAdded(set.sections, event.data.attributeId, event.data.section, event.data.position),
        },
      }
    case 'AttributeSetAttributeRemoved':
      return { kind: 'existing', set: { ...set, sections: withAttributeRemoved(set.sections, event.data.attributeId) } }
    case 'AttributeSetAttributesReordered':
      return {
        kind: 'existing',
        set: { ...set, sections: withSectionOrder(set.sections, event.data.section, event.data.attributeIds) },
      }
    case 'AttributeSetDeleted':
      return { kind: 'deleted', attributeSetId: set.attributeSetId }
    default: {
      const _exhaustive: never = event
      return _exhaustive
    }
  }
}
