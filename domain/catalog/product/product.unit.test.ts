import { describe, expect, it } from 'vitest'
import { fold } from '../../shared/event.js'
import { handleReservations, productDecider } from './definitions.js'
import { PRODUCT_EVENT_TYPES, type ProductEvent } from './events.js'
import { ID, STORE, created, ctx, deleted, given, toBlueShirt, update } from '../../../test/support/product-decider.js'

describe('productCreate', () => {
  it('records the product as given', () => {
    given().when({ type: 'ProductCreate', data: created.data }).then([created])
  })

  it('refuses an id whose stream already has a product, even a deleted one', () => {
    const message = `product '${ID}' already exists; use productUpdate to change it`
    given(created).when({ type: 'ProductCreate', data: created.data }).thenFails('CONFLICT', message)
    given(created, deleted).when({ type: 'ProductCreate', data: created.data }).thenFails('CONFLICT', message)
  })
})

describe('productUpdate', () => {
  it('records one event per field that changed, saying what happened', () => {
    given(created)
      .when(
        update({
          title: 'Blue Shirt',
          handle: 'blue-shirt',
          description: 'Softer',
          status: 'DRAFT',
          vendor: 'Bolt',
          tags: ['summer', 'linen'],
        }),
      )
      .then(toBlueShirt({ tags: ['summer', 'linen'], added: ['linen'], removed: ['cotton'] }))
  })

  it('records only the fields that differ', () => {
    given(created)
      .when(update({ title: 'Red Shirt', vendor: 'Bolt' }))
      .then([{ type: 'ProductVendorChanged', data: { productId: ID, vendor: 'Bolt' } }])
  })

  it('records nothing when nothing changes: same values, reordered tags, or no fields', () => {
    given(created)
      .when(update({ title: 'Red Shirt', handle: 'red-shirt', status: 'ACTIVE', tags: ['summer', 'cotton'] }))
      .then([])
    given(created).when(update({})).then([])
  })

  it('clears description, vendor and tags with empty values', () => {
    given(created)
      .when(update({ description: '', vendor: '', tags: [] }))
      .then([
        { type: 'ProductDescriptionChanged', data: { productId: ID, description: '' } },
        { type: 'ProductVendorChanged', data: { productId: ID, vendor: '' } },
        { type: 'ProductTagsChanged', data: { productId: ID, tags: [], added: [], removed: ['cotton', 'summer'] } },
      ])
  })

  it('decides on the state after earlier changes', () => {
    const retitled: ProductEvent = { type: 'ProductRetitled', data: { productId: ID, title: 'Blue Shirt' } }
    const moved: ProductEvent = {
      type: 'ProductHandleChanged',
      data: { productId: ID, from: 'red-shirt', to: 'blue-shirt' },
    }
    const archived: ProductEvent = {
      type: 'ProductStatusChanged',
      data: { productId: ID, from: 'ACTIVE', to: 'ARCHIVED' },
    }
    given(created, retitled, moved, archived)
      .when(update({ title: 'Blue Shirt', handle: 'blue-shirt', status: 'ARCHIVED' }))
      .then([])
    given(created, moved)
      .when(update({ handle: 'red-shirt' }))
      .then([{ type: 'ProductHandleChanged', data: { productId: ID, from: 'blue-shirt', to: 'red-shirt' } }])
  })

  it('answers NOT_FOUND for a product that does not exist (or lives in another store) and for a deleted one', () => {
    const message = `product '${ID}' does not exist in this store`
    given()
      .when(update({ title: 'X' }))
      .thenFails('NOT_FOUND', message)
    given(created, deleted)
      .when(update({ title: 'X' }))
      .thenFails('NOT_FOUND', message)
  })
})

describe('productDelete', () => {
  it('records the deletion with the handle to free', () => {
    given(created)
      .when({ type: 'ProductDelete', data: { productId: ID } })
      .then([deleted])
  })

  it('answers NOT_FOUND for a missing product and on the second delete', () => {
    const message = `product '${ID}' does not exist in this store`
    given()
      .when({ type: 'ProductDelete', data: { productId: ID } })
      .thenFails('NOT_FOUND', message)
    given(created, deleted)
      .when({ type: 'ProductDelete', data: { productId: ID } })
      .thenFails('NOT_FOUND', message)
  })
})

describe('evolve', () => {
  it('folds every event into the product', () => {
    const state = fold(productDecider, [
      created,
      ...toBlueShirt({ tags: ['linen'], added: ['linen'], removed: ['cotton', 'summer'] }),
    ])
    expect(state).toEqual({
      kind: 'existing',
      product: {
        productId: ID,
        title: 'Blue Shirt',
        handle: 'blue-shirt',
        description: 'Softer',
        status: 'DRAFT',
        vendor: 'Bolt',
        tags: ['linen'],
        seo: { title: '', description: '' },
        publishAt: null,
      },
    })
    expect(productDecider.evolve(state, deleted)).toEqual({ kind: 'deleted', productId: ID })
  })

  it('lists every event type once', () => {
    const types = [
      'Created',
      'Deleted',
      'DescriptionChanged',
      'HandleChanged',
      'MediaAttached',
      'MediaDetached',
      'MediaReordered',
      'Retitled',
      'StatusChanged',
      'TagsChanged',
      'VendorChanged',
      'SeoChanged',
      'PublishScheduled',
      'PublishUnscheduled',
      'Reverted',
      'Duplicated',
      'OptionAdded',
      'OptionRenamed',
      'OptionValueRenamed',
      'OptionValuesChanged',
      'OptionValuesReordered',
      'OptionsReordered',
      'OptionRemoved',
      'VariantCreated',
      'VariantPriceChanged',
      'VariantCostChanged',
      'VariantSkuChanged',
      'VariantBarcodeChanged',
      'VariantWeightChanged',
      'VariantOptionValuesChanged',
      'VariantImageChanged',
      'VariantDeleted',
      'VariantsReordered',
      'InventoryTrackingChanged',
      'InventoryAdjusted',
      'InventoryReserved',
      'InventoryReleased',
      'InventoryCommitted',
      'AttributeValuesSet',
      'AttributeValuesRemoved',
      'AttributeSetChanged',
    ]
    expect([...PRODUCT_EVENT_TYPES].sort()).toEqual(types.map((t) => `Product${t}`).sort())
  })
})

describe('handle reservations', () => {
  const state = fold(productDecider, [created])
  const message = (handle: string) =>
    `handle '${handle}' is taken in this store; choose another or update the existing product`

  it('claims the handle of a new product under the store', () => {
    expect(handleReservations([created], fold(productDecider, []), ctx)).toEqual([
      {
        kind: 'claim',
        scope: STORE,
        key: 'product-handle:red-shirt',
        ownerId: ID,
        field: ['input', 'handle'],
        message: message('red-shirt'),
      },
    ])
  })

  it('moves the claim when the handle changes, and only then', () => {
    const events = productDecider.decide(update({ title: 'Blue', handle: 'blue-shirt' }), state, ctx)
    expect(handleReservations(events, state, ctx)).toEqual([
      { kind: 'release', scope: STORE, key: 'product-handle:red-shirt', ownerId: ID },
      {
        kind: 'claim',
        scope: STORE,
        key: 'product-handle:blue-shirt',
        ownerId: ID,
        field: ['input', 'handle'],
        message: message('blue-shirt'),
      },
    ])
    expect(handleReservations(productDecider.decide(update({ title: 'Blue' }), state, ctx), state, ctx)).toEqual([])
  })

  it('frees the handle on delete', () => {
    expect(handleReservations([deleted], state, ctx)).toEqual([
      { kind: 'release', scope: STORE, key: 'product-handle:red-shirt', ownerId: ID },
    ])
  })
})

/** A prepare environment whose store already holds the given handles. */
