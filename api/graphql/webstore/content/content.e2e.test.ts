import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import { ok } from '../../../../test/support/menus.js'
import { POSITION, UUID, createProduct, onlyError, badInput } from '../../../../test/support/products.js'

// Content types and entries through the GraphQL endpoint: validation against the type,
// references, refused type changes, lists, isolation and scopes.

const t = useTestApp()

const TYPE_FIELDS =
  'id handle name revision fields { key name type required list validations { min max maxLength choices } }'
const ENTRY_FIELDS = 'id handle fields revision type { handle }'
const CREATE_TYPE = `mutation ($input: ContentTypeCreateInput!) { contentTypeCreate(input: $input) { contentType { ${TYPE_FIELDS} } eventPosition } }`
const UPDATE_TYPE = `mutation ($input: ContentTypeUpdateInput!) { contentTypeUpdate(input: $input) { contentType { ${TYPE_FIELDS} } } }`
const DELETE_TYPE = 'mutation ($input: ContentTypeDeleteInput!) { contentTypeDelete(input: $input) { deletedId } }'
const CREATE_ENTRY = `mutation ($input: ContentEntryCreateInput!) { contentEntryCreate(input: $input) { contentEntry { ${ENTRY_FIELDS} } eventPosition } }`
const UPDATE_ENTRY = `mutation ($input: ContentEntryUpdateInput!) { contentEntryUpdate(input: $input) { contentEntry { ${ENTRY_FIELDS} } } }`
const DELETE_ENTRY = 'mutation ($input: ContentEntryDeleteInput!) { contentEntryDelete(input: $input) { deletedId } }'
const ENTRY = `query ($id: ID, $typeHandle: String, $handle: String) { contentEntry(id: $id, typeHandle: $typeHandle, handle: $handle) { ${ENTRY_FIELDS} } }`

type Entry = { id: string; handle: string; fields: Record<string, unknown>; revision: number; type: { handle: string } }
const PROMO = {
  name: 'Promo',
  fields: [
    { key: 'title', type: 'TEXT', required: true, validations: { maxLength: 40 } },
    { key: 'price', type: 'NUMBER', validations: { min: 0 } },
    { key: 'body', type: 'RICH_TEXT' },
    { key: 'starts', type: 'DATE' },
    { key: 'link', type: 'URL' },
    { key: 'product', type: 'PRODUCT_REFERENCE' },
    { key: 'tags', type: 'TEXT', list: true },
  ],
}

async function promoType(apiKey: string) {
  return (await ok<{ contentType: { id: string; handle: string } }>(t, apiKey, CREATE_TYPE, PROMO, 'contentTypeCreate'))
    .contentType
}

describe('content types', () => {
  it('creates a type with defaults, reads it, lists it, and updates it', async () => {
    const { apiKey } = await t.tenant('content-types')
    const created = await t.gql<{
      contentTypeCreate: { contentType: { id: string; handle: string; fields: unknown[] }; eventPosition: string }
    }>(apiKey, CREATE_TYPE, { input: PROMO })
    expect(created.errors).toBeUndefined()
    const type = created.data!.contentTypeCreate.contentType
    expect(type).toMatchObject({ id: expect.stringMatching(UUID), handle: 'promo', name: 'Promo', revision: 0 })
    expect(type.fields[0]).toEqual({
      key: 'title',
      name: 'title',
      type: 'TEXT',
      required: true,
      list: false,
      validations: { min: null, max: null, maxLength: 40, choices: null },
    })
    expect(created.data!.contentTypeCreate.eventPosition).toMatch(POSITION)
    expect(
      (await t.gql<{ contentType: { id: string } }>(apiKey, '{ contentType(handle: "promo") { id } }')).data
        ?.contentType.id,
    ).toBe(type.id)
    expect(
      (await t.gql<{ contentTypes: { totalCount: number } }>(apiKey, '{ contentTypes { totalCount } }')).data
        ?.contentTypes.totalCount,
    ).toBe(1)

    const updated = await ok<{ contentType: { name: string; fields: { key: string }[] } }>(
      t,
      apiKey,
      UPDATE_TYPE,
      { id: type.id, name: 'Promotion', fields: [...PROMO.fields.slice(0, 2), { key: 'badge', type: 'BOOLEAN' }] },
      'contentTypeUpdate',
    )
    expect(updated.contentType.name).toBe('Promotion')
    expect(updated.contentType.fields.map((f) => f.key)).toEqual(['title', 'price', 'badge'])
    expect(onlyError(await t.gql(apiKey, CREATE_TYPE, { input: { ...PROMO, handle: 'promo' } }))).toMatchObject({
      code: 'CONFLICT',
      field: ['input', 'handle'],
    })
  })

  it('refuses changes that would invalidate entries and bad field definitions, changing nothing', async () => {
    const { apiKey } = await t.tenant('content-type-errors')
    const type = await promoType(apiKey)
    const retyped = PROMO.fields.map((f) => (f.key === 'price' ? { ...f, type: 'TEXT' } : f))
    expect(onlyError(await t.gql(apiKey, UPDATE_TYPE, { input: { id: type.id, fields: retyped } }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'fields', 1, 'type'],
    })
    const required = PROMO.fields.map((f) => (f.key === 'price' ? { ...f, required: true } : f))
    expect(onlyError(await t.gql(apiKey, UPDATE_TYPE, { input: { id: type.id, fields: required } }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'fields', 1, 'required'],
    })
    expect(
      onlyError(
        await t.gql(apiKey, CREATE_TYPE, {
          input: {
            name: 'X',
            fields: [
              { key: 'a', type: 'TEXT' },
              { key: 'a', type: 'NUMBER' },
            ],
          },
        }),
      ),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'fields', 1, 'key'] })
    expect(
      onlyError(await t.gql(apiKey, CREATE_TYPE, { input: { name: 'X', fields: [{ key: 'Bad Key', type: 'TEXT' }] } })),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'fields', 0, 'key'] })
    const after = await t.gql<{ contentType: { revision: number } }>(
      apiKey,
      `query ($id: ID) { contentType(id: $id) { revision } }`,
      { id: type.id },
    )
    expect(after.data?.contentType.revision).toBe(0)
    expect(
      onlyError(await t.gql(apiKey, UPDATE_TYPE, { input: { id: '01900000-0000-7000-8000-000000000000', name: 'x' } })),
    ).toMatchObject({ code: 'NOT_FOUND' })
  })
})

describe('content entries', () => {
  it('creates an entry validated against its type, normalising values, and reads it by id and by handles', async () => {
    const { apiKey } = await t.tenant('content-entries')
    await promoType(apiKey)
    const product = await createProduct(t, apiKey, { title: 'Sandals' })
    const fields = {
      title: 'Summer sale',
      price: 49,
      body: '<p onclick="x()">Hot</p>',
      starts: '2026-06-21',
      link: '/collections/sale',
      product: product.id.toUpperCase(),
      tags: ['beach', 'sun'],
    }
    const created = await ok<{ contentEntry: Entry }>(
      t,
      apiKey,
      CREATE_ENTRY,
      { typeHandle: 'promo', fields },
      'contentEntryCreate',
    )
    expect(created.contentEntry).toMatchObject({
      handle: 'summer-sale',
      type: { handle: 'promo' },
      fields: { ...fields, body: '<p>Hot</p>', product: product.id },
    })
    expect(
      (await t.gql<{ contentEntry: Entry }>(apiKey, ENTRY, { id: created.contentEntry.id })).data?.contentEntry,
    ).toEqual(created.contentEntry)
    expect(
      (await t.gql<{ contentEntry: Entry }>(apiKey, ENTRY, { typeHandle: 'promo', handle: 'summer-sale' })).data
        ?.contentEntry.id,
    ).toBe(created.contentEntry.id)

    const updated = await ok<{ contentEntry: Entry }>(
      t,
      apiKey,
      UPDATE_ENTRY,
      { id: created.contentEntry.id, fields: { price: 39, tags: null } },
      'contentEntryUpdate',
    )
    expect(updated.contentEntry.fields).toMatchObject({ title: 'Summer sale', price: 39 })
    expect(updated.contentEntry.fields).not.toHaveProperty('tags')
  })

  it('refuses invalid values with the field path, unknown references and a missing type, creating nothing', async () => {
    const { apiKey } = await t.tenant('content-entry-errors')
    await promoType(apiKey)
    const create = (fields: Record<string, unknown>) =>
      t.gql(apiKey, CREATE_ENTRY, { input: { typeHandle: 'promo', fields } })
    expect(onlyError(await create({ title: 'x', price: 'cheap' }))).toEqual(
      badInput(['input', 'fields', 'price'], 'price must be a number'),
    )
    expect(onlyError(await create({ title: 'x', price: -1 }))).toMatchObject({
      field: ['input', 'fields', 'price'],
      message: 'price must be at least 0',
    })
    expect(onlyError(await create({ price: 1 }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'fields', 'title'],
    })
    expect(onlyError(await create({ title: 'x'.repeat(41) }))).toMatchObject({ field: ['input', 'fields', 'title'] })
    expect(onlyError(await create({ title: 'x', colour: 'red' }))).toMatchObject({
      field: ['input', 'fields', 'colour'],
    })
    expect(onlyError(await create({ title: 'x', link: 'javascript:alert(1)' }))).toMatchObject({
      field: ['input', 'fields', 'link'],
    })
    expect(onlyError(await create({ title: 'x', tags: ['a', 3] }))).toMatchObject({
      field: ['input', 'fields', 'tags', 1],
    })
    expect(onlyError(await create({ title: 'x', product: '01900000-0000-7000-8000-000000000000' }))).toMatchObject({
      field: ['input', 'fields', 'product'],
      message: expect.stringContaining('does not exist in this store'),
    })
    expect(onlyError(await t.gql(apiKey, CREATE_ENTRY, { input: { typeHandle: 'nope', fields: {} } }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'typeHandle'],
    })
    const list = await t.gql<{ contentEntries: { totalCount: number } }>(
      apiKey,
      '{ contentEntries(type: "promo") { totalCount } }',
    )
    expect(list.data?.contentEntries.totalCount).toBe(0)
  })

  it('lists entries of a type with filter, sort and both pagination modes; handles are unique per type', async () => {
    const { apiKey } = await t.tenant('content-list')
    await promoType(apiKey)
    for (const title of ['Beta', 'Alpha', 'Gamma'])
      await ok(t, apiKey, CREATE_ENTRY, { typeHandle: 'promo', fields: { title } }, 'contentEntryCreate')
    const list = async (args: string) =>
      (
        await t.gql<{
          contentEntries: {
            nodes: { handle: string }[]
            totalCount: number
            pageInfo: { endCursor: string; totalPages: number | null }
          }
        }>(
          apiKey,
          `{ contentEntries(type: "promo", ${args}) { nodes { handle } totalCount pageInfo { endCursor totalPages } } }`,
        )
      ).data!.contentEntries
    expect((await list('sort: HANDLE_ASC')).nodes.map((n) => n.handle)).toEqual(['alpha', 'beta', 'gamma'])
    expect((await list('filter: { search: "gam" }')).nodes.map((n) => n.handle)).toEqual(['gamma'])
    expect(await list('page: 2, limit: 2, sort: HANDLE_ASC')).toMatchObject({
      nodes: [{ handle: 'gamma' }],
      totalCount: 3,
      pageInfo: { totalPages: 2 },
    })
    const first = await list('first: 2, sort: HANDLE_DESC')
    expect(
      (await list(`first: 2, after: "${first.pageInfo.endCursor}", sort: HANDLE_DESC`)).nodes.map((n) => n.handle),
    ).toEqual(['alpha'])
    expect(
      onlyError(
        await t.gql(apiKey, CREATE_ENTRY, { input: { typeHandle: 'promo', handle: 'alpha', fields: { title: 'x' } } }),
      ),
    ).toMatchObject({ code: 'CONFLICT', field: ['input', 'handle'] })
    expect(onlyError(await t.gql(apiKey, '{ contentEntries(type: "nope") { totalCount } }'))).toMatchObject({
      code: 'NOT_FOUND',
    })
  })

  it('deletes entries and types, hides entries of a deleted type, isolates stores and needs the scopes', async () => {
    const { apiKey } = await t.tenant('content-delete')
    const type = await promoType(apiKey)
    const entry = (
      await ok<{ contentEntry: Entry }>(
        t,
        apiKey,
        CREATE_ENTRY,
        { typeId: type.id, fields: { title: 'One' } },
        'contentEntryCreate',
      )
    ).contentEntry
    const other = await ok<{ contentEntry: Entry }>(
      t,
      apiKey,
      CREATE_ENTRY,
      { typeId: type.id, fields: { title: 'Two' } },
      'contentEntryCreate',
    )

    const stranger = await t.tenant('content-stranger')
    expect(onlyError(await t.gql(stranger.apiKey, ENTRY, { id: entry.id }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(
      onlyError(await t.gql(stranger.apiKey, UPDATE_ENTRY, { input: { id: entry.id, fields: { title: 'Mine' } } })),
    ).toMatchObject({ code: 'NOT_FOUND' })
    expect(
      onlyError(await t.gql(stranger.apiKey, CREATE_ENTRY, { input: { typeId: type.id, fields: { title: 'x' } } })),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'typeId'] })
    const readOnly = await t.key('content-delete', ['webstore:read'])
    expect(onlyError(await t.gql(readOnly, DELETE_ENTRY, { input: { id: entry.id } }))).toMatchObject({
      code: 'FORBIDDEN',
    })
    expect(
      onlyError(await t.gql(await t.key('content-delete', ['products:read']), ENTRY, { id: entry.id })),
    ).toMatchObject({ code: 'FORBIDDEN' })

    expect(await ok(t, apiKey, DELETE_ENTRY, { id: entry.id }, 'contentEntryDelete')).toEqual({ deletedId: entry.id })
    expect(onlyError(await t.gql(apiKey, ENTRY, { id: entry.id }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(onlyError(await t.gql(apiKey, DELETE_ENTRY, { input: { id: entry.id } }))).toMatchObject({
      code: 'NOT_FOUND',
    })
    await ok(t, apiKey, DELETE_TYPE, { id: type.id }, 'contentTypeDelete')
    expect(onlyError(await t.gql(apiKey, ENTRY, { id: other.contentEntry.id }))).toMatchObject({ code: 'NOT_FOUND' })
    const history = await t.gql<{ auditLog: { nodes: { type: string }[] } }>(
      apiKey,
      '{ auditLog(filter: { entityType: "contententry" }) { nodes { type } } }',
    )
    expect(history.data?.auditLog.nodes.map((n) => n.type)).toContain('ContentEntryDeleted')
  })
})
