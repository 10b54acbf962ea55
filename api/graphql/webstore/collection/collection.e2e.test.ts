import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import { must } from '../../../../test/support/categories.js'
import { auditTrail, createProduct, onlyError } from '../../../../test/support/products.js'
import { expectPageBoundsRefused } from '../../../../test/support/lists.js'
import {
  COLLECTION_FIELDS,
  CREATE,
  DELETE,
  PRODUCTS,
  UPDATE,
  createCollection,
  memberTitles,
  type Collection,
} from '../../../../test/support/collections.js'

// Collections: create, read, list, update and delete, manual products and their order, errors,
// scopes and tenant isolation.

const t = useTestApp()

const BY_ID = `query ($id: ID, $handle: String) { collection(id: $id, handle: $handle) { ${COLLECTION_FIELDS} seo { title description } image { id } history { nodes { type } } } }`
const LIST = `query ($filter: CollectionFilter, $sort: CollectionSort, $first: Int, $after: String, $page: Int, $limit: Int) {
  collections(filter: $filter, sort: $sort, first: $first, after: $after, page: $page, limit: $limit) { nodes { title } pageInfo { hasNextPage endCursor page totalPages } totalCount } }`
const ADD = `mutation ($input: CollectionProductsAddInput!) { collectionProductsAdd(input: $input) { collection { productsCount } eventPosition } }`
const REMOVE = `mutation ($input: CollectionProductsRemoveInput!) { collectionProductsRemove(input: $input) { collection { productsCount } eventPosition } }`
const REORDER = `mutation ($input: CollectionProductsReorderInput!) { collectionProductsReorder(input: $input) { collection { id } eventPosition } }`
type ListData = {
  collections: {
    nodes: { title: string }[]
    pageInfo: { hasNextPage: boolean; endCursor: string; page: number | null; totalPages: number | null }
    totalCount: number
  }
}

async function shop(slug: string) {
  const { apiKey } = await t.tenant(slug)
  const products: string[] = []
  for (const title of ['Alpha', 'Bravo', 'Charlie', 'Delta'])
    products.push((await createProduct(t, apiKey, { title })).id)
  return { apiKey, products: products as [string, string, string, string] }
}

describe('collectionCreate and collection', () => {
  it('creates a published manual collection and reads it by id and handle', async () => {
    const { apiKey } = await t.tenant('col-create')
    const created = await must<{ collectionCreate: { collection: Collection; eventPosition: string } }>(
      t,
      apiKey,
      CREATE,
      {
        input: { title: 'Summer Picks', description: '<p onclick="x()">Hot</p>', seo: { title: 'Summer' } },
      },
    )
    expect(created.collectionCreate.eventPosition).toMatch(/\d/)
    const collection = created.collectionCreate.collection
    expect(collection).toMatchObject({
      title: 'Summer Picks',
      handle: 'summer-picks',
      description: '<p>Hot</p>',
      status: 'PUBLISHED',
      type: 'MANUAL',
      sortOrder: 'MANUAL',
      rules: [],
      productsCount: 0,
    })
    const byHandle = await must<{
      collection: Collection & { seo: { title: string }; history: { nodes: { type: string }[] } }
    }>(t, apiKey, BY_ID, { handle: 'summer-picks' })
    expect(byHandle.collection).toMatchObject({ id: collection.id, seo: { title: 'Summer' } })
    expect(byHandle.collection.history.nodes.map((n) => n.type)).toEqual([
      'CollectionPublished',
      'CollectionSeoChanged',
      'CollectionCreated',
    ])
    const second = await createCollection(t, apiKey, { title: 'Summer Picks', status: 'DRAFT' })
    expect(second).toMatchObject({ handle: 'summer-picks-2', status: 'DRAFT' })
  })

  it('answers CONFLICT for a taken handle, BAD_USER_INPUT with the field, and NOT_FOUND for unknown ids and images', async () => {
    const { apiKey } = await t.tenant('col-create-errors')
    await createCollection(t, apiKey, { title: 'Sale', handle: 'sale' })
    expect(onlyError(await t.gql(apiKey, CREATE, { input: { title: 'Other', handle: 'sale' } }))).toMatchObject({
      code: 'CONFLICT',
      field: ['input', 'handle'],
      message: expect.stringContaining("handle 'sale' is taken"),
    })
    expect(onlyError(await t.gql(apiKey, CREATE, { input: { title: ' ' } }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'title'],
    })
    expect(onlyError(await t.gql(apiKey, CREATE, { input: { title: 'x', type: 'SMART' } }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'rules'],
    })
    expect(onlyError(await t.gql(apiKey, CREATE, { input: { title: 'x', imageId: randomUUID() } }))).toMatchObject({
      code: 'NOT_FOUND',
      field: ['input', 'imageId'],
    })
    const id = randomUUID()
    expect(onlyError(await t.gql(apiKey, BY_ID, { id }))).toEqual({
      code: 'NOT_FOUND',
      message: `collection '${id}' does not exist in this store`,
    })
    expect(onlyError(await t.gql(apiKey, BY_ID, {}))).toMatchObject({ code: 'BAD_USER_INPUT' })
    const list = await must<ListData>(t, apiKey, LIST, {})
    expect(list.collections.totalCount).toBe(1)
  })
})

describe('collectionUpdate and collectionDelete', () => {
  it('changes only what is given, records nothing for a repeat, and frees the handle on delete', async () => {
    const { apiKey } = await t.tenant('col-update')
    const collection = await createCollection(t, apiKey, { title: 'Old', handle: 'old' })
    const updated = await must<{ collectionUpdate: { collection: Collection } }>(t, apiKey, UPDATE, {
      input: { id: collection.id, title: 'New', handle: 'new', status: 'DRAFT', sortOrder: 'TITLE_ASC' },
    })
    expect(updated.collectionUpdate.collection).toMatchObject({
      title: 'New',
      handle: 'new',
      status: 'DRAFT',
      sortOrder: 'TITLE_ASC',
    })
    const again = await must<{ collectionUpdate: { eventPosition: string | null } }>(t, apiKey, UPDATE, {
      input: { id: collection.id, title: 'New' },
    })
    expect(again.collectionUpdate.eventPosition).toBeNull()
    expect(
      onlyError(
        await t.gql(apiKey, UPDATE, {
          input: { id: collection.id, rules: [{ field: 'TAG', relation: 'EQUALS', value: 'x' }] },
        }),
      ),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'rules'] })
    expect(await auditTrail(t, apiKey, collection.id)).toEqual([
      'CollectionCreated@0',
      'CollectionPublished@1',
      'CollectionRetitled@2',
      'CollectionHandleChanged@3',
      'CollectionUnpublished@4',
      'CollectionSortOrderChanged@5',
    ])
    const deleted = await must<{ collectionDelete: { deletedId: string } }>(t, apiKey, DELETE, {
      input: { id: collection.id },
    })
    expect(deleted.collectionDelete.deletedId).toBe(collection.id)
    expect(onlyError(await t.gql(apiKey, BY_ID, { id: collection.id }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(onlyError(await t.gql(apiKey, DELETE, { input: { id: collection.id } }))).toMatchObject({
      code: 'NOT_FOUND',
      field: ['input', 'id'],
    })
    expect(await createCollection(t, apiKey, { title: 'Again', handle: 'new' })).toMatchObject({ handle: 'new' })
  })
})

describe('collections', () => {
  it('filters, sorts and pages in both modes', async () => {
    const { apiKey } = await t.tenant('col-list')
    for (const title of ['Delta', 'Alpha', 'Charlie', 'Bravo'])
      await createCollection(t, apiKey, { title, status: title === 'Bravo' ? 'DRAFT' : 'PUBLISHED' })
    await createCollection(t, apiKey, {
      title: 'Echo smart',
      rules: [{ field: 'TAG', relation: 'EQUALS', value: 'x' }],
    })
    const titles = async (variables: Record<string, unknown>) =>
      (await must<ListData>(t, apiKey, LIST, variables)).collections
    expect((await titles({ sort: 'TITLE_ASC' })).nodes.map((n) => n.title)).toEqual([
      'Alpha',
      'Bravo',
      'Charlie',
      'Delta',
      'Echo smart',
    ])
    expect((await titles({})).nodes[0]?.title).toBe('Echo smart')
    expect((await titles({ filter: { type: ['SMART'] } })).nodes.map((n) => n.title)).toEqual(['Echo smart'])
    expect((await titles({ filter: { status: ['DRAFT'] } })).nodes.map((n) => n.title)).toEqual(['Bravo'])
    expect((await titles({ filter: { title: { startsWith: 'Ch' } } })).nodes.map((n) => n.title)).toEqual(['Charlie'])
    expect((await titles({ filter: { handle: { eq: 'delta' } } })).nodes.map((n) => n.title)).toEqual(['Delta'])
    expect((await titles({ filter: { search: 'smart' } })).nodes.map((n) => n.title)).toEqual(['Echo smart'])
    const first = await titles({ sort: 'TITLE_ASC', first: 2 })
    expect(first.nodes.map((n) => n.title)).toEqual(['Alpha', 'Bravo'])
    const next = await titles({ sort: 'TITLE_ASC', first: 2, after: first.pageInfo.endCursor })
    expect(next.nodes.map((n) => n.title)).toEqual(['Charlie', 'Delta'])
    const page = await titles({ sort: 'TITLE_DESC', page: 2, limit: 2 })
    expect(page).toMatchObject({
      nodes: [{ title: 'Charlie' }, { title: 'Bravo' }],
      totalCount: 5,
      pageInfo: { page: 2, totalPages: 3, hasNextPage: true },
    })
    await expectPageBoundsRefused(t, apiKey, LIST)
  })
})

describe('manual collection products', () => {
  it('adds at a position, removes, reorders, and pages through them in order', async () => {
    const {
      apiKey,
      products: [a, b, c, d],
    } = await shop('col-manual')
    const collection = await createCollection(t, apiKey, { title: 'Picks' })
    await must(t, apiKey, ADD, { input: { collectionId: collection.id, productIds: [a, b] } })
    const added = await must<{ collectionProductsAdd: { collection: { productsCount: number } } }>(t, apiKey, ADD, {
      input: { collectionId: collection.id, productIds: [c, a], position: 1 },
    })
    expect(added.collectionProductsAdd.collection.productsCount).toBe(3)
    expect(await memberTitles(t, apiKey, collection.id)).toEqual(['Alpha', 'Charlie', 'Bravo'])
    const same = await must<{ collectionProductsAdd: { eventPosition: string | null } }>(t, apiKey, ADD, {
      input: { collectionId: collection.id, productIds: [a] },
    })
    expect(same.collectionProductsAdd.eventPosition).toBeNull()
    await must(t, apiKey, ADD, { input: { collectionId: collection.id, productIds: [d] } })
    const removed = await must<{ collectionProductsRemove: { collection: { productsCount: number } } }>(
      t,
      apiKey,
      REMOVE,
      { input: { collectionId: collection.id, productIds: [c] } },
    )
    expect(removed.collectionProductsRemove.collection.productsCount).toBe(3)
    expect(await memberTitles(t, apiKey, collection.id)).toEqual(['Alpha', 'Bravo', 'Delta'])
    await must(t, apiKey, REORDER, { input: { collectionId: collection.id, productIds: [d, b] } })
    expect(await memberTitles(t, apiKey, collection.id)).toEqual(['Delta', 'Bravo', 'Alpha'])
    await must(t, apiKey, ADD, { input: { collectionId: collection.id, productIds: [c], position: 1 } })
    expect(await memberTitles(t, apiKey, collection.id)).toEqual(['Delta', 'Charlie', 'Bravo', 'Alpha'])
    type Page = {
      collection: {
        products: {
          nodes: { title: string }[]
          pageInfo: { endCursor: string; hasNextPage: boolean; totalPages: number }
          totalCount: number
        }
      }
    }
    const first = await must<Page>(t, apiKey, PRODUCTS, { id: collection.id, first: 3 })
    expect(first.collection.products.nodes.map((n) => n.title)).toEqual(['Delta', 'Charlie', 'Bravo'])
    const rest = await must<Page>(t, apiKey, PRODUCTS, {
      id: collection.id,
      first: 3,
      after: first.collection.products.pageInfo.endCursor,
    })
    expect(rest.collection.products).toMatchObject({ nodes: [{ title: 'Alpha' }], pageInfo: { hasNextPage: false } })
    const page = await must<Page>(t, apiKey, PRODUCTS, { id: collection.id, page: 2, limit: 3 })
    expect(page.collection.products).toMatchObject({
      nodes: [{ title: 'Alpha' }],
      totalCount: 4,
      pageInfo: { totalPages: 2 },
    })
    await must(t, apiKey, UPDATE, { input: { id: collection.id, sortOrder: 'TITLE_DESC' } })
    expect(await memberTitles(t, apiKey, collection.id)).toEqual(
      ['Delta', 'Charlie', 'Bravo', 'Alpha'].sort().reverse(),
    )
  })

  it('keeps the order around a product deleted from the catalog', async () => {
    const {
      apiKey,
      products: [a, b, c, d],
    } = await shop('col-manual-deleted')
    const collection = await createCollection(t, apiKey, { title: 'Picks' })
    await must(t, apiKey, ADD, { input: { collectionId: collection.id, productIds: [a, b, c] } })
    await must(t, apiKey, `mutation ($input: ProductDeleteInput!) { productDelete(input: $input) { deletedId } }`, {
      input: { id: b },
    })
    expect(await memberTitles(t, apiKey, collection.id)).toEqual(['Alpha', 'Charlie'])
    await must(t, apiKey, ADD, { input: { collectionId: collection.id, productIds: [d], position: 2 } })
    expect(await memberTitles(t, apiKey, collection.id)).toEqual(['Alpha', 'Delta', 'Charlie'])
    await must(t, apiKey, REMOVE, { input: { collectionId: collection.id, productIds: [a] } })
    expect(await memberTitles(t, apiKey, collection.id)).toEqual(['Delta', 'Charlie'])
  })

  it('names unknown products and collections, and products not in the collection', async () => {
    const {
      apiKey,
      products: [a, b],
    } = await shop('col-manual-errors')
    const collection = await createCollection(t, apiKey, { title: 'Picks' })
    const missing = randomUUID()
    expect(
      onlyError(await t.gql(apiKey, ADD, { input: { collectionId: collection.id, productIds: [a, missing] } })),
    ).toEqual({
      code: 'NOT_FOUND',
      field: ['input', 'productIds', 1],
      message: `product '${missing}' does not exist in this store`,
    })
    expect(onlyError(await t.gql(apiKey, ADD, { input: { collectionId: missing, productIds: [a] } }))).toMatchObject({
      code: 'NOT_FOUND',
      field: ['input', 'collectionId'],
    })
    expect(
      onlyError(await t.gql(apiKey, ADD, { input: { collectionId: collection.id, productIds: [] } })),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'productIds'] })
    expect(
      onlyError(await t.gql(apiKey, REORDER, { input: { collectionId: collection.id, productIds: [b] } })),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'productIds', 0] })
    expect(onlyError(await t.gql(apiKey, REMOVE, { input: { collectionId: missing, productIds: [b] } }))).toMatchObject(
      { code: 'NOT_FOUND' },
    )
    expect(
      (await must<{ collection: { productsCount: number } }>(t, apiKey, PRODUCTS, { id: collection.id })).collection
        .productsCount,
    ).toBe(0)
  })
})

describe('isolation and scopes', () => {
  it("answers another store's collections and products like missing ones", async () => {
    const mine = await shop('col-iso-a')
    const theirs = await shop('col-iso-b')
    const their = await createCollection(t, theirs.apiKey, { title: 'Theirs', handle: 'theirs' })
    const own = await createCollection(t, mine.apiKey, { title: 'Mine' })
    expect(onlyError(await t.gql(mine.apiKey, BY_ID, { id: their.id }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(onlyError(await t.gql(mine.apiKey, BY_ID, { handle: 'theirs' }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(onlyError(await t.gql(mine.apiKey, UPDATE, { input: { id: their.id, title: 'Hacked' } }))).toMatchObject({
      code: 'NOT_FOUND',
    })
    expect(onlyError(await t.gql(mine.apiKey, DELETE, { input: { id: their.id } }))).toMatchObject({
      code: 'NOT_FOUND',
    })
    expect(
      onlyError(await t.gql(mine.apiKey, ADD, { input: { collectionId: own.id, productIds: [theirs.products[0]] } })),
    ).toMatchObject({ code: 'NOT_FOUND', field: ['input', 'productIds', 0] })
    expect((await must<ListData>(t, mine.apiKey, LIST, {})).collections.nodes.map((n) => n.title)).toEqual(['Mine'])
    expect(
      (await must<{ collection: { title: string } }>(t, theirs.apiKey, BY_ID, { id: their.id })).collection.title,
    ).toBe('Theirs')
  })

  it('needs webstore:read to read and webstore:write to write', async () => {
    const { apiKey } = await t.tenant('col-scopes')
    const collection = await createCollection(t, apiKey, { title: 'Scoped' })
    const reader = await t.key('col-scopes', ['webstore:read'])
    const outsider = await t.key('col-scopes', ['products:write'])
    expect(
      (await must<{ collection: { title: string } }>(t, reader, BY_ID, { id: collection.id })).collection.title,
    ).toBe('Scoped')
    expect(onlyError(await t.gql(reader, CREATE, { input: { title: 'No' } }))).toMatchObject({ code: 'FORBIDDEN' })
    expect(onlyError(await t.gql(outsider, BY_ID, { id: collection.id }))).toMatchObject({ code: 'FORBIDDEN' })
    expect(onlyError(await t.gql(outsider, DELETE, { input: { id: collection.id } }))).toMatchObject({
      code: 'FORBIDDEN',
    })
  })
})
