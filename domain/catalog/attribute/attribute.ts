import type { AttributeEvent, AttributeFields } from './events.js'

/** An attribute stream is empty, holds a live attribute, or ends in a deletion (ids are never reused). */
export type AttributeState =
  | { kind: 'empty' }
  | { kind: 'existing'; attribute: AttributeFields; revision: number }
  | { kind: 'deleted'; attributeId: string }

export const initialAttributeState = (): AttributeState => ({ kind: 'empty' })

/** Folds one event; `revision` counts the events folded, so it is the stream revision of the last one. */
export function evolveAttribute(state: AttributeState, event: AttributeEvent): AttributeState {
  if (event.type === 'AttributeCreated') return { kind: 'existing', attribute: copy(event.data), revision: 0 }
  if (state.kind !== 'existing') return state
  const next = (attribute: AttributeFields): AttributeState => ({
    kind: 'existing',
    attribute,
    revision: state.revision + 1,
  })
  const attribute = state.attribute
  switch (event.type) {
    case 'AttributeRenamed':
      return next({ ...attribute, name: event.data.name })
    case 'AttributeTypeChanged':
      return next({
        ...attribute,
        type: event.data.to,
        validation: { ...event.data.validation },
        options: event.data.options.map((o) => ({ ...o })),
      })
    case 'AttributeFlagsChanged':
      return next({
        ...attribute,
        required: event.data.required,
        filterable: event.data.filterable,
        visible: event.data.visible,
      })
    case 'AttributeValidationChanged':
      return next({ ...attribute, validation: { ...event.data.validation } })
    case 'AttributeOptionAdded': {
      const options = [...attribute.options]
      options.splice(event.data.position, 0, { ...event.data.option })
      return next({ ...attribute, options })
    }
    case 'AttributeOptionRelabeled':
      return next({
        ...attribute,
        options: attribute.options.map((o) => (o.code === event.data.code ? { ...o, label: event.data.label } : o)),
      })
    case 'AttributeOptionRemoved':
      return next({ ...attribute, options: attribute.options.filter((o) => o.code !== event.data.code) })
    case 'AttributeOptionsReordered':
      return next({
        ...attribute,
        options: event.data.codes.flatMap((code) => attribute.options.filter((o) => o.code === code)),
      })
    case 'AttributeReverted':
      return next(attribute)
    case 'AttributeDeleted':
      return { kind: 'deleted', attributeId: attribute.attributeId }
    default: {
      const _exhaustive: never = event
      return _exhaustive
    }
  }
}

function copy(fields: AttributeFields): AttributeFields {
  return { ...fields, options: fields.options.map((o) => ({ ...o })), validation: { ...fields.validation } }
}
