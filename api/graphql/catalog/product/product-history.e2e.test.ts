import { beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntry } from '../../../../projections/audit/log/queries.js'
import { useTestApp, type GraphQLResponse } from '../../../../test/support/app.js'
import { UPDATE_PRODUCT, auditTrail, createProduct, onlyError, badInput } from '../../../../test/support/products.js'

// A product's past: Product.history, product(id, asOf) and productRevert.

const FIELDS =
  'id title handle description status vendor tags seo { title description } publishAt revision createdAt updatedAt'
const AS_OF = `query ($id: ID, $asOf: DateTime) { product(id: $id, asOf: $asOf) { ${FIELDS} } }`
const REVERT = `mutation ($input: ProductRevertInput!) { productRevert(input: $input) { product { ${FIELDS} } eventPosition } }`
const HISTORY = `query ($id: ID, $first: Int, $after: String) {
  product(id: $id) { history(first: $first, after: $after) {
    nodes { id type entityType entityId revision position occurredAt actor { type id name } data correlationId }
    pageInfo { hasNextPage hasPreviousPage endCursor } totalCount
  } }
}`

/** The `AuditEntry` fields the tests read, its time as GraphQL writes it. */
interface Entry extends Pick<AuditEntry, 'type' | 'revision' | 'position' | 'actor' | 'data'> {
  occurredAt: string
}
type History = GraphQLResponse<{
  product: {
    history: {
      nodes: Entry[]
      pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null }
      totalCount: number
    }
  }
}>
type AsOf = GraphQLResponse<{ product: Record<string, unknown> & { title: string; revision: number } }>
type Revert = GraphQLResponse<{
  productRevert: {
    product: Record<string, unknown> & { title: string; revision: number }
    eventPosition: string | null
  }
}>

const t = useTestApp()
let apiKey: string
beforeAll(async () => {
  apiKey = (await t.tenant('history')).apiKey
})

// Deliberate: asOf reads need instants strictly between two writes, so the clock must move.
const pause = () => new Promise((resolve) => setTimeout(resolve, 20))
async function update(input: Record<string, unknown>): Promise<void> {
  const response = await t.gql(apiKey, UPDATE_PRODUCT, { input })
  expect(response.errors).toBeUndefined()
}

describe('rename → asOf → revert → audit log', () => {
  it('reads the earlier title as of before the rename, restores it with a revert, and the log shows both', async () => {
    const product = await createProduct(t, apiKey, { title: 'Red Shirt', tags: ['cotton'] })
    await pause()
    const beforeRename = new Date().toISOString()
    await pause()
    await update({ id: product.id, title: 'Blue Shirt', handle: 'blue-shirt', tags: ['linen'], seo: { title: 'Blue' } })

    const past: AsOf = await t.gql(apiKey, AS_OF, { id: product.id, asOf: beforeRename })
    expect(past.errors).toBeUndefined()
    expect(past.data!.product).toEqual({ ...product, seo: { title: '', description: '' }, publishAt: null })
    const now: AsOf = await t.gql(apiKey, AS_OF, { id: product.id, asOf: new Date().toISOString() })
    expect(now.data!.product).toMatchObject({
      title: 'Blue Shirt',
      handle: 'blue-shirt',
      tags: ['linen'],
      seo: { title: 'Blue', description: '' },
      revision: 4,
    })

    const reverted: Revert = await t.gql(apiKey, REVERT, { input: { id: product.id, toRevision: 0 } })
    expect(reverted.errors).toBeUndefined()
    expect(reverted.data!.productRevert.product).toMatchObject({
      title: 'Red Shirt',
      handle: 'red-shirt',
      tags: ['cotton'],
      seo: { title: '', description: '' },
      revision: 9,
    })
    expect(await auditTrail(t, apiKey, product.id)).toEqual([
      'ProductCreated@0',
      'ProductRetitled@1',
      'ProductHandleChanged@2',
      'ProductTagsChanged@3',
      'ProductSeoChanged@4',
      'ProductReverted@5',
      'ProductRetitled@6',
      'ProductHandleChanged@7',
      'ProductTagsChanged@8',
      'ProductSeoChanged@9',
    ])
    // The old handle was claimed again by the revert, the new one freed.
    const again = await createProduct(t, apiKey, { title: 'Blue Shirt' })
    expect(again.handle).toBe('blue-shirt')
  })

  it('records nothing when reverting to the state the product is in', async () => {
    const product = await createProduct(t, apiKey, { title: 'Same' })
    const response: Revert = await t.gql(apiKey, REVERT, { input: { id: product.id, toRevision: 0 } })
    expect(response.data!.productRevert).toMatchObject({ eventPosition: null, product: { title: 'Same', revision: 0 } })
  })
})

describe('Product.history', () => {
  it('lists the product events newest first with actor, time, revision and data, page by page', async () => {
    const product = await createProduct(t, apiKey, { title: 'Paged' })
    for (const title of ['Paged 2', 'Paged 3', 'Paged 4']) await update({ id: product.id, title })
    const first: History = await t.gql(apiKey, HISTORY, { id: product.id, first: 3 })
    const page = first.data!.product.history
    expect(page.nodes.map((n) => `${n.type}@${n.revision}`)).toEqual([
      'ProductRetitled@3',
      'ProductRetitled@2',
      'ProductRetitled@1',
    ])
    expect(page.nodes[0]).toMatchObject({
      data: { productId: product.id, title: 'Paged 4' },
      actor: { type: 'api_key' },
    })
    expect(page).toMatchObject({ totalCount: 4, pageInfo: { hasNextPage: true, hasPreviousPage: false } })
    const second: History = await t.gql(apiKey, HISTORY, { id: product.id, first: 3, after: page.pageInfo.endCursor })
    expect(second.data!.product.history.nodes.map((n) => n.type)).toEqual(['ProductCreated'])
    expect(second.data!.product.history.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true })
  })

  it('refuses a page size over 250 and a cursor that is not a position', async () => {
    const product = await createProduct(t, apiKey, { title: 'Bad pages' })
    expect(onlyError(await t.gql(apiKey, HISTORY, { id: product.id, first: 251 }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['first'],
    })
    expect(onlyError(await t.gql(apiKey, HISTORY, { id: product.id, after: 'nope' }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['after'],
    })
  })
})

describe('asOf', () => {
  it('answers NOT_FOUND before the product existed, and after it was deleted', async () => {
    const before = new Date(Date.now() - 1000).toISOString()
    const product = await createProduct(t, apiKey, { title: 'Short lived' })
    await pause()
    const alive = new Date().toISOString()
    await pause()
    await t.gql(apiKey, 'mutation ($id: ID!) { productDelete(input: { id: $id }) { deletedId } }', { id: product.id })

    expect(onlyError(await t.gql(apiKey, AS_OF, { id: product.id, asOf: before }))).toEqual({
      code: 'NOT_FOUND',
      message: `product '${product.id}' did not exist in this store at ${before}`,
    })
    expect(
      (await t.gql<{ product: { title: string } }>(apiKey, AS_OF, { id: product.id, asOf: alive })).data!.product.title,
    ).toBe('Short lived')
    expect(onlyError(await t.gql(apiKey, AS_OF, { id: product.id, asOf: new Date().toISOString() })).code).toBe(
      'NOT_FOUND',
    )
  })

  it('needs an id, not a handle', async () => {
    const response = await t.gql(apiKey, 'query { product(handle: "x", asOf: "2026-01-01T00:00:00Z") { id } }')
    expect(onlyError(response)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['id'] })
  })
})

describe('productRevert errors', () => {
  it('refuses a revision beyond the current one with the field path, changing nothing', async () => {
    const product = await createProduct(t, apiKey, { title: 'Bounded' })
    const response: Revert = await t.gql(apiKey, REVERT, { input: { id: product.id, toRevision: 5 } })
    expect(onlyError(response)).toEqual(
      badInput(
        ['input', 'toRevision'],
        "toRevision must be between 0 and 0, the product's current revision; Product.history lists them",
      ),
    )
    expect(onlyError(await t.gql(apiKey, REVERT, { input: { id: product.id, toRevision: -1 } }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'toRevision'],
    })
    expect(await auditTrail(t, apiKey, product.id)).toEqual(['ProductCreated@0'])
  })

  it('answers CONFLICT when the old handle now belongs to another product, and changes nothing', async () => {
    const product = await createProduct(t, apiKey, { title: 'Handle Back' })
    await update({ id: product.id, handle: 'handle-moved' })
    await createProduct(t, apiKey, { title: 'Handle Back' })
    const response: Revert = await t.gql(apiKey, REVERT, { input: { id: product.id, toRevision: 0 } })
    expect(onlyError(response)).toMatchObject({ code: 'CONFLICT', field: ['input', 'handle'] })
    expect(await auditTrail(t, apiKey, product.id)).toEqual(['ProductCreated@0', 'ProductHandleChanged@1'])
  })
})

describe('tenant isolation and scopes', () => {
  it("treats another store's product as missing in asOf, history and revert", async () => {
    const product = await createProduct(t, apiKey, { title: 'Mine' })
    const other = (await t.tenant('history-other')).apiKey
    const missing = `product '${product.id}' does not exist in this store`
    expect(onlyError(await t.gql(other, AS_OF, { id: product.id, asOf: new Date().toISOString() })).code).toBe(
      'NOT_FOUND',
    )
    expect(onlyError(await t.gql(other, HISTORY, { id: product.id })).code).toBe('NOT_FOUND')
    expect(onlyError(await t.gql(other, REVERT, { input: { id: product.id, toRevision: 0 } }))).toEqual({
      code: 'NOT_FOUND',
      message: missing,
    })
  })

  it('needs products:read to read the past and products:write to revert', async () => {
    const product = await createProduct(t, apiKey, { title: 'Scoped' })
    const settingsOnly = await t.key('history', ['settings:read'])
    const readOnly = await t.key('history', ['products:read'])
    expect(onlyError(await t.gql(settingsOnly, AS_OF, { id: product.id, asOf: new Date().toISOString() })).code).toBe(
      'FORBIDDEN',
    )
    expect((await t.gql(readOnly, AS_OF, { id: product.id, asOf: new Date().toISOString() })).errors).toBeUndefined()
    expect(onlyError(await t.gql(readOnly, REVERT, { input: { id: product.id, toRevision: 0 } })).code).toBe(
      'FORBIDDEN',
    )
  })
})
