import { describe, expect, it } from 'vitest'
import { mutationRunner, useTestApp } from '../../../../test/support/app.js'
import {
  SET_FIELDS,
  clothingAttributes,
  createAttributeSet,
  setMutation,
  type AttributeSet,
} from '../../../../test/support/attributes.js'
import { POSITION, UUID, onlyError, badInput } from '../../../../test/support/products.js'
import { listReader } from '../../../../test/support/lists.js'

// Attribute set writes and reads through the GraphQL endpoint.

const t = useTestApp()

type Written = { attributeSet: AttributeSet | null; eventPosition: string | null }
const run = mutationRunner<Written>(t, setMutation)
const BY_ID = `query ($id: ID!) { attributeSet(id: $id) { ${SET_FIELDS} } }`
const sets = listReader<{ name: string }>(t, 'attributeSets', 'AttributeSet', 'name')
const DELETE = `mutation ($input: AttributeSetDeleteInput!) { attributeSetDelete(input: $input) { deletedId eventPosition } }`
const sectionCodes = (set: AttributeSet) => set.sections.map((s) => [s.name, s.attributes.map((a) => a.code)])

/** A new store with the clothing attributes and a set `name` whose one section, General, holds `code`. */
async function storeWithSet(slug: string, name: string, code: string) {
  const { apiKey } = await t.tenant(slug)
  await clothingAttributes(t, apiKey)
  const set = await createAttributeSet(t, apiKey, { name, sections: [{ name: 'General', attributeCodes: [code] }] })
  return { apiKey, set }
}

describe('attributeSetCreate and reads', () => {
  it('creates a set with sections by attribute code and serves it right away', async () => {
    const { apiKey } = await t.tenant('set-create')
    await clothingAttributes(t, apiKey)
    const created = await run(apiKey, 'attributeSetCreate', {
      name: 'Clothing',
      sections: [
        { name: 'Basics', attributeCodes: ['material', 'care'] },
        { name: 'Size', attributeCodes: ['width'] },
      ],
    })
    expect(created.errors).toBeUndefined()
    const { attributeSet, eventPosition } = created.data!.attributeSetCreate!
    expect(attributeSet).toMatchObject({ id: expect.stringMatching(UUID), name: 'Clothing', revision: 0 })
    expect(attributeSet!.sections.map((s) => s.position)).toEqual([0, 1])
    expect(sectionCodes(attributeSet!)).toEqual([
      ['Basics', ['material', 'care']],
      ['Size', ['width']],
    ])
    expect(attributeSet!.attributes.map((a) => a.code)).toEqual(['material', 'care', 'width'])
    expect(eventPosition).toMatch(POSITION)
    expect((await t.gql(apiKey, BY_ID, { id: attributeSet!.id })).data).toEqual({ attributeSet })
  })

  it('names an unknown attribute code at its place and creates nothing', async () => {
    const { apiKey } = await t.tenant('set-unknown')
    const response = await run(apiKey, 'attributeSetCreate', {
      name: 'X',
      sections: [{ name: 'General', attributeCodes: ['ghost'] }],
    })
    expect(onlyError(response)).toEqual(
      badInput(
        ['input', 'sections', 0, 'attributeCodes', 0],
        "there is no attribute 'ghost' in this store; create it with attributeCreate or check the code",
      ),
    )
    expect(
      (await t.gql<{ attributeSets: { totalCount: number } }>(apiKey, '{ attributeSets { totalCount } }')).data!
        .attributeSets.totalCount,
    ).toBe(0)
  })

  it('refuses more than 500 sections, or 500 codes to reorder, before looking up their codes', async () => {
    const { apiKey } = await t.tenant('set-many-sections')
    const response = await run(apiKey, 'attributeSetCreate', {
      name: 'X',
      sections: Array.from({ length: 2_000 }, (_, i) => ({ name: `S${i}`, attributeCodes: ['ghost'] })),
    })
    expect(onlyError(response)).toEqual(
      badInput(['input', 'sections'], 'input.sections: a set may have at most 500 sections'),
    )
    const reorder = await run(apiKey, 'attributeSetAttributeReorder', {
      id: '01900000-0000-7000-8000-000000000000',
      codes: Array.from({ length: 10_001 }, (_, i) => `code_${i}`),
    })
    expect(onlyError(reorder)).toEqual(
      badInput(['input', 'codes'], 'input.codes: a set holds at most 500 attributes to reorder'),
    )
  })
})

describe('attributeSetUpdate and attributes', () => {
  it('renames, adds, reorders and removes attributes', async () => {
    const { apiKey, set } = await storeWithSet('set-edit', 'Clothing', 'material')
    expect(
      (await run(apiKey, 'attributeSetUpdate', { id: set.id, name: 'Apparel' })).data!.attributeSetUpdate!.attributeSet!
        .name,
    ).toBe('Apparel')
    await run(apiKey, 'attributeSetAttributeAdd', { id: set.id, code: 'width' })
    const added = await run(apiKey, 'attributeSetAttributeAdd', { id: set.id, code: 'care', section: 'Care' })
    expect(sectionCodes(added.data!.attributeSetAttributeAdd!.attributeSet!)).toEqual([
      ['General', ['material', 'width']],
      ['Care', ['care']],
    ])
    const reordered = await run(apiKey, 'attributeSetAttributeReorder', { id: set.id, codes: ['width'] })
    expect(sectionCodes(reordered.data!.attributeSetAttributeReorder!.attributeSet!)[0]).toEqual([
      'General',
      ['width', 'material'],
    ])
    const removed = await run(apiKey, 'attributeSetAttributeRemove', { id: set.id, code: 'width' })
    expect(removed.data!.attributeSetAttributeRemove!.attributeSet!.attributes.map((a) => a.code)).toEqual([
      'material',
      'care',
    ])
    const layout = await run(apiKey, 'attributeSetUpdate', {
      id: set.id,
      sections: [{ name: 'All', attributeCodes: ['care', 'material'] }],
    })
    expect(sectionCodes(layout.data!.attributeSetUpdate!.attributeSet!)).toEqual([['All', ['care', 'material']]])
    expect(
      onlyError(await run(apiKey, 'attributeSetAttributeReorder', { id: set.id, section: 'Nope', codes: ['care'] })),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'section'] })
  })
})

describe('attributeSetDelete', () => {
  it('refuses a set products use, deletes an unused one', async () => {
    const { apiKey, set: used } = await storeWithSet('set-delete', 'Used', 'width')
    const created = await t.gql(
      apiKey,
      `mutation ($input: ProductCreateInput!) { productCreate(input: $input) { product { id } } }`,
      { input: { title: 'Tee', attributeSetId: used.id } },
    )
    expect(created.errors).toBeUndefined()
    expect(onlyError(await t.gql(apiKey, DELETE, { input: { id: used.id } }))).toEqual(
      badInput(
        ['input', 'id'],
        "attribute set 'Used' is used by 1 product(s); move them to another set with productAttributeSetChange first",
      ),
    )
    const unused = await createAttributeSet(t, apiKey, { name: 'Unused' })
    expect((await t.gql(apiKey, DELETE, { input: { id: unused.id } })).data).toEqual({
      attributeSetDelete: { deletedId: unused.id, eventPosition: expect.stringMatching(POSITION) },
    })
    expect(onlyError(await t.gql(apiKey, BY_ID, { id: unused.id }))).toEqual({
      code: 'NOT_FOUND',
      message: `attribute set '${unused.id}' does not exist in this store`,
    })
  })
})

describe('attributeSets list', () => {
  it('filters by name and member attribute, sorts and pages in both modes', async () => {
    const { apiKey } = await t.tenant('set-list')
    const { width } = await clothingAttributes(t, apiKey)
    for (const name of ['Shoes', 'Bags', 'Coats'])
      await createAttributeSet(t, apiKey, {
        name,
        sections: name === 'Coats' ? [{ name: 'General', attributeCodes: ['width'] }] : [],
      })
    const list = (variables: Record<string, unknown>) => sets(apiKey, variables)
    expect((await list({})).nodes.map((n) => n.name)).toEqual(['Bags', 'Coats', 'Shoes'])
    expect((await list({ sort: 'NAME_DESC', filter: { name: { contains: 'o' } } })).nodes.map((n) => n.name)).toEqual([
      'Shoes',
      'Coats',
    ])
    expect((await list({ filter: { attributeId: width.id } })).nodes.map((n) => n.name)).toEqual(['Coats'])
    const first = await list({ first: 2 })
    expect((await list({ first: 2, after: first.pageInfo.endCursor })).nodes.map((n) => n.name)).toEqual(['Shoes'])
    expect((await list({ page: 2, limit: 2 })).pageInfo).toMatchObject({ page: 2, totalPages: 2, hasNextPage: false })
  })
})

describe('tenant isolation', () => {
  it("treats another store's set exactly like a missing one", async () => {
    const owner = await t.tenant('set-iso-owner')
    const other = await t.tenant('set-iso-other')
    const set = await createAttributeSet(t, owner.apiKey, { name: 'Secret' })
    const missing = { code: 'NOT_FOUND', message: `attribute set '${set.id}' does not exist in this store` }
    expect(onlyError(await t.gql(other.apiKey, BY_ID, { id: set.id }))).toEqual(missing)
    expect(onlyError(await run(other.apiKey, 'attributeSetUpdate', { id: set.id, name: 'Mine' }))).toEqual(missing)
    expect(onlyError(await t.gql(other.apiKey, DELETE, { input: { id: set.id } })).code).toBe('NOT_FOUND')
    expect(
      (await t.gql<{ attributeSets: { totalCount: number } }>(other.apiKey, '{ attributeSets { totalCount } }')).data!
        .attributeSets.totalCount,
    ).toBe(0)
  })

  it('needs products:write to write and products:read to read', async () => {
    await t.tenant('set-scope')
    const settings = await t.key('set-scope', ['settings:write'])
    expect(onlyError(await run(settings, 'attributeSetCreate', { name: 'X' })).code).toBe('FORBIDDEN')
    expect(onlyError(await t.gql(settings, '{ attributeSets { totalCount } }')).code).toBe('FORBIDDEN')
  })
})
