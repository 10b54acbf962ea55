import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import { clothingAttributes, createAttribute, createAttributeSet } from '../../../../test/support/attributes.js'
import { createProduct, onlyError, badInput, productCount } from '../../../../test/support/products.js'

// A product's attribute set and values through the GraphQL endpoint, including the issue's
// must-show cases: a select value outside its options, and a product missing a required attribute.

const t = useTestApp()

const VIEW = 'id revision attributeSet { name } attributes { code value displayValue attribute { code type } }'
type View = {
  id: string
  revision: number
  attributeSet: { name: string } | null
  attributes: { code: string; value: unknown; displayValue: string; attribute: { code: string; type: string } }[]
}
const CREATE = `mutation ($input: ProductCreateInput!) { productCreate(input: $input) { product { ${VIEW} } } }`
const SET = `mutation ($input: ProductAttributesSetInput!) { productAttributesSet(input: $input) { product { ${VIEW} } eventPosition } }`
const REMOVE = `mutation ($input: ProductAttributesRemoveInput!) { productAttributesRemove(input: $input) { product { ${VIEW} } eventPosition } }`
const CHANGE = `mutation ($input: ProductAttributeSetChangeInput!) { productAttributeSetChange(input: $input) { product { ${VIEW} } eventPosition } }`
const READ = `query ($id: ID) { product(id: $id) { ${VIEW} } }`

async function read(apiKey: string, id: string): Promise<View> {
  return (await t.gql<{ product: View }>(apiKey, READ, { id })).data!.product
}

type Value = { code: string; value: unknown }

/** productCreate of a Tee, in the set and with the values of `input`. */
const createTee = (apiKey: string, input: { attributeSetId?: string; attributes: Value[] }) =>
  t.gql<{ productCreate: { product: View } }>(apiKey, CREATE, { input: { title: 'Tee', ...input } })

const setValues = (apiKey: string, productId: string, values: Value[]) =>
  t.gql<{ productAttributesSet: { product: View } }>(apiKey, SET, { input: { productId, values } })

/** A store with the clothing attributes, a Clothing set (material and care required via care's flag) and a Plain set. */
async function shop(slug: string) {
  const { apiKey } = await t.tenant(slug)
  const attributes = await clothingAttributes(t, apiKey)
  const clothing = await createAttributeSet(t, apiKey, {
    name: 'Clothing',
    sections: [{ name: 'General', attributeCodes: ['material', 'width', 'care'] }],
  })
  await createAttribute(t, apiKey, { code: 'note', name: 'Note', type: 'TEXT' })
  const plain = await createAttributeSet(t, apiKey, {
    name: 'Plain',
    sections: [{ name: 'General', attributeCodes: ['note'] }],
  })
  return { apiKey, attributes, clothing, plain }
}

describe('productCreate with attributes', () => {
  it('puts the product in its set with typed values, served in the set order with display values', async () => {
    const { apiKey, clothing } = await shop('pa-create')
    const created = await createTee(apiKey, {
      attributeSetId: clothing.id,
      attributes: [
        { code: 'care', value: 'Wash cold' },
        { code: 'width', value: 50.5 },
        { code: 'material', value: 'cotton' },
      ],
    })
    expect(created.errors).toBeUndefined()
    const { product } = created.data!.productCreate
    expect(product.attributeSet).toEqual({ name: 'Clothing' })
    expect(product.attributes).toEqual([
      { code: 'material', value: 'cotton', displayValue: 'Cotton', attribute: { code: 'material', type: 'SELECT' } },
      { code: 'width', value: 50.5, displayValue: '50.5 cm', attribute: { code: 'width', type: 'NUMBER' } },
      { code: 'care', value: 'Wash cold', displayValue: 'Wash cold', attribute: { code: 'care', type: 'TEXT' } },
    ])
    expect(await read(apiKey, product.id)).toEqual(product)
  })

  it('refuses a product missing a required attribute of its set, and creates nothing', async () => {
    const { apiKey, clothing } = await shop('pa-required')
    const response = await createTee(apiKey, {
      attributeSetId: clothing.id,
      attributes: [{ code: 'material', value: 'wool' }],
    })
    expect(onlyError(response)).toEqual(
      badInput(
        ['input', 'attributes'],
        "the attribute set 'Clothing' requires values for 'care'; set them in the same call",
      ),
    )
    expect(await productCount(t, apiKey)).toBe(0)
  })

  it('refuses a select value outside its options with the field path of the value', async () => {
    const { apiKey } = await shop('pa-select-create')
    expect(
      onlyError(
        await createTee(apiKey, {
          attributes: [
            { code: 'width', value: 3 },
            { code: 'material', value: 'silk' },
          ],
        }),
      ),
    ).toEqual(
      badInput(
        ['input', 'attributes', 1, 'value'],
        "material: 'silk' is not an option of this attribute; choose one of cotton, wool",
      ),
    )
  })
})

describe('productAttributesSet', () => {
  it('sets values of every type of a product without a set', async () => {
    const { apiKey } = await t.tenant('pa-types')
    const media = '01900000-0000-7000-8000-0000000000ee'
    for (const [code, type] of [
      ['on_sale', 'BOOLEAN'],
      ['launch', 'DATE'],
      ['colours', 'MULTISELECT'],
      ['tone', 'COLOR'],
      ['story', 'RICH_TEXT'],
    ] as const) {
      await createAttribute(t, apiKey, {
        code,
        name: code,
        type,
        ...(type === 'MULTISELECT'
          ? {
              options: [
                { code: 'red', label: 'Red' },
                { code: 'blue', label: 'Blue' },
              ],
            }
          : {}),
      })
    }
    await createAttribute(t, apiKey, { code: 'swatch', name: 'Swatch', type: 'MEDIA' })
    const product = await createProduct(t, apiKey, { title: 'Mug' })
    const values = [
      { code: 'on_sale', value: true },
      { code: 'launch', value: '2026-12-01' },
      { code: 'colours', value: ['blue', 'red'] },
      { code: 'tone', value: '#00FF00' },
      { code: 'story', value: '<p>Handmade</p>' },
    ]
    const response = await setValues(apiKey, product.id, values)
    expect(response.errors).toBeUndefined()
    expect(
      response.data!.productAttributesSet.product.attributes.map(({ code, value, displayValue }) => [
        code,
        value,
        displayValue,
      ]),
    ).toEqual([
      ['colours', ['blue', 'red'], 'Blue, Red'],
      ['launch', '2026-12-01', '2026-12-01'],
      ['on_sale', true, 'Yes'],
      ['story', '<p>Handmade</p>', '<p>Handmade</p>'],
      ['tone', '#00ff00', '#00ff00'],
    ])
    // A media value must name a media of this store's library.
    expect(onlyError(await setValues(apiKey, product.id, [{ code: 'swatch', value: media }]))).toEqual({
      code: 'NOT_FOUND',
      field: ['input', 'values', 0, 'value'],
      message: `media '${media}' does not exist in this store`,
    })
  })

  it('must-show: a select value outside its options is BAD_USER_INPUT at the value, and changes nothing', async () => {
    const { apiKey } = await shop('pa-select')
    const product = await createProduct(t, apiKey, { title: 'Tee' })
    await setValues(apiKey, product.id, [{ code: 'material', value: 'wool' }])
    const before = await read(apiKey, product.id)
    expect(
      onlyError(
        await setValues(apiKey, product.id, [
          { code: 'width', value: 2 },
          { code: 'material', value: 'denim' },
        ]),
      ),
    ).toEqual(
      badInput(
        ['input', 'values', 1, 'value'],
        "material: 'denim' is not an option of this attribute; choose one of cotton, wool",
      ),
    )
    expect(await read(apiKey, product.id)).toEqual(before)
  })

  it('must-show: a product in a set may not be left without a required value; unknown codes are named', async () => {
    const { apiKey, clothing } = await shop('pa-set-required')
    const product = await createProduct(t, apiKey, { title: 'Tee' })
    expect(
      onlyError(await t.gql(apiKey, CHANGE, { input: { productId: product.id, attributeSetId: clothing.id } })),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'values'],
      message: expect.stringContaining("requires values for 'care'"),
    })
    const moved = await t.gql<{ productAttributeSetChange: { product: View } }>(apiKey, CHANGE, {
      input: { productId: product.id, attributeSetId: clothing.id, values: [{ code: 'care', value: 'Dry clean' }] },
    })
    expect(moved.data!.productAttributeSetChange.product.attributeSet).toEqual({ name: 'Clothing' })
    expect(onlyError(await setValues(apiKey, product.id, [{ code: 'note', value: 'x' }]))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'values', 0, 'code'],
    })
    expect(onlyError(await setValues(apiKey, product.id, [{ code: 'ghost', value: 'x' }]))).toEqual(
      badInput(
        ['input', 'values', 0, 'code'],
        "there is no attribute 'ghost' in this store; create it with attributeCreate or check the code",
      ),
    )
  })
})

describe('productAttributesRemove', () => {
  it('removes values, refusing ones the set requires', async () => {
    const { apiKey, clothing } = await shop('pa-remove')
    const created = await createTee(apiKey, {
      attributeSetId: clothing.id,
      attributes: [
        { code: 'care', value: 'Cold' },
        { code: 'width', value: 4 },
      ],
    })
    const id = created.data!.productCreate.product.id
    const removed = await t.gql<{ productAttributesRemove: { product: View; eventPosition: string | null } }>(
      apiKey,
      REMOVE,
      { input: { productId: id, codes: ['width', 'material'] } },
    )
    expect(removed.data!.productAttributesRemove.product.attributes.map((a) => a.code)).toEqual(['care'])
    expect(onlyError(await t.gql(apiKey, REMOVE, { input: { productId: id, codes: ['care'] } }))).toEqual(
      badInput(
        ['input', 'codes', 0],
        "attribute 'care' is required by the attribute set 'Clothing', so its value cannot be removed; set another value instead",
      ),
    )
    expect(
      (
        await t.gql<{ productAttributesRemove: { eventPosition: string | null } }>(apiKey, REMOVE, {
          input: { productId: id, codes: ['width'] },
        })
      ).data!.productAttributesRemove.eventPosition,
    ).toBeNull()
  })

  it('refuses more than 250 codes at once before looking any of them up', async () => {
    const { apiKey } = await shop('pa-remove-many')
    const product = await createProduct(t, apiKey, { title: 'Tee' })
    const response = await t.gql(apiKey, REMOVE, {
      input: { productId: product.id, codes: Array.from({ length: 10_001 }, (_, i) => `code_${i}`) },
    })
    expect(onlyError(response)).toEqual(badInput(['input', 'codes'], 'input.codes: at most 250 codes per call'))
  })
})

describe('productAttributeSetChange', () => {
  it('without dropValues lists what would be dropped; with it, moves and drops', async () => {
    const { apiKey, clothing, plain } = await shop('pa-change')
    const created = await createTee(apiKey, {
      attributeSetId: clothing.id,
      attributes: [
        { code: 'care', value: 'Cold' },
        { code: 'material', value: 'cotton' },
      ],
    })
    const id = created.data!.productCreate.product.id
    const refused = await t.gql(apiKey, CHANGE, { input: { productId: id, attributeSetId: plain.id } })
    expect(onlyError(refused)).toEqual(
      badInput(
        ['input', 'dropValues'],
        "moving the product to attribute set 'Plain' would drop its values of 'care', 'material'; pass dropValues: true to confirm",
      ),
    )
    expect(refused.errors![0]!.extensions.droppedCodes).toEqual(['care', 'material'])
    expect((await read(apiKey, id)).attributeSet).toEqual({ name: 'Clothing' })

    const moved = await t.gql<{ productAttributeSetChange: { product: View } }>(apiKey, CHANGE, {
      input: { productId: id, attributeSetId: plain.id, dropValues: true, values: [{ code: 'note', value: 'Moved' }] },
    })
    expect(moved.errors).toBeUndefined()
    expect(moved.data!.productAttributeSetChange.product).toMatchObject({
      attributeSet: { name: 'Plain' },
      attributes: [{ code: 'note', value: 'Moved' }],
    })
    const out = await t.gql<{ productAttributeSetChange: { product: View } }>(apiKey, CHANGE, {
      input: { productId: id, attributeSetId: null },
    })
    expect(out.data!.productAttributeSetChange.product).toMatchObject({
      attributeSet: null,
      attributes: [{ code: 'note' }],
    })
  })
})

describe('scopes', () => {
  it('writes need products:write and change nothing without it; reads need products:read', async () => {
    const { apiKey } = await shop('pa-scope')
    const product = await createProduct(t, apiKey, { title: 'Tee' })
    const reader = await t.key('pa-scope', ['products:read'])
    expect(onlyError(await setValues(reader, product.id, [{ code: 'width', value: 1 }]))).toMatchObject({
      code: 'FORBIDDEN',
    })
    expect((await read(reader, product.id)).attributes).toEqual([])
    const settings = await t.key('pa-scope', ['settings:read'])
    expect(onlyError(await t.gql(settings, READ, { id: product.id })).code).toBe('FORBIDDEN')
  })
})

describe('tenant isolation', () => {
  it("another store's product, set and attribute codes behave like missing ones", async () => {
    const owner = await shop('pa-iso-owner')
    const other = await t.tenant('pa-iso-other')
    const product = await createProduct(t, owner.apiKey, { title: 'Tee' })
    await createAttribute(t, other.apiKey, { code: 'note', name: 'Note', type: 'TEXT' })
    expect(onlyError(await setValues(other.apiKey, product.id, [{ code: 'note', value: 'x' }]))).toEqual({
      code: 'NOT_FOUND',
      message: `product '${product.id}' does not exist in this store`,
    })
    const mine = await createProduct(t, other.apiKey, { title: 'Mine' })
    expect(onlyError(await setValues(other.apiKey, mine.id, [{ code: 'material', value: 'cotton' }]))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'values', 0, 'code'],
    })
    expect(
      onlyError(
        await t.gql(other.apiKey, CHANGE, { input: { productId: mine.id, attributeSetId: owner.clothing.id } }),
      ),
    ).toEqual({
      code: 'NOT_FOUND',
      field: ['input', 'attributeSetId'],
      message: `attribute set '${owner.clothing.id}' does not exist in this store`,
    })
    expect((await read(owner.apiKey, product.id)).attributes).toEqual([])
  })
})
