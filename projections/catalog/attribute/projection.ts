import { ATTRIBUTE_EVENT_TYPES, type AttributeEvent } from '../../../domain/catalog/attribute/events.js'
import { entityProjection } from '../../shared/entity-projection.js'
import type { EntityRow } from '../../shared/entity-row.js'
import { ATTRIBUTES_TABLE, type AttributesTable } from './tables.js'

/**
 * The `attributes` read model: one row per live attribute. Options change one at a time in the
 * log; the row holds the whole list, recomputed from the row itself with jsonb operations.
 */
export const attributesProjection = entityProjection(ATTRIBUTES_TABLE, {
  version: 1,
  eventTypes: ATTRIBUTE_EVENT_TYPES,
  idOf: (event: AttributeEvent) => event.data.attributeId,
  on: {
    AttributeCreated: ({ data }, attribute) =>
      attribute.insert({
        code: data.code,
        name: data.name,
        type: data.type,
        options: JSON.stringify(data.options),
        required: data.required,
        filterable: data.filterable,
        visible: data.visible,
        validation: JSON.stringify(data.validation),
      }),
    AttributeRenamed: (event, attribute) => attribute.change({ name: event.data.name }),
    AttributeTypeChanged: (event, attribute) =>
      attribute.change({
        type: event.data.to,
        validation: JSON.stringify(event.data.validation),
        options: JSON.stringify(event.data.options),
      }),
    AttributeFlagsChanged: (event, attribute) =>
      attribute.change({
        required: event.data.required,
        filterable: event.data.filterable,
        visible: event.data.visible,
      }),
    AttributeValidationChanged: (event, attribute) =>
      attribute.change({ validation: JSON.stringify(event.data.validation) }),
    AttributeOptionAdded: changeOptions,
    AttributeOptionRelabeled: changeOptions,
    AttributeOptionRemoved: changeOptions,
    AttributeOptionsReordered: changeOptions,
    AttributeReverted: (_event, attribute) => attribute.change({}),
    AttributeDeleted: (_event, attribute) => attribute.delete(),
  },
})

/** Reads the row's options and writes the list the event leaves, with the same arithmetic as the decider's evolve. */
async function changeOptions(
  event: Extract<AttributeEvent, { type: `AttributeOption${string}` }>,
  attribute: EntityRow<AttributesTable>,
): Promise<void> {
  const row = await attribute.readBehind(['options'])
  if (!row) return
  let options = [...row.options]
  switch (event.type) {
    case 'AttributeOptionAdded':
      options.splice(event.data.position, 0, event.data.option)
      break
    case 'AttributeOptionRelabeled':
      options = options.map((o) => (o.code === event.data.code ? { ...o, label: event.data.label } : o))
      break
    case 'AttributeOptionRemoved':
      options = options.filter((o) => o.code !== event.data.code)
      break
    case 'AttributeOptionsReordered':
      options = event.data.codes.flatMap((code) => options.filter((o) => o.code === code))
      break
  }
  await attribute.change({ options: JSON.stringify(options) })
}
