import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import {
  POSITION,
  PRODUCT_FIELDS,
  createProduct,
  onlyError,
  type Product,
  badInput,
} from '../../../../test/support/products.js'

const CREATE = `mutation ($input: ProductsBulkCreateInput!) { productsBulkCreate(input: $input) {
  results { index id product { ${PRODUCT_FIELDS} } errors { code message field } } appliedCount failedCount eventPosition } }`
const UPDATE = `mutation ($input: ProductsBulkUpdateInput!) { productsBulkUpdate(input: $input) {
  results { index product { id title handle revision } errors { code message field } } appliedCount failedCount eventPosition } }`
const DELETE = `mutation ($input: ProductsBulkDeleteInput!) { productsBulkDelete(input: $input) {
  results { index deletedId errors { code message field } } appliedCount failedCount eventPosition } }`

interface ItemError {
  code: string
  message: string
  field: string[]
}
interface Result {
  index: number
  id?: string | null
  product?: Product | null
  deletedId?: string | null
  errors: ItemError[]
}
type Payload = { results: Result[]; appliedCount: number; failedCount: number; eventPosition: string | null }

const t = useTestApp()
let apiKey: string
let otherKey: string

beforeAll(async () => {
  apiKey = (await t.tenant('bulk-shop')).apiKey
  otherKey = (await t.tenant('bulk-other')).apiKey
})

async function countProducts(key: string, filter: Record<string, unknown> = {}): Promise<number> {
  const response = await t.gql<{ products: { totalCount: number } }>(
    key,
    'query ($f: ProductFilter) { products(filter: $f) { totalCount } }',
    { f: filter },
  )
  expect(response.errors).toBeUndefined()
  return response.data!.products.totalCount
}

async function eventCount(key: string): Promise<number> {
  const response = await t.gql<{
    auditLog: { nodes: unknown[]; pageInfo: { hasNextPage: boolean; endCursor: string } }
  }>(
    key,
    'query ($after: String) { auditLog(first: 250, after: $after) { nodes { id } pageInfo { hasNextPage endCursor } } }',
  )
  let total = response.data!.auditLog.nodes.length
  let page = response.data!.auditLog.pageInfo
  while (page.hasNextPage) {
    const next = await t.gql<{ auditLog: { nodes: unknown[]; pageInfo: { hasNextPage: boolean; endCursor: string } } }>(
      key,
      'query ($after: String) { auditLog(first: 250, after: $after) { nodes { id } pageInfo { hasNextPage endCursor } } }',
      { after: page.endCursor },
    )
    total += next.data!.auditLog.nodes.length
    page = next.data!.auditLog.pageInfo
  }
  return total
}

describe('productsBulkCreate', { timeout: 120_000 }, () => {
  it('applies 247 of 250 items and names the index and field of each of the 3 bad ones', async () => {
    const items = Array.from({ length: 250 }, (_, i) => ({
      title: `Bulk item ${i}`,
      handle: `bulk-${i}`,
      tags: ['bulk'],
    }))
    items[7] = { title: '   ', handle: 'bulk-7', tags: [] }
    items[120] = { title: 'Bad handle', handle: 'Not A Handle!', tags: [] }
    // Taken by item 0, which runs first.
    items[249] = { title: 'Duplicate', handle: 'bulk-0', tags: [] }
    const response = await t.gql<{ productsBulkCreate: Payload }>(apiKey, CREATE, { input: { items } })
    expect(response.errors).toBeUndefined()
    const payload = response.data!.productsBulkCreate
    expect(payload).toMatchObject({ appliedCount: 247, failedCount: 3, eventPosition: expect.stringMatching(POSITION) })
    expect(payload.results.map((r) => r.index)).toEqual(items.map((_, i) => i))

    const failed = payload.results.filter((r) => r.errors.length)
    expect(failed.map((r) => [r.index, r.product, r.errors.map((e) => [e.code, e.field])])).toEqual([
      [7, null, [['BAD_USER_INPUT', ['input', 'items', '7', 'title']]]],
      [120, null, [['BAD_USER_INPUT', ['input', 'items', '120', 'handle']]]],
      [249, null, [['CONFLICT', ['input', 'items', '249', 'handle']]]],
    ])
    expect(failed[0]!.errors[0]!.message).toBe('item 7: title must not be empty')
    expect(failed[2]!.errors[0]!.message).toMatch(/^item 249: handle 'bulk-0' is taken in this store/)

    // Each applied item carries its product, read back after the write was visible.
    const applied = payload.results.filter((r) => !r.errors.length)
    expect(applied).toHaveLength(247)
    for (const r of applied) {
      expect(r.product).toMatchObject({
        id: r.id,
        title: `Bulk item ${r.index}`,
        handle: `bulk-${r.index}`,
        revision: 0,
        tags: ['bulk'],
      })
    }
    expect(failed.map((r) => r.id)).toEqual([null, null, null])
    expect(await countProducts(apiKey, { tags: { any: ['bulk'] } })).toBe(247)
    expect(await countProducts(otherKey)).toBe(0)
  })

  it('gives generated handles out in item order', async () => {
    const response = await t.gql<{ productsBulkCreate: Payload }>(apiKey, CREATE, {
      input: { items: [{ title: 'Twin' }, { title: 'Twin' }] },
    })
    expect(response.data!.productsBulkCreate.results.map((r) => r.product?.handle)).toEqual(['twin', 'twin-2'])
  })

  it('refuses more than 250 items, or none, as a whole and writes nothing', async () => {
    const before = await eventCount(apiKey)
    const tooMany = await t.gql(apiKey, CREATE, {
      input: { items: Array.from({ length: 251 }, (_, i) => ({ title: `Over ${i}` })) },
    })
    expect(onlyError(tooMany)).toEqual(
      badInput(['input', 'items'], 'items may hold at most 250 items; got 251: split them into several calls'),
    )
    expect(onlyError(await t.gql(apiKey, CREATE, { input: { items: [] } }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'items'],
    })
    expect(await eventCount(apiKey)).toBe(before)
  })

  it('needs products:write', async () => {
    const readOnly = await t.key('bulk-shop', ['products:read'])
    expect(onlyError(await t.gql(readOnly, CREATE, { input: { items: [{ title: 'Nope' }] } }))).toMatchObject({
      code: 'FORBIDDEN',
    })
  })
})

describe('productsBulkUpdate', () => {
  it('updates each item on its own; unknown and foreign ids are NOT_FOUND at the item id', async () => {
    const a = await createProduct(t, apiKey, { title: 'Update A', handle: 'update-a' })
    const b = await createProduct(t, apiKey, { title: 'Update B', handle: 'update-b' })
    const foreign = await createProduct(t, otherKey, { title: 'Foreign', handle: 'foreign' })
    const items = [
      { id: a.id, title: 'Update A2' },
      { id: foreign.id, title: 'Stolen' },
      { id: b.id, title: 'Update B' },
      { id: b.id, handle: 'update-a' },
      { id: '0190a000-0000-7000-8000-000000000000', title: 'Ghost' },
    ]
    const response = await t.gql<{ productsBulkUpdate: Payload }>(apiKey, UPDATE, { input: { items } })
    expect(response.errors).toBeUndefined()
    const payload = response.data!.productsBulkUpdate
    expect(payload).toMatchObject({ appliedCount: 2, failedCount: 3 })
    expect(
      payload.results.map((r) => [r.index, r.product?.title ?? null, r.errors.map((e) => [e.code, e.field.join('.')])]),
    ).toEqual([
      [0, 'Update A2', []],
      [1, null, [['NOT_FOUND', 'input.items.1.id']]],
      // Unchanged: applied, nothing written, the product as it is.
      [2, 'Update B', []],
      [3, null, [['CONFLICT', 'input.items.3.handle']]],
      [4, null, [['NOT_FOUND', 'input.items.4.id']]],
    ])
    expect(payload.results[0]!.product!.revision).toBe(1)
    expect(payload.results[2]!.product!.revision).toBe(0)
    const foreignNow = await t.gql<{ product: Product }>(otherKey, 'query ($id: ID) { product(id: $id) { title } }', {
      id: foreign.id,
    })
    expect(foreignNow.data!.product.title).toBe('Foreign')
  })

  it('answers a null eventPosition when no item changed anything', async () => {
    const c = await createProduct(t, apiKey, { title: 'Same', handle: 'same' })
    const response = await t.gql<{ productsBulkUpdate: Payload }>(apiKey, UPDATE, {
      input: { items: [{ id: c.id, title: 'Same' }] },
    })
    expect(response.data!.productsBulkUpdate).toMatchObject({ appliedCount: 1, failedCount: 0, eventPosition: null })
  })
})

describe('productsBulkDelete', () => {
  it('deletes each item on its own; missing, deleted twice and foreign ids fail alone', async () => {
    const a = await createProduct(t, apiKey, { title: 'Delete A', handle: 'delete-a' })
    const foreign = await createProduct(t, otherKey, { title: 'Keep me', handle: 'keep-me' })
    const items = [{ id: a.id }, { id: a.id }, { id: foreign.id }, { id: 'not-a-uuid' }]
    const response = await t.gql<{ productsBulkDelete: Payload }>(apiKey, DELETE, { input: { items } })
    expect(response.errors).toBeUndefined()
    const payload = response.data!.productsBulkDelete
    expect(payload).toMatchObject({ appliedCount: 1, failedCount: 3, eventPosition: expect.stringMatching(POSITION) })
    expect(payload.results.map((r) => [r.deletedId, r.errors.map((e) => `${e.code} ${e.field.join('.')}`)])).toEqual([
      [a.id, []],
      [null, ['NOT_FOUND input.items.1.id']],
      [null, ['NOT_FOUND input.items.2.id']],
      [null, ['BAD_USER_INPUT input.items.3.id']],
    ])
    expect(
      (await t.gql<{ product: null }>(apiKey, 'query ($id: ID) { product(id: $id) { id } }', { id: a.id })).errors?.[0]
        ?.extensions.code,
    ).toBe('NOT_FOUND')
    expect(await countProducts(otherKey, { handle: { eq: 'keep-me' } })).toBe(1)
  })
})
