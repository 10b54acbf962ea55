import { describe, expect, it } from 'vitest'
import { createCollection, pricedProduct, reprice, updateProduct } from '../../../test/support/collections.js'
import { useTestApp } from '../../../test/support/app.js'
import { must } from '../../../test/support/categories.js'
import { readRows } from '../../../test/support/projection-spec.js'
import { rebuildDone } from '../../../test/support/projections.js'
import { findPublishedCollection, listPublishedCollections } from './visibility.js'

// Membership is computed from facts this projection keeps itself, in log order: a replay of one
// store or of the whole log must arrive at the same rows.

const t = useTestApp()

async function rows(storeId: string) {
  const db = t.platform.database.db
  return {
    members: await readRows(
      db,
      'collection_products',
      storeId,
      ['collection_id', 'product_id', 'position'],
      ['collection_id', 'position', 'product_id'],
    ),
    collections: await readRows(db, 'collections', storeId, ['id', 'title', 'type', 'rules', 'revision'], ['id']),
    facts: await readRows(
      db,
      'collection_product_facts',
      storeId,
      ['product_id', 'title', 'tags', 'price_min'],
      ['product_id'],
    ),
  }
}

describe('collections read model', () => {
  it('comes out the same after a store rebuild and a whole rebuild', async () => {
    const { apiKey, storeId } = await t.tenant('col-rebuild')
    const hat = await pricedProduct(t, apiKey, { title: 'Hat', tags: ['summer'] }, '20')
    const coat = await pricedProduct(t, apiKey, { title: 'Coat', tags: ['winter'] }, '90')
    const summer = await createCollection(t, apiKey, {
      title: 'Summer',
      rules: [
        { field: 'TAG', relation: 'EQUALS', value: 'summer' },
        { field: 'PRICE', relation: 'LESS_THAN', value: '50' },
      ],
    })
    await updateProduct(t, apiKey, { id: coat.id, tags: ['summer'] })
    await reprice(t, apiKey, coat.id, coat.variantId, '45')
    await reprice(t, apiKey, hat.id, hat.variantId, '60')
    const picks = await createCollection(t, apiKey, { title: 'Picks' })
    await must(
      t,
      apiKey,
      'mutation ($input: CollectionProductsAddInput!) { collectionProductsAdd(input: $input) { eventPosition } }',
      { input: { collectionId: picks.id, productIds: [hat.id, coat.id] } },
    )
    await must(
      t,
      apiKey,
      'mutation ($input: CollectionProductsReorderInput!) { collectionProductsReorder(input: $input) { eventPosition } }',
      { input: { collectionId: picks.id, productIds: [coat.id] } },
    )

    const before = await rows(storeId)
    expect(before.members.filter((row) => row.collection_id === summer.id).map((row) => row.product_id)).toEqual([
      coat.id,
    ])
    expect(
      before.members.filter((row) => row.collection_id === picks.id).map((row) => [row.product_id, row.position]),
    ).toEqual([
      [coat.id, 0],
      [hat.id, 1],
    ])
    await rebuildDone(t.platform.database, 'collections', storeId, 60_000)
    expect(await rows(storeId)).toEqual(before)
    await rebuildDone(t.platform.database, 'collections', null, 60_000)
    expect(await rows(storeId)).toEqual(before)
  })

  it('shows shoppers published collections only, whatever the filter', async () => {
    const { apiKey, storeId } = await t.tenant('col-visible')
    await createCollection(t, apiKey, { title: 'Live', handle: 'live' })
    await createCollection(t, apiKey, { title: 'Hidden', handle: 'hidden', status: 'DRAFT' })
    const db = t.platform.database.db
    expect((await findPublishedCollection(db, storeId, 'live'))?.title).toBe('Live')
    expect(await findPublishedCollection(db, storeId, 'hidden')).toBeNull()
    expect((await listPublishedCollections(db, storeId)).nodes.map((node) => node.title)).toEqual(['Live'])
    const widened = await listPublishedCollections(db, storeId, {
      filter: { or: [{ status: ['DRAFT'] }, { handle: { eq: 'hidden' } }] },
    })
    expect(widened.nodes).toEqual([])
  })
})
