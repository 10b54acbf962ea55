import { randomUUID } from 'node:crypto'
import { describe, it } from 'vitest'
import { attributeSetStream } from '../../../domain/catalog/attribute-set/streams.js'
import { type SpecStore, useProjectionSpec } from '../../../test/support/projection-spec.js'
import { attributeSetsProjection } from './projection.js'

const spec = useProjectionSpec(attributeSetsProjection)

const [SIZE, WIDTH, COLOUR, FABRIC] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()]

function setOf(shop: SpecStore) {
  return shop.newEntity(attributeSetStream, 'attributeSetId')
}

describe('attribute sets read model', () => {
  it('files a created set with its sections', async () => {
    const shop = spec.store()
    const set = setOf(shop)
    const created = set.event('AttributeSetCreated', {
      name: 'Shoes',
      sections: [{ name: 'General', attributeIds: [SIZE, WIDTH] }],
    })
    await spec.givenCreated(shop, set.attributeSetId, created).thenRow('attribute_sets', {
      name: 'Shoes',
      sections: [{ name: 'General', attributeIds: [SIZE, WIDTH] }],
    })
  })

  it('renames the set and lays its sections out as the decider does', async () => {
    const shop = spec.store()
    const set = setOf(shop)
    const events = [
      set.event('AttributeSetCreated', { name: 'Shoes', sections: [{ name: 'General', attributeIds: [SIZE] }] }),
      set.event('AttributeSetRenamed', { name: 'Footwear' }),
      set.event('AttributeSetAttributeAdded', { attributeId: WIDTH, code: 'width', section: 'General', position: 0 }),
      set.event('AttributeSetAttributeAdded', { attributeId: COLOUR, code: 'colour', section: 'Looks', position: 0 }),
      set.event('AttributeSetAttributeAdded', { attributeId: FABRIC, code: 'fabric', section: 'Looks', position: 1 }),
      set.event('AttributeSetAttributesReordered', { section: 'General', attributeIds: [SIZE, WIDTH] }),
      set.event('AttributeSetAttributeRemoved', { attributeId: COLOUR, code: 'colour' }),
    ]
    await spec.given(events).thenRows('attribute_sets', shop.storeId, [
      {
        name: 'Footwear',
        sections: [
          { name: 'General', attributeIds: [SIZE, WIDTH] },
          { name: 'Looks', attributeIds: [FABRIC] },
        ],
        revision: 6,
        updated_at: events[6]!.metadata.occurredAt,
      },
    ])
    await spec
      .given([
        set.event('AttributeSetLayoutChanged', {
          sections: [
            { name: 'Looks', attributeIds: [FABRIC, SIZE] },
            { name: 'Fit', attributeIds: [WIDTH] },
          ],
        }),
      ])
      .thenRows('attribute_sets', shop.storeId, [
        {
          sections: [
            { name: 'Looks', attributeIds: [FABRIC, SIZE] },
            { name: 'Fit', attributeIds: [WIDTH] },
          ],
          revision: 7,
        },
      ])
  })

  it('drops a deleted set and leaves the sets of another store alone', async () => {
    const shop = spec.store()
    const other = spec.store()
    const set = setOf(shop)
    const theirs = setOf(other)
    await spec
      .given([
        set.event('AttributeSetCreated', { name: 'Shoes', sections: [] }),
        theirs.event('AttributeSetCreated', { name: 'Hats', sections: [] }),
        set.event('AttributeSetDeleted'),
      ])
      .thenRows('attribute_sets', shop.storeId, [])
    await spec.given([]).thenRows('attribute_sets', other.storeId, [{ id: theirs.attributeSetId, name: 'Hats' }])
  })

  it('applies an event it has already applied only once, so a replayed addition is not doubled', async () => {
    const shop = spec.store()
    const set = setOf(shop)
    const created = set.event('AttributeSetCreated', {
      name: 'Shoes',
      sections: [{ name: 'General', attributeIds: [SIZE] }],
    })
    const added = set.event('AttributeSetAttributeAdded', {
      attributeId: WIDTH,
      code: 'width',
      section: 'General',
      position: 1,
    })
    const expected = [{ name: 'Shoes', sections: [{ name: 'General', attributeIds: [SIZE, WIDTH] }], revision: 1 }]
    await spec.given([created, added]).thenRows('attribute_sets', shop.storeId, expected)
    await spec.given([created, added]).thenRows('attribute_sets', shop.storeId, expected)
  })
})
