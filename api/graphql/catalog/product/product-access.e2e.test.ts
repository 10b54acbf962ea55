import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { GraphQLResponse } from '../../../../test/support/app.js'
import { type Tenant, useTenant, useTestApp } from '../../../../test/support/app.js'
import {
  CREATE_PRODUCT,
  DELETE_PRODUCT,
  PRODUCT_BY_HANDLE,
  PRODUCT_BY_ID,
  UPDATE_PRODUCT,
  auditTrail,
  createProduct,
  onlyError,
  productCount,
  type Product,
} from '../../../../test/support/products.js'

// Who may see and change a product: another tenant must not be able to tell a foreign product
// from one that does not exist, and a key without the scope changes nothing.

const t = useTestApp()

/** The response with every occurrence of `value` replaced, to compare two answers that differ only in the id or handle asked for. */
function masked(response: GraphQLResponse<unknown>, value: string): unknown {
  const { status, data, errors } = response
  return JSON.parse(JSON.stringify({ status, data, errors }).replaceAll(value, '<asked>'))
}

describe('tenant isolation', () => {
  const owner = useTenant(t, 'iso-owner')
  const other = useTenant(t, 'iso-other')
  let secret: Product
  beforeAll(async () => {
    secret = await createProduct(t, owner.apiKey, { title: 'Secret Plan', vendor: 'Owner Co', tags: ['hidden'] })
  })

  it("answers another tenant's read by id exactly as a read of an id that does not exist", async () => {
    const foreign = await t.gql(other.apiKey, PRODUCT_BY_ID, { id: secret.id })
    const nonexistent = randomUUID()
    const random = await t.gql(other.apiKey, PRODUCT_BY_ID, { id: nonexistent })

    expect(onlyError(foreign)).toEqual({
      code: 'NOT_FOUND',
      message: `product '${secret.id}' does not exist in this store`,
    })
    expect(masked(foreign, secret.id)).toEqual(masked(random, nonexistent))
  })

  it("answers another tenant's read by handle exactly as a read of a handle that does not exist", async () => {
    const foreign = await t.gql(other.apiKey, PRODUCT_BY_HANDLE, { handle: 'secret-plan' })
    const random = await t.gql(other.apiKey, PRODUCT_BY_HANDLE, { handle: 'never-made' })

    expect(onlyError(foreign)).toEqual({
      code: 'NOT_FOUND',
      message: "no product with handle 'secret-plan' in this store",
    })
    expect(masked(foreign, 'secret-plan')).toEqual(masked(random, 'never-made'))
  })

  it("answers another tenant's productUpdate and productDelete exactly as for an id that does not exist", async () => {
    for (const [mutation, input] of [
      [UPDATE_PRODUCT, { title: 'Stolen', handle: 'stolen', tags: [] }],
      [DELETE_PRODUCT, {}],
    ] as const) {
      const foreign = await t.gql(other.apiKey, mutation, { input: { id: secret.id, ...input } })
      const nonexistent = randomUUID()
      const random = await t.gql(other.apiKey, mutation, { input: { id: nonexistent, ...input } })

      expect(onlyError(foreign)).toEqual({
        code: 'NOT_FOUND',
        message: `product '${secret.id}' does not exist in this store`,
      })
      expect(masked(foreign, secret.id)).toEqual(masked(random, nonexistent))
    }
  })

  it("leaves the product as it was: same fields for the owner, no entry in either store's audit log", async () => {
    const read = await t.gql<{ product: Product }>(owner.apiKey, PRODUCT_BY_ID, { id: secret.id })
    expect(read.data!.product).toEqual(secret)
    expect(await auditTrail(t, owner.apiKey, secret.id)).toEqual(['ProductCreated@0'])
    expect(await auditTrail(t, other.apiKey, secret.id)).toEqual([])
    // The refused update tried to claim 'stolen' in the other store; nothing holds it there.
    expect((await createProduct(t, other.apiKey, { title: 'Mine', handle: 'stolen' })).handle).toBe('stolen')
  })

  it("keeps handles per store: another tenant may use the owner's handle, and lists show only their own", async () => {
    const twin = await createProduct(t, other.apiKey, { title: 'Secret Plan' })
    expect(twin.handle).toBe('secret-plan')
    const ownerView = await t.gql<{ product: Product }>(owner.apiKey, PRODUCT_BY_HANDLE, { handle: 'secret-plan' })
    expect(ownerView.data!.product.id).toBe(secret.id)

    const list = await t.gql<{ products: { nodes: { id: string }[] } }>(
      owner.apiKey,
      '{ products(first: 250) { nodes { id } } }',
    )
    expect(list.data!.products.nodes.map((node) => node.id)).toEqual([secret.id])
    // The owner finds the product by its vendor; the other tenant, searching the same word, does not.
    const search = (apiKey: string) =>
      t.gql<{ products: { totalCount: number } }>(apiKey, '{ products(filter: { search: "owner" }) { totalCount } }')
    expect((await search(owner.apiKey)).data!.products.totalCount).toBe(1)
    expect((await search(other.apiKey)).data!.products.totalCount).toBe(0)
  })
})

describe('scopes', () => {
  let owner: Tenant
  let product: Product
  beforeAll(async () => {
    owner = await t.tenant('scope-shop')
    product = await createProduct(t, owner.apiKey, { title: 'Red Shirt' })
  })

  const forbiddenWrite = (command: string) => ({
    code: 'FORBIDDEN',
    message: `${command} needs the products:write scope, which this credential does not have`,
  })

  it('lets a products:read key read, and refuses its productCreate, productUpdate and productDelete with FORBIDDEN', async () => {
    const reader = await t.key('scope-shop', ['products:read'])
    expect((await t.gql<{ product: Product }>(reader, PRODUCT_BY_ID, { id: product.id })).data).toEqual({ product })
    expect(await productCount(t, reader)).toBe(1)

    const create = await t.gql(reader, CREATE_PRODUCT, { input: { title: 'New' } })
    expect(create.status).toBe(200)
    expect(onlyError(create)).toEqual(forbiddenWrite('productCreate'))
    // The scope is checked before the product is looked up, so FORBIDDEN tells nothing about ids.
    for (const id of [product.id, randomUUID()]) {
      expect(onlyError(await t.gql(reader, UPDATE_PRODUCT, { input: { id, title: 'Changed' } }))).toEqual(
        forbiddenWrite('productUpdate'),
      )
      expect(onlyError(await t.gql(reader, DELETE_PRODUCT, { input: { id } }))).toEqual(forbiddenWrite('productDelete'))
    }
  })

  it('refuses a settings:write key both reading and writing products', async () => {
    const settings = await t.key('scope-shop', ['settings:write'])
    const forbiddenRead = {
      code: 'FORBIDDEN',
      message: 'this needs the products:read scope, which this credential does not have',
    }
    expect(onlyError(await t.gql(settings, PRODUCT_BY_ID, { id: product.id }))).toEqual(forbiddenRead)
    expect(onlyError(await t.gql(settings, PRODUCT_BY_HANDLE, { handle: 'red-shirt' }))).toEqual(forbiddenRead)
    const list = await t.gql(settings, '{ products { totalCount } }')
    expect(list.data).toBeNull()
    expect(onlyError(list)).toEqual(forbiddenRead)

    expect(onlyError(await t.gql(settings, CREATE_PRODUCT, { input: { title: 'New' } }))).toEqual(
      forbiddenWrite('productCreate'),
    )
    expect(onlyError(await t.gql(settings, UPDATE_PRODUCT, { input: { id: product.id, title: 'X' } }))).toEqual(
      forbiddenWrite('productUpdate'),
    )
    expect(onlyError(await t.gql(settings, DELETE_PRODUCT, { input: { id: product.id } }))).toEqual(
      forbiddenWrite('productDelete'),
    )
  })

  it('changed nothing: the product, the count and the audit log are as before', async () => {
    expect((await t.gql<{ product: Product }>(owner.apiKey, PRODUCT_BY_ID, { id: product.id })).data).toEqual({
      product,
    })
    expect(await productCount(t, owner.apiKey)).toBe(1)
    expect(await auditTrail(t, owner.apiKey, product.id)).toEqual(['ProductCreated@0'])
    // The store's creation and the one product: nothing the refused writes could have added. The
    // default theme is installed by a reaction at its own pace, so it may or may not be there yet.
    const log = await t.gql<{ auditLog: { nodes: { type: string }[] } }>(
      owner.apiKey,
      '{ auditLog { nodes { type } } }',
    )
    expect(log.data!.auditLog.nodes.map((e) => e.type).filter((type) => type !== 'ThemeCreated')).toEqual([
      'StoreCreated',
      'ProductCreated',
    ])
  })

  it('lets a products:write key read too, since a write scope includes its read scope', async () => {
    const writer = await t.key('scope-shop', ['products:write'])
    expect((await t.gql<{ product: Product }>(writer, PRODUCT_BY_ID, { id: product.id })).data).toEqual({ product })
  })
})
