import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/support/app.js'
import { MOVE_CATEGORY, UPDATE_CATEGORY, createCategory, must } from '../../../test/support/categories.js'
import { readRows } from '../../../test/support/projection-spec.js'
import { rebuildDone } from '../../../test/support/projections.js'
import { DELETE_PRODUCT, createProduct } from '../../../test/support/products.js'

// The category read models are built by list arithmetic over positions and by rewriting whole
// subtrees; a replay from the log, of one store or from scratch, must arrive at the same rows.

const t = useTestApp()

async function rows(storeId: string) {
  const db = t.platform.database.db
  const categories = await db
    .selectFrom('categories')
    .select([
      'id',
      'parent_id',
      'path',
      'depth',
      'position',
      'title',
      'revision',
      sql<string[]>`ancestor_ids::text[]`.as('ancestor_ids'),
    ])
    .where('store_id', '=', storeId)
    .orderBy('path')
    .execute()
  const products = await readRows(
    db,
    'category_products',
    storeId,
    ['category_id', 'product_id', 'position'],
    ['category_id', 'position'],
  )
  const audit = await readRows(
    db,
    'audit_log',
    { store_id: storeId, entity_type: 'category' },
    ['entity_type', 'entity_id', 'type', 'revision'],
    ['position'],
  )
  return { categories, products, audit }
}

describe('categories read model', () => {
  it('comes out the same after a store rebuild and a whole rebuild', async () => {
    const { apiKey, storeId } = await t.tenant('cat-rebuild')
    const men = await createCategory(t, apiKey, { title: 'Men' })
    const women = await createCategory(t, apiKey, { title: 'Women', position: 0 })
    const shirts = await createCategory(t, apiKey, { title: 'Shirts', parentId: men.id })
    const slim = await createCategory(t, apiKey, { title: 'Slim', parentId: shirts.id })
    await createCategory(t, apiKey, { title: 'Hats', parentId: men.id, position: 0 })
    await must(t, apiKey, MOVE_CATEGORY, { input: { id: shirts.id, parentId: women.id } })
    await must(t, apiKey, UPDATE_CATEGORY, { input: { id: women.id, handle: 'ladies' } })
    const products = []
    for (const title of ['A', 'B', 'C']) products.push((await createProduct(t, apiKey, { title })).id)
    const add = 'mutation ($input: CategoryProductsAddInput!) { categoryProductsAdd(input: $input) { eventPosition } }'
    await must(t, apiKey, add, { input: { categoryId: slim.id, productIds: products } })
    await must(
      t,
      apiKey,
      'mutation ($input: CategoryProductsRemoveInput!) { categoryProductsRemove(input: $input) { eventPosition } }',
      {
        input: { categoryId: slim.id, productIds: [products[0]] },
      },
    )
    await must(t, apiKey, DELETE_PRODUCT, { input: { id: products[1] } })
    await must(t, apiKey, add, { input: { categoryId: slim.id, productIds: [products[0]], position: 0 } })

    const before = await rows(storeId)
    expect(before.categories.map((row) => [row.path, row.depth, row.position])).toEqual([
      ['ladies', 1, 0],
      ['ladies/shirts', 2, 0],
      ['ladies/shirts/slim', 3, 0],
      ['men', 1, 1],
      ['men/hats', 2, 0],
    ])
    expect(before.categories.find((row) => row.path === 'ladies/shirts/slim')!.ancestor_ids).toEqual([
      women.id,
      shirts.id,
    ])
    expect(before.products.map((row) => row.product_id)).toEqual([products[0], products[2]])

    // Damage the rows the way a projection bug would; a store rebuild must put them back.
    await t.platform.database.db
      .updateTable('categories')
      .set({ path: 'broken', position: 9 })
      .where('store_id', '=', storeId)
      .execute()
    await t.platform.database.db.deleteFrom('category_products').where('store_id', '=', storeId).execute()
    await rebuildDone(t.platform.database, 'categories', storeId)
    await rebuildDone(t.platform.database, 'audit_log', storeId)
    expect(await rows(storeId)).toEqual(before)

    await rebuildDone(t.platform.database, 'categories', null)
    expect(await rows(storeId)).toEqual(before)
  })
})
