import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import { createCategory, must } from '../../../../test/support/categories.js'
import { onlyError } from '../../../../test/support/products.js'
import {
  UPDATE,
  createCollection,
  memberTitles,
  pricedProduct,
  reprice,
  updateProduct,
} from '../../../../test/support/collections.js'

// Smart collections: membership follows product changes the moment they are written, with no
// reindex step, for every rule field, ALL and ANY.

const t = useTestApp()

const summerUnder50 = [
  { field: 'TAG', relation: 'EQUALS', value: 'summer' },
  { field: 'PRICE', relation: 'LESS_THAN', value: '50' },
]

describe('a smart collection "tag = summer AND price < 50"', () => {
  it('gains a product the moment it is tagged and loses it when repriced', async () => {
    const { apiKey } = await t.tenant('smart-must-show')
    const summer = await createCollection(t, apiKey, { title: 'Summer under 50', rules: summerUnder50 })
    expect(summer).toMatchObject({ type: 'SMART', sortOrder: 'CREATED_DESC', disjunctive: false, productsCount: 0 })
    const hat = await pricedProduct(t, apiKey, { title: 'Straw hat', tags: ['beach'] }, '19.99')
    await pricedProduct(t, apiKey, { title: 'Parasol', tags: ['summer'] }, '89.00')
    expect(await memberTitles(t, apiKey, summer.id)).toEqual([])

    await updateProduct(t, apiKey, { id: hat.id, tags: ['beach', 'Summer'] })
    expect(await memberTitles(t, apiKey, summer.id)).toEqual(['Straw hat'])
    const product = await must<{ product: { collections: { title: string }[] } }>(
      t,
      apiKey,
      `query ($id: ID) { product(id: $id) { collections { title } } }`,
      { id: hat.id },
    )
    expect(product.product.collections).toEqual([{ title: 'Summer under 50' }])

    await reprice(t, apiKey, hat.id, hat.variantId, '50.00')
    expect(await memberTitles(t, apiKey, summer.id)).toEqual([])
    await reprice(t, apiKey, hat.id, hat.variantId, '49.99')
    expect(await memberTitles(t, apiKey, summer.id)).toEqual(['Straw hat'])
  })

  it('takes products that match already when it is created, and re-evaluates when its rules change', async () => {
    const { apiKey } = await t.tenant('smart-rules-change')
    await pricedProduct(t, apiKey, { title: 'Sandals', tags: ['summer'] }, '30')
    await pricedProduct(t, apiKey, { title: 'Boots', tags: ['winter'] }, '30')
    const collection = await createCollection(t, apiKey, { title: 'Season', rules: summerUnder50 })
    expect(await memberTitles(t, apiKey, collection.id)).toEqual(['Sandals'])
    const changed = await must<{ collectionUpdate: { collection: { productsCount: number } } }>(t, apiKey, UPDATE, {
      input: { id: collection.id, rules: [{ field: 'TAG', relation: 'EQUALS', value: 'winter' }] },
    })
    expect(changed.collectionUpdate.collection.productsCount).toBe(1)
    expect(await memberTitles(t, apiKey, collection.id)).toEqual(['Boots'])
  })
})

describe('ALL and ANY', () => {
  it('needs every rule with ALL and one of them with ANY', async () => {
    const { apiKey } = await t.tenant('smart-all-any')
    await pricedProduct(t, apiKey, { title: 'A both', tags: ['summer'] }, '10')
    await pricedProduct(t, apiKey, { title: 'B tag only', tags: ['summer'] }, '99')
    await pricedProduct(t, apiKey, { title: 'C price only', tags: [] }, '10')
    await pricedProduct(t, apiKey, { title: 'D neither', tags: [] }, '99')
    const all = await createCollection(t, apiKey, { title: 'All', rules: summerUnder50, sortOrder: 'TITLE_ASC' })
    const any = await createCollection(t, apiKey, {
      title: 'Any',
      rules: summerUnder50,
      disjunctive: true,
      sortOrder: 'TITLE_ASC',
    })
    expect(await memberTitles(t, apiKey, all.id)).toEqual(['A both'])
    expect(await memberTitles(t, apiKey, any.id)).toEqual(['A both', 'B tag only', 'C price only'])
    await must(t, apiKey, UPDATE, { input: { id: all.id, disjunctive: true } })
    expect(await memberTitles(t, apiKey, all.id)).toEqual(['A both', 'B tag only', 'C price only'])
  })
})

describe('each rule field', () => {
  it('matches title, vendor, tag, price, inventory and status with their relations', async () => {
    const { apiKey } = await t.tenant('smart-fields')
    const tee = await pricedProduct(t, apiKey, { title: 'Red Tee', vendor: 'Acme Co', tags: ['summer-2026'] }, '15', 3)
    await pricedProduct(
      t,
      apiKey,
      { title: 'Blue Scarf', vendor: 'Woolies', tags: ['winter'], status: 'DRAFT' },
      '40',
      0,
    )
    const titles = async (rules: Record<string, unknown>[]) =>
      memberTitles(
        t,
        apiKey,
        (
          await createCollection(t, apiKey, {
            title: `c ${JSON.stringify(rules)}`.slice(0, 200),
            rules,
            sortOrder: 'TITLE_ASC',
          })
        ).id,
      )
    expect(await titles([{ field: 'TITLE', relation: 'CONTAINS', value: 'tee' }])).toEqual(['Red Tee'])
    expect(await titles([{ field: 'TITLE', relation: 'NOT_CONTAINS', value: 'tee' }])).toEqual(['Blue Scarf'])
    expect(await titles([{ field: 'TITLE', relation: 'ENDS_WITH', value: 'SCARF' }])).toEqual(['Blue Scarf'])
    expect(await titles([{ field: 'VENDOR', relation: 'EQUALS', value: 'acme co' }])).toEqual(['Red Tee'])
    expect(await titles([{ field: 'VENDOR', relation: 'NOT_EQUALS', value: 'Acme Co' }])).toEqual(['Blue Scarf'])
    expect(await titles([{ field: 'TAG', relation: 'STARTS_WITH', value: 'summer' }])).toEqual(['Red Tee'])
    expect(await titles([{ field: 'TAG', relation: 'NOT_EQUALS', value: 'winter' }])).toEqual(['Red Tee'])
    expect(await titles([{ field: 'PRICE', relation: 'GREATER_THAN', value: '15' }])).toEqual(['Blue Scarf'])
    expect(await titles([{ field: 'PRICE', relation: 'EQUALS', value: '15.00' }])).toEqual(['Red Tee'])
    expect(await titles([{ field: 'PRODUCT_STATUS', relation: 'EQUALS', value: 'DRAFT' }])).toEqual(['Blue Scarf'])
    const inStock = await createCollection(t, apiKey, {
      title: 'In stock',
      rules: [{ field: 'INVENTORY', relation: 'GREATER_THAN', value: '0' }],
    })
    expect(await memberTitles(t, apiKey, inStock.id)).toEqual(['Red Tee'])
    await must(
      t,
      apiKey,
      `mutation ($input: ProductInventoryAdjustInput!) { productInventoryAdjust(input: $input) { eventPosition } }`,
      {
        input: { productId: tee.id, variantId: tee.variantId, setQuantity: 0, reason: 'SOLD' },
      },
    )
    expect(await memberTitles(t, apiKey, inStock.id)).toEqual([])
  })

  it('matches categories as products are assigned and taken out', async () => {
    const { apiKey } = await t.tenant('smart-category')
    const shirts = await createCategory(t, apiKey, { title: 'Shirts' })
    const tee = await pricedProduct(t, apiKey, { title: 'Tee' }, '10')
    const collection = await createCollection(t, apiKey, {
      title: 'Shirts',
      rules: [{ field: 'CATEGORY', relation: 'EQUALS', value: shirts.id }],
    })
    expect(await memberTitles(t, apiKey, collection.id)).toEqual([])
    const assign = (name: string) =>
      `mutation ($input: ${name}Input!) { ${name[0]!.toLowerCase()}${name.slice(1)}(input: $input) { eventPosition } }`
    await must(t, apiKey, assign('CategoryProductsAdd'), { input: { categoryId: shirts.id, productIds: [tee.id] } })
    expect(await memberTitles(t, apiKey, collection.id)).toEqual(['Tee'])
    await must(t, apiKey, assign('CategoryProductsRemove'), { input: { categoryId: shirts.id, productIds: [tee.id] } })
    expect(await memberTitles(t, apiKey, collection.id)).toEqual([])
  })

  it('matches attribute values as text and as numbers', async () => {
    const { apiKey } = await t.tenant('smart-attribute')
    await must(
      t,
      apiKey,
      `mutation ($input: AttributeCreateInput!) { attributeCreate(input: $input) { attribute { id } } }`,
      { input: { code: 'width', name: 'Width', type: 'NUMBER' } },
    )
    await must(
      t,
      apiKey,
      `mutation ($input: AttributeCreateInput!) { attributeCreate(input: $input) { attribute { id } } }`,
      { input: { code: 'fabric', name: 'Fabric', type: 'TEXT' } },
    )
    const scarf = await pricedProduct(t, apiKey, { title: 'Scarf' }, '10')
    const wide = await createCollection(t, apiKey, {
      title: 'Wide',
      rules: [{ field: 'ATTRIBUTE', attributeCode: 'width', relation: 'GREATER_THAN', value: '100' }],
    })
    const cotton = await createCollection(t, apiKey, {
      title: 'Cotton',
      rules: [{ field: 'ATTRIBUTE', attributeCode: 'fabric', relation: 'CONTAINS', value: 'cotton' }],
    })
    const set = `mutation ($input: ProductAttributesSetInput!) { productAttributesSet(input: $input) { eventPosition } }`
    await must(t, apiKey, set, {
      input: {
        productId: scarf.id,
        values: [
          { code: 'width', value: 150 },
          { code: 'fabric', value: 'Organic cotton' },
        ],
      },
    })
    expect(await memberTitles(t, apiKey, wide.id)).toEqual(['Scarf'])
    expect(await memberTitles(t, apiKey, cotton.id)).toEqual(['Scarf'])
    await must(t, apiKey, set, { input: { productId: scarf.id, values: [{ code: 'width', value: 90 }] } })
    expect(await memberTitles(t, apiKey, wide.id)).toEqual([])
  })

  it('drops a deleted product, and orders by price', async () => {
    const { apiKey } = await t.tenant('smart-delete-sort')
    const a = await pricedProduct(t, apiKey, { title: 'A', tags: ['x'] }, '30')
    await pricedProduct(t, apiKey, { title: 'B', tags: ['x'] }, '10')
    await pricedProduct(t, apiKey, { title: 'C', tags: ['x'] }, '20')
    const collection = await createCollection(t, apiKey, {
      title: 'X',
      rules: [{ field: 'TAG', relation: 'EQUALS', value: 'x' }],
      sortOrder: 'PRICE_ASC',
    })
    expect(await memberTitles(t, apiKey, collection.id)).toEqual(['B', 'C', 'A'])
    await must(t, apiKey, UPDATE, { input: { id: collection.id, sortOrder: 'PRICE_DESC' } })
    expect(await memberTitles(t, apiKey, collection.id)).toEqual(['A', 'C', 'B'])
    await must(t, apiKey, `mutation ($input: ProductDeleteInput!) { productDelete(input: $input) { deletedId } }`, {
      input: { id: a.id },
    })
    expect(await memberTitles(t, apiKey, collection.id)).toEqual(['C', 'B'])
  })
})

describe('smart collection errors', () => {
  it('names the rule at fault, refuses manual product edits and unknown categories, and changes nothing', async () => {
    const { apiKey } = await t.tenant('smart-errors')
    const collection = await createCollection(t, apiKey, { title: 'S', rules: summerUnder50 })
    expect(
      onlyError(
        await t.gql(apiKey, UPDATE, {
          input: { id: collection.id, rules: [{ field: 'PRICE', relation: 'CONTAINS', value: '5' }] },
        }),
      ),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'rules', 0, 'relation'],
    })
    expect(onlyError(await t.gql(apiKey, UPDATE, { input: { id: collection.id, rules: [] } }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'rules'],
    })
    expect(
      onlyError(
        await t.gql(apiKey, UPDATE, {
          input: { id: collection.id, rules: [{ field: 'CATEGORY', relation: 'EQUALS', value: collection.id }] },
        }),
      ),
    ).toMatchObject({
      code: 'NOT_FOUND',
      field: ['input', 'rules', 0, 'value'],
    })
    const product = await pricedProduct(t, apiKey, { title: 'P' }, '1')
    expect(
      onlyError(
        await t.gql(
          apiKey,
          `mutation ($input: CollectionProductsAddInput!) { collectionProductsAdd(input: $input) { eventPosition } }`,
          { input: { collectionId: collection.id, productIds: [product.id] } },
        ),
      ),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'collectionId'],
    })
    const after = await must<{ collection: { revision: number; rules: unknown[] } }>(
      t,
      apiKey,
      `query ($id: ID) { collection(id: $id) { revision rules { value } } }`,
      { id: collection.id },
    )
    expect(after.collection).toEqual({ revision: collection.revision, rules: [{ value: 'summer' }, { value: '50' }] })
  })
})
