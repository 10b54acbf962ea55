import { describe, it } from 'vitest'
import { NO_VALIDATION } from '../../../domain/catalog/attribute/events.js'
import { attributeStream } from '../../../domain/catalog/attribute/streams.js'
import { type SpecStore, useProjectionSpec } from '../../../test/support/projection-spec.js'
import { attributesProjection } from './projection.js'

const spec = useProjectionSpec(attributesProjection)

const RED = { code: 'red', label: 'Red' }
const BLUE = { code: 'blue', label: 'Blue' }
const GREEN = { code: 'green', label: 'Green' }

/** A created attribute's fields, each filed in the column of the same name. */
const COLOUR = {
  code: 'colour',
  name: 'Colour',
  type: 'SELECT',
  options: [RED, BLUE],
  required: false,
  filterable: true,
  visible: true,
  validation: NO_VALIDATION,
}

function attributeOf(shop: SpecStore) {
  const attribute = shop.newEntity(attributeStream, 'attributeId')
  return {
    ...attribute,
    created: (fields: Record<string, unknown> = {}) => attribute.event('AttributeCreated', { ...COLOUR, ...fields }),
  }
}

describe('attributes read model', () => {
  it('files a created attribute with its options, flags and validation', async () => {
    const shop = spec.store()
    const colour = attributeOf(shop)
    await spec.givenCreated(shop, colour.attributeId, colour.created()).thenRow('attributes', COLOUR)
  })

  it('adds, relabels, re-orders and removes options one at a time', async () => {
    const shop = spec.store()
    const colour = attributeOf(shop)
    await spec
      .given([
        colour.created(),
        colour.event('AttributeOptionAdded', { option: GREEN, position: 1 }),
        colour.event('AttributeOptionRelabeled', { code: 'red', label: 'Crimson' }),
        colour.event('AttributeOptionsReordered', { codes: ['blue', 'green', 'red'] }),
        colour.event('AttributeOptionRemoved', { code: 'green' }),
      ])
      .thenRows('attributes', shop.storeId, [{ options: [BLUE, { code: 'red', label: 'Crimson' }], revision: 4 }])
  })

  it('renames, retypes, re-flags and re-validates the attribute, and moves its revision on a revert', async () => {
    const shop = spec.store()
    const size = attributeOf(shop)
    const validation = { ...NO_VALIDATION, min: 1, max: 60, unit: 'cm' }
    const events = [
      size.created({ code: 'size', name: 'Size' }),
      size.event('AttributeRenamed', { name: 'Length' }),
      size.event('AttributeTypeChanged', { from: 'SELECT', to: 'NUMBER', validation: NO_VALIDATION, options: [] }),
      size.event('AttributeFlagsChanged', { required: true, filterable: false, visible: false }),
      size.event('AttributeValidationChanged', { validation }),
      size.event('AttributeReverted', { toRevision: 3 }),
    ]
    await spec.given(events).thenRows('attributes', shop.storeId, [
      {
        code: 'size',
        name: 'Length',
        type: 'NUMBER',
        options: [],
        required: true,
        filterable: false,
        visible: false,
        validation,
        revision: 5,
        updated_at: events[5]!.metadata.occurredAt,
      },
    ])
  })

  it('drops a deleted attribute and leaves the attributes of another store alone', async () => {
    const shop = spec.store()
    const other = spec.store()
    const colour = attributeOf(shop)
    const theirs = attributeOf(other)
    await spec
      .given([
        colour.created(),
        theirs.created(),
        colour.event('AttributeDeleted', { code: 'colour', valuesDropped: 0 }),
      ])
      .thenRows('attributes', shop.storeId, [])
    await spec.given([]).thenRows('attributes', other.storeId, [{ id: theirs.attributeId, code: 'colour' }])
  })

  it('applies an event it has already applied only once, so a replayed option is not added twice', async () => {
    const shop = spec.store()
    const colour = attributeOf(shop)
    const events = [colour.created(), colour.event('AttributeOptionAdded', { option: GREEN, position: 2 })]
    const expected = [{ options: [RED, BLUE, GREEN], revision: 1 }]
    await spec.given(events).thenRows('attributes', shop.storeId, expected)
    await spec.given(events).thenRows('attributes', shop.storeId, expected)
  })
})
