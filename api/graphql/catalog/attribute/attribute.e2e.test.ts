import { describe, expect, it } from 'vitest'
import { mutationRunner, useTestApp } from '../../../../test/support/app.js'
import {
  ATTRIBUTE_FIELDS,
  attributeMutation,
  createAttribute,
  createRedBlueAttribute,
  createSizeAttribute,
  type Attribute,
} from '../../../../test/support/attributes.js'
import { POSITION, UUID, createProduct, onlyError, badInput } from '../../../../test/support/products.js'
import { expectPageBoundsRefused, listQuery, listReader } from '../../../../test/support/lists.js'
import { historyTypes } from '../../../../test/support/history.js'

// Attribute writes and reads through the GraphQL endpoint, as an integration sees them.

const t = useTestApp()

type Written = { attribute: Attribute | null; eventPosition: string | null }
const run = mutationRunner<Written>(t, attributeMutation)
const BY_ID = `query ($id: ID, $code: String, $asOf: DateTime) { attribute(id: $id, code: $code, asOf: $asOf) { ${ATTRIBUTE_FIELDS} } }`
const LIST = listQuery('attributes', 'Attribute', 'code')
const attributes = listReader<{ code: string }>(t, 'attributes', 'Attribute', 'code')
const DELETE = `mutation ($input: AttributeDeleteInput!) { attributeDelete(input: $input) { deletedId eventPosition } }`
const SET_VALUES = `mutation ($input: ProductAttributesSetInput!) { productAttributesSet(input: $input) { product { id } } }`

describe('attributeCreate', () => {
  it('returns the attribute with defaults and serves it by id and by code right away', async () => {
    const { apiKey } = await t.tenant('attr-create')
    const created = await run(apiKey, 'attributeCreate', {
      code: 'screen_size',
      name: 'Screen size',
      type: 'NUMBER',
      validation: { min: 1, max: 100, unit: 'in' },
    })
    expect(created.errors).toBeUndefined()
    const { attribute, eventPosition } = created.data!.attributeCreate!
    expect(attribute).toMatchObject({
      id: expect.stringMatching(UUID),
      code: 'screen_size',
      type: 'NUMBER',
      options: [],
      required: false,
      filterable: false,
      visible: true,
      revision: 0,
    })
    expect(attribute!.validation).toMatchObject({ min: 1, max: 100, unit: 'in', pattern: null })
    expect(eventPosition).toMatch(POSITION)
    expect((await t.gql(apiKey, BY_ID, { id: attribute!.id })).data).toEqual({ attribute })
    expect((await t.gql(apiKey, BY_ID, { code: 'screen_size' })).data).toEqual({ attribute })
  })

  it('refuses a duplicate code with CONFLICT and creates nothing', async () => {
    const { apiKey } = await t.tenant('attr-dup')
    await createAttribute(t, apiKey, { code: 'material', name: 'Material', type: 'TEXT' })
    const response = await run(apiKey, 'attributeCreate', { code: 'material', name: 'Other', type: 'TEXT' })
    expect(onlyError(response)).toEqual({
      code: 'CONFLICT',
      field: ['input', 'code'],
      message: "attribute code 'material' is taken in this store; choose another or update the existing attribute",
    })
    expect(
      (await t.gql<{ attributes: { totalCount: number } }>(apiKey, '{ attributes { totalCount } }')).data!.attributes
        .totalCount,
    ).toBe(1)
  })

  it('refuses bad input with the field path and what to do', async () => {
    const { apiKey } = await t.tenant('attr-bad')
    expect(
      onlyError(await run(apiKey, 'attributeCreate', { code: 'Screen-Size', name: 'x', type: 'TEXT' })),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'code'] })
    expect(
      onlyError(
        await run(apiKey, 'attributeCreate', {
          code: 'size',
          name: 'x',
          type: 'NUMBER',
          validation: { pattern: 'a+' },
        }),
      ),
    ).toEqual(
      badInput(
        ['input', 'validation', 'pattern'],
        'pattern does not apply to a NUMBER attribute; it takes min, max, decimals, unit',
      ),
    )
    expect(
      onlyError(
        await run(apiKey, 'attributeCreate', {
          code: 'size',
          name: 'x',
          type: 'TEXT',
          options: [{ code: 'a', label: 'A' }],
        }),
      ),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'options'],
    })
  })

  it('needs products:write, and FORBIDDEN changes nothing', async () => {
    await t.tenant('attr-scope')
    const reader = await t.key('attr-scope', ['products:read'])
    expect(onlyError(await run(reader, 'attributeCreate', { code: 'a', name: 'A', type: 'TEXT' })).code).toBe(
      'FORBIDDEN',
    )
    expect(
      (await t.gql<{ attributes: { totalCount: number } }>(reader, '{ attributes { totalCount } }')).data!.attributes
        .totalCount,
    ).toBe(0)
  })
})

describe('attributeUpdate and options', () => {
  it('changes fields, options and validation, each recorded as what happened', async () => {
    const { apiKey } = await t.tenant('attr-update')
    const size = await createSizeAttribute(t, apiKey)
    expect(
      (await run(apiKey, 'attributeUpdate', { id: size.id, name: 'Clothing size', filterable: true })).data!
        .attributeUpdate!.attribute,
    ).toMatchObject({ name: 'Clothing size', filterable: true })
    await run(apiKey, 'attributeOptionAdd', { id: size.id, code: 'm', label: 'M' })
    await run(apiKey, 'attributeOptionAdd', { id: size.id, code: 'xs', label: 'XS', position: 0 })
    await run(apiKey, 'attributeOptionUpdate', { id: size.id, code: 'm', label: 'Medium' })
    const reordered = await run(apiKey, 'attributeOptionReorder', { id: size.id, codes: ['m'] })
    expect(reordered.data!.attributeOptionReorder!.attribute!.options).toEqual([
      { code: 'm', label: 'Medium' },
      { code: 'xs', label: 'XS' },
      { code: 's', label: 'S' },
    ])
    const removed = await run(apiKey, 'attributeOptionRemove', { id: size.id, code: 'xs' })
    expect(removed.data!.attributeOptionRemove!.attribute!.options.map((o) => o.code)).toEqual(['m', 's'])
    expect((await historyTypes(t, apiKey, 'attribute', size.id)).reverse()).toEqual([
      'AttributeCreated',
      'AttributeRenamed',
      'AttributeFlagsChanged',
      'AttributeOptionAdded',
      'AttributeOptionAdded',
      'AttributeOptionRelabeled',
      'AttributeOptionsReordered',
      'AttributeOptionRemoved',
    ])
  })

  it('refuses a type change and an option removal while products hold such values', async () => {
    const { apiKey } = await t.tenant('attr-in-use')
    const color = await createRedBlueAttribute(t, apiKey, 'shade', 'Shade')
    const product = await createProduct(t, apiKey, { title: 'Shirt' })
    expect(
      (await t.gql(apiKey, SET_VALUES, { input: { productId: product.id, values: [{ code: 'shade', value: 'red' }] } }))
        .errors,
    ).toBeUndefined()

    expect(onlyError(await run(apiKey, 'attributeUpdate', { id: color.id, type: 'TEXT' }))).toEqual(
      badInput(
        ['input', 'type'],
        "attribute 'shade' cannot change type from SELECT to TEXT: 1 product(s) hold values of it; remove those values with productAttributesRemove first, or create a new attribute with the new type",
      ),
    )
    expect(onlyError(await run(apiKey, 'attributeOptionRemove', { id: color.id, code: 'red' }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'code'],
    })
    // The option nobody holds goes; the attribute keeps its type.
    expect(
      (await run(apiKey, 'attributeOptionRemove', { id: color.id, code: 'blue' })).data!.attributeOptionRemove!
        .attribute,
    ).toMatchObject({ type: 'SELECT', options: [{ code: 'red', label: 'Red' }] })
  })

  it('answers NOT_FOUND for unknown ids and options of a non-select attribute with BAD_USER_INPUT', async () => {
    const { apiKey } = await t.tenant('attr-missing')
    const id = '01900000-0000-7000-8000-000000000099'
    expect(onlyError(await run(apiKey, 'attributeUpdate', { id, name: 'x' }))).toEqual({
      code: 'NOT_FOUND',
      message: `attribute '${id}' does not exist in this store`,
    })
    expect(onlyError(await t.gql(apiKey, BY_ID, { id }))).toMatchObject({ code: 'NOT_FOUND' })
    const text = await createAttribute(t, apiKey, { code: 'note', name: 'Note', type: 'TEXT' })
    expect(onlyError(await run(apiKey, 'attributeOptionAdd', { id: text.id, code: 'a', label: 'A' }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'code'],
    })
  })
})

describe('attributeDelete', () => {
  it('refuses while values exist unless forced, then frees the code and drops the values', async () => {
    const { apiKey } = await t.tenant('attr-delete')
    const fit = await createAttribute(t, apiKey, { code: 'fit', name: 'Fit', type: 'TEXT' })
    const product = await createProduct(t, apiKey, { title: 'Jeans' })
    await t.gql(apiKey, SET_VALUES, { input: { productId: product.id, values: [{ code: 'fit', value: 'slim' }] } })
    expect(onlyError(await t.gql(apiKey, DELETE, { input: { id: fit.id } }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'force'],
    })

    const deleted = await t.gql<{ attributeDelete: { deletedId: string; eventPosition: string } }>(apiKey, DELETE, {
      input: { id: fit.id, force: true },
    })
    expect(deleted.data!.attributeDelete).toEqual({ deletedId: fit.id, eventPosition: expect.stringMatching(POSITION) })
    expect(onlyError(await t.gql(apiKey, BY_ID, { id: fit.id })).code).toBe('NOT_FOUND')
    const values = await t.gql<{ product: { attributes: unknown[] } }>(
      apiKey,
      `query ($id: ID) { product(id: $id) { attributes { code } } }`,
      { id: product.id },
    )
    expect(values.data!.product.attributes).toEqual([])
    expect((await createAttribute(t, apiKey, { code: 'fit', name: 'Fit again', type: 'BOOLEAN' })).code).toBe('fit')
    expect(onlyError(await t.gql(apiKey, DELETE, { input: { id: fit.id, force: true } })).code).toBe('NOT_FOUND')
  })
})

describe('attributes list', () => {
  it('filters, searches, sorts and pages in both modes', async () => {
    const { apiKey } = await t.tenant('attr-list')
    for (const [code, type, filterable] of [
      ['color', 'COLOR', true],
      ['brand_name', 'TEXT', false],
      ['weight', 'NUMBER', true],
      ['organic', 'BOOLEAN', false],
    ] as const) {
      await createAttribute(t, apiKey, { code, name: code.replace('_', ' '), type, filterable })
    }
    const list = (variables: Record<string, unknown>) => attributes(apiKey, variables)
    expect((await list({})).nodes.map((n) => n.code)).toEqual(['brand_name', 'color', 'organic', 'weight'])
    expect((await list({ filter: { filterable: true }, sort: 'CODE_DESC' })).nodes.map((n) => n.code)).toEqual([
      'weight',
      'color',
    ])
    expect((await list({ filter: { type: ['TEXT', 'BOOLEAN'] } })).totalCount).toBe(2)
    expect((await list({ filter: { search: 'brand' } })).nodes.map((n) => n.code)).toEqual(['brand_name'])
    expect(
      (await list({ filter: { or: [{ code: { eq: 'color' } }, { code: { startsWith: 'we' } }] } })).nodes.map(
        (n) => n.code,
      ),
    ).toEqual(['color', 'weight'])
    const first = await list({ first: 3 })
    expect(first.pageInfo.hasNextPage).toBe(true)
    expect((await list({ first: 3, after: first.pageInfo.endCursor })).nodes.map((n) => n.code)).toEqual(['weight'])
    const page2 = await list({ page: 2, limit: 3 })
    expect(page2.nodes.map((n) => n.code)).toEqual(['weight'])
    expect(page2.pageInfo).toMatchObject({ page: 2, totalPages: 2 })
    await expectPageBoundsRefused(t, apiKey, LIST)
  })
})

describe('history, asOf and revert', () => {
  it('reads the attribute as it was and restores an earlier revision with new events', async () => {
    const { apiKey } = await t.tenant('attr-revert')
    const size = await createSizeAttribute(t, apiKey)
    const before = new Date()
    // Deliberate: the update must be recorded at a later instant than \`before\`.
    await new Promise((resolve) => setTimeout(resolve, 5))
    await run(apiKey, 'attributeUpdate', { id: size.id, name: 'Fit size', required: true })
    await run(apiKey, 'attributeOptionAdd', { id: size.id, code: 'm', label: 'M' })

    const past = await t.gql<{ attribute: Attribute }>(apiKey, BY_ID, { id: size.id, asOf: before.toISOString() })
    expect(past.data!.attribute).toMatchObject({
      name: 'Size',
      required: false,
      options: [{ code: 's', label: 'S' }],
      revision: 0,
    })
    expect(onlyError(await t.gql(apiKey, BY_ID, { id: size.id, asOf: '2000-01-01T00:00:00Z' })).code).toBe('NOT_FOUND')

    const reverted = await run(apiKey, 'attributeRevert', { id: size.id, toRevision: 0 })
    expect(reverted.errors).toBeUndefined()
    expect(reverted.data!.attributeRevert!.attribute).toMatchObject({
      name: 'Size',
      required: false,
      options: [{ code: 's', label: 'S' }],
    })
    expect(onlyError(await run(apiKey, 'attributeRevert', { id: size.id, toRevision: 99 }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'toRevision'],
    })
    expect(await historyTypes(t, apiKey, 'attribute', size.id, 4)).toEqual([
      'AttributeFlagsChanged',
      'AttributeOptionRemoved',
      'AttributeRenamed',
      'AttributeReverted',
    ])
  })
})

describe('tenant isolation', () => {
  it("treats another store's attribute exactly like a missing one", async () => {
    const owner = await t.tenant('attr-iso-owner')
    const other = await t.tenant('attr-iso-other')
    const secret = await createAttribute(t, owner.apiKey, { code: 'secret', name: 'Secret', type: 'TEXT' })
    expect(onlyError(await t.gql(other.apiKey, BY_ID, { id: secret.id }))).toEqual({
      code: 'NOT_FOUND',
      message: `attribute '${secret.id}' does not exist in this store`,
    })
    expect(onlyError(await t.gql(other.apiKey, BY_ID, { code: 'secret' })).code).toBe('NOT_FOUND')
    expect(onlyError(await run(other.apiKey, 'attributeUpdate', { id: secret.id, name: 'Mine' }))).toEqual({
      code: 'NOT_FOUND',
      message: `attribute '${secret.id}' does not exist in this store`,
    })
    expect(onlyError(await t.gql(other.apiKey, DELETE, { input: { id: secret.id, force: true } })).code).toBe(
      'NOT_FOUND',
    )
    expect(
      (await t.gql<{ attributes: { totalCount: number } }>(other.apiKey, '{ attributes { totalCount } }')).data!
        .attributes.totalCount,
    ).toBe(0)
    // The same code is free in another store.
    expect((await createAttribute(t, other.apiKey, { code: 'secret', name: 'Mine', type: 'TEXT' })).code).toBe('secret')
  })
})
