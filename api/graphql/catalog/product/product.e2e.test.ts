import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import {
  CREATE_PRODUCT,
  DELETE_PRODUCT,
  POSITION,
  PRODUCT_BY_HANDLE,
  PRODUCT_BY_ID,
  UPDATE_PRODUCT,
  UUID,
  auditTrail,
  createProduct,
  onlyError,
  productCount,
  type CreateResponse,
  type DeleteResponse,
  type ProductData,
  type ProductResponse,
  type Product,
  type UpdateData,
  type UpdateResponse,
  badInput,
} from '../../../../test/support/products.js'

// Product writes and reads through the GraphQL endpoint, as an integration sees them.
// Isolation and scopes: product-access.e2e.test.ts; lists: product-list and product-filters.

const t = useTestApp()

const taken = (handle: string) =>
  `handle '${handle}' is taken in this store; choose another or update the existing product`
const missing = (id: string) => `product '${id}' does not exist in this store`

describe('productCreate', () => {
  it('returns the product and serves it by id and by handle on the very next request', async () => {
    const { apiKey } = await t.tenant('crud-create')
    const input = {
      title: 'Red Shirt',
      description: 'Soft cotton',
      status: 'DRAFT',
      vendor: 'Acme',
      tags: ['summer', 'cotton'],
    }
    const created: CreateResponse = await t.gql(apiKey, CREATE_PRODUCT, { input })

    expect(created.errors).toBeUndefined()
    const { product, eventPosition } = created.data!.productCreate
    expect(product).toEqual({
      ...input,
      id: expect.stringMatching(UUID),
      handle: 'red-shirt',
      createdAt: expect.any(String),
      updatedAt: product.createdAt,
      revision: 0,
    })
    expect(eventPosition).toMatch(POSITION)
    // No X-Consistency-Position, no retry: read-your-writes holds for the next plain request.
    expect((await t.gql<ProductData>(apiKey, PRODUCT_BY_ID, { id: product.id })).data).toEqual({ product })
    expect((await t.gql<ProductData>(apiKey, PRODUCT_BY_HANDLE, { handle: 'red-shirt' })).data).toEqual({ product })
  })

  it('fills in the defaults for fields left out', async () => {
    const { apiKey } = await t.tenant('crud-defaults')
    const product = await createProduct(t, apiKey, { title: '  Plain Tee ' })
    expect(product).toMatchObject({
      title: 'Plain Tee',
      handle: 'plain-tee',
      description: '',
      status: 'ACTIVE',
      vendor: '',
      tags: [],
    })
  })

  it('generates the handle from the title, numbering it when the store already has it', async () => {
    const { apiKey } = await t.tenant('crud-handles')
    const handles = []
    for (const title of ['Red Shirt', 'Red Shirt', 'red shirt!', 'Größe L'])
      handles.push((await createProduct(t, apiKey, { title })).handle)
    expect(handles).toEqual(['red-shirt', 'red-shirt-2', 'red-shirt-3', 'grosse-l'])
  })

  it('refuses an explicit handle another product holds with CONFLICT naming it, and creates nothing', async () => {
    const { apiKey } = await t.tenant('crud-conflict')
    await createProduct(t, apiKey, { title: 'Red Shirt' })
    const response: CreateResponse = await t.gql(apiKey, CREATE_PRODUCT, {
      input: { title: 'Other', handle: 'red-shirt' },
    })

    expect(response.status).toBe(200)
    expect(response.data).toBeNull()
    expect(onlyError(response)).toEqual({ code: 'CONFLICT', field: ['input', 'handle'], message: taken('red-shirt') })
    expect(await productCount(t, apiKey)).toBe(1)
  })

  it('refuses an empty or blank title with BAD_USER_INPUT at input.title', async () => {
    const { apiKey } = await t.tenant('crud-title')
    for (const title of ['', '   ']) {
      const response: CreateResponse = await t.gql(apiKey, CREATE_PRODUCT, { input: { title } })
      expect(onlyError(response)).toEqual(badInput(['input', 'title'], 'input.title: title must not be empty'))
    }
  })

  it('refuses a handle that is not lowercase words joined by single hyphens, at input.handle', async () => {
    const { apiKey } = await t.tenant('crud-pattern')
    for (const handle of ['Red Shirt', 'red--shirt', '-red', 'red_shirt']) {
      const response: CreateResponse = await t.gql(apiKey, CREATE_PRODUCT, { input: { title: 'Red', handle } })
      expect(onlyError(response)).toEqual(
        badInput(
          ['input', 'handle'],
          "input.handle: handle may contain only lowercase letters a-z, digits and single hyphens between them, e.g. 'red-shirt'",
        ),
      )
    }
  })
})

describe('productUpdate', () => {
  it('changes each field on its own, one revision and one audit entry per change', async () => {
    const { apiKey } = await t.tenant('crud-update')
    const original = await createProduct(t, apiKey, {
      title: 'Red Shirt',
      description: 'Soft',
      vendor: 'Acme',
      tags: ['summer', 'cotton'],
    })
    const changes: Partial<Product>[] = [
      { title: 'Blue Shirt' },
      { handle: 'blue-shirt' },
      { description: 'Softer still' },
      { status: 'ARCHIVED' },
      { vendor: 'Bolt' },
      { tags: ['linen'] },
    ]
    let expected = original
    let lastPosition = ''
    for (const [index, change] of changes.entries()) {
      const response: UpdateResponse = await t.gql(apiKey, UPDATE_PRODUCT, { input: { id: original.id, ...change } })
      expect(response.errors).toBeUndefined()
      const { product, eventPosition } = response.data!.productUpdate
      expected = { ...expected, ...change, revision: index + 1, updatedAt: product.updatedAt }
      expect(product).toEqual(expected)
      // Positions order the log: each write lands after the one before.
      expect(eventPosition! > lastPosition).toBe(true)
      lastPosition = eventPosition!
      expect((await t.gql<ProductData>(apiKey, PRODUCT_BY_ID, { id: original.id })).data).toEqual({ product: expected })
    }
    expect(expected.updatedAt >= original.createdAt).toBe(true)
    expect(await auditTrail(t, apiKey, original.id)).toEqual([
      'ProductCreated@0',
      'ProductRetitled@1',
      'ProductHandleChanged@2',
      'ProductDescriptionChanged@3',
      'ProductStatusChanged@4',
      'ProductVendorChanged@5',
      'ProductTagsChanged@6',
    ])
  })

  it('clears description, vendor and tags with empty values', async () => {
    const { apiKey } = await t.tenant('crud-clear')
    const { id } = await createProduct(t, apiKey, {
      title: 'Hat',
      description: 'Warm',
      vendor: 'Acme',
      tags: ['winter'],
    })
    const response: UpdateResponse = await t.gql(apiKey, UPDATE_PRODUCT, {
      input: { id, description: '', vendor: '', tags: [] },
    })
    expect(response.data!.productUpdate.product).toMatchObject({ description: '', vendor: '', tags: [], revision: 3 })
  })

  it('records nothing for an update that changes nothing: no position, no revision, no audit entry', async () => {
    const { apiKey } = await t.tenant('crud-noop')
    const product = await createProduct(t, apiKey, { title: 'Red Shirt', vendor: 'Acme', tags: ['a', 'b'] })
    // Same values, tags reordered (a set), null meaning "not given".
    const input = {
      id: product.id,
      title: 'Red Shirt',
      handle: 'red-shirt',
      vendor: 'Acme',
      tags: ['b', 'a'],
      description: null,
    }
    const response: UpdateResponse = await t.gql(apiKey, UPDATE_PRODUCT, { input })

    expect(response.errors).toBeUndefined()
    expect(response.data!.productUpdate).toEqual({ product, eventPosition: null })
    expect(await auditTrail(t, apiKey, product.id)).toEqual(['ProductCreated@0'])
  })

  it('frees the old handle when the handle changes, and refuses moving onto a taken one', async () => {
    const { apiKey } = await t.tenant('crud-move')
    const first = await createProduct(t, apiKey, { title: 'First', handle: 'old-name' })
    const moved: UpdateResponse = await t.gql(apiKey, UPDATE_PRODUCT, { input: { id: first.id, handle: 'new-name' } })
    expect(moved.data!.productUpdate.product.handle).toBe('new-name')

    const second = await createProduct(t, apiKey, { title: 'Second', handle: 'old-name' })
    expect(second.handle).toBe('old-name')
    expect((await t.gql<ProductData>(apiKey, PRODUCT_BY_HANDLE, { handle: 'new-name' })).data!.product!.id).toBe(
      first.id,
    )
    expect((await t.gql<ProductData>(apiKey, PRODUCT_BY_HANDLE, { handle: 'old-name' })).data!.product!.id).toBe(
      second.id,
    )

    const clash: UpdateResponse = await t.gql(apiKey, UPDATE_PRODUCT, { input: { id: first.id, handle: 'old-name' } })
    expect(onlyError(clash)).toEqual({ code: 'CONFLICT', field: ['input', 'handle'], message: taken('old-name') })
  })

  it('answers NOT_FOUND for an id the store does not have, BAD_USER_INPUT for one that is not an id', async () => {
    const { apiKey } = await t.tenant('crud-unknown')
    const id = randomUUID()
    const unknown: UpdateResponse = await t.gql(apiKey, UPDATE_PRODUCT, { input: { id, title: 'X' } })
    expect(unknown.status).toBe(200)
    expect(onlyError(unknown)).toEqual({ code: 'NOT_FOUND', message: missing(id) })

    const malformed: UpdateResponse = await t.gql(apiKey, UPDATE_PRODUCT, { input: { id: 'red-shirt', title: 'X' } })
    expect(onlyError(malformed)).toEqual(badInput(['input', 'id'], 'input.id: id must be a product id (a UUID)'))
  })
})

describe('productDelete', () => {
  it('returns deletedId; afterwards reads and a second delete answer NOT_FOUND and the handle is free', async () => {
    const { apiKey } = await t.tenant('crud-delete')
    const product = await createProduct(t, apiKey, { title: 'Red Shirt' })
    const deleted: DeleteResponse = await t.gql(apiKey, DELETE_PRODUCT, { input: { id: product.id } })
    expect(deleted.errors).toBeUndefined()
    expect(deleted.data!.productDelete).toEqual({
      deletedId: product.id,
      eventPosition: expect.stringMatching(POSITION),
    })

    const byId: ProductResponse = await t.gql(apiKey, PRODUCT_BY_ID, { id: product.id })
    expect(byId.data).toEqual({ product: null })
    expect(onlyError(byId)).toEqual({ code: 'NOT_FOUND', message: missing(product.id) })
    const byHandle: ProductResponse = await t.gql(apiKey, PRODUCT_BY_HANDLE, { handle: 'red-shirt' })
    expect(onlyError(byHandle)).toEqual({
      code: 'NOT_FOUND',
      message: "no product with handle 'red-shirt' in this store",
    })
    const again: DeleteResponse = await t.gql(apiKey, DELETE_PRODUCT, { input: { id: product.id } })
    expect(onlyError(again)).toEqual({ code: 'NOT_FOUND', message: missing(product.id) })
    const update: UpdateResponse = await t.gql(apiKey, UPDATE_PRODUCT, { input: { id: product.id, title: 'Back' } })
    expect(onlyError(update)).toEqual({ code: 'NOT_FOUND', message: missing(product.id) })

    // The handle is free again, so generation does not number it.
    const successor = await createProduct(t, apiKey, { title: 'Red Shirt' })
    expect(successor).toMatchObject({ handle: 'red-shirt', revision: 0 })
    expect(successor.id).not.toBe(product.id)
    expect(await auditTrail(t, apiKey, product.id)).toEqual(['ProductCreated@0', 'ProductDeleted@1'])
  })
})

describe('consistency', () => {
  it('reads at least as fresh as an X-Consistency-Position taken from a payload', async () => {
    const { apiKey } = await t.tenant('crud-position')
    const created: CreateResponse = await t.gql(apiKey, CREATE_PRODUCT, { input: { title: 'Red Shirt' } })
    const { product, eventPosition } = created.data!.productCreate
    const updated: UpdateResponse = await t.gql(apiKey, UPDATE_PRODUCT, {
      input: { id: product.id, title: 'Blue Shirt' },
    })
    const position = updated.data!.productUpdate.eventPosition!
    expect(position > eventPosition!).toBe(true)

    for (const header of [eventPosition!, position]) {
      const read: ProductResponse = await t.gql(
        apiKey,
        PRODUCT_BY_ID,
        { id: product.id },
        { 'x-consistency-position': header },
      )
      expect(read.errors).toBeUndefined()
      expect(read.data!.product).toMatchObject({ title: 'Blue Shirt', revision: 1 })
    }
  })

  it('refuses an X-Consistency-Position that is not a position with BAD_USER_INPUT', async () => {
    const { apiKey } = await t.tenant('crud-badpos')
    const response = await t.gql(apiKey, '{ products { totalCount } }', {}, { 'x-consistency-position': 'yesterday' })
    expect(response.status).toBe(200)
    expect(onlyError(response)).toEqual({
      code: 'BAD_USER_INPUT',
      message: "X-Consistency-Position 'yesterday' is not a position; send an eventPosition a mutation returned",
    })
  })
})

describe('concurrent updates', () => {
  it('each succeeds or answers CONFLICT, and the log holds exactly one ProductRetitled per success', async () => {
    const { apiKey } = await t.tenant('crud-race')
    const product = await createProduct(t, apiKey, { title: 'Start' })
    const titles = Array.from({ length: 10 }, (_, i) => `Title ${i}`)
    const responses: UpdateResponse[] = await Promise.all(
      titles.map((title) => t.gql<UpdateData>(apiKey, UPDATE_PRODUCT, { input: { id: product.id, title } })),
    )

    const succeeded = responses.filter((r) => r.errors === undefined)
    const failed = responses.filter((r) => r.errors !== undefined)
    for (const response of failed) {
      expect(onlyError(response)).toEqual({
        code: 'CONFLICT',
        message: 'productUpdate clashed with a concurrent change to the same data; read it again and retry',
      })
    }
    expect(succeeded.length).toBeGreaterThan(0)
    expect(succeeded.length + failed.length).toBe(10)

    // One entry per success, carrying exactly the titles that succeeded, at revisions 1..n with no
    // gap or double. (Payload revisions cannot show this: a payload may already show a later write.)
    const log = await t.gql<{ auditLog: { nodes: { type: string; revision: number; data: { title?: string } }[] } }>(
      apiKey,
      'query ($id: ID) { auditLog(filter: { entityId: $id }, first: 250) { nodes { type revision data } } }',
      { id: product.id },
    )
    const [creation, ...retitles] = log.data!.auditLog.nodes
    expect(creation).toMatchObject({ type: 'ProductCreated', revision: 0 })
    expect(retitles.map((entry) => `${entry.type}@${entry.revision}`)).toEqual(
      succeeded.map((_, i) => `ProductRetitled@${i + 1}`),
    )
    const succeededTitles = succeeded.map((r) => titles[responses.indexOf(r)])
    expect(retitles.map((entry) => entry.data.title).sort()).toEqual(succeededTitles.sort())
    // The product ends with the title written last.
    const final = await t.gql<ProductData>(apiKey, PRODUCT_BY_ID, { id: product.id })
    expect(final.data!.product).toMatchObject({ title: retitles.at(-1)!.data.title, revision: succeeded.length })
  })
})
