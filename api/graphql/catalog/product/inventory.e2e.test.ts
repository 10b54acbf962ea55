import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import { image, uploadFile, useFileMedia } from '../../../../test/support/media.js'
import { onlyError, badInput } from '../../../../test/support/products.js'
import {
  createCatalogProduct,
  mutation,
  ok,
  threeByThree,
  type CatalogProduct,
  type Variant,
} from '../../../../test/support/variant-api.js'

// Stock, the variant list, images, scopes and tenant isolation of the variant operations.

const t = useTestApp()
useFileMedia(t)

type AuditEntries = { auditLog: { nodes: { type: string; data: Record<string, unknown>; actor: { type: string } }[] } }
const ADJUST = mutation(
  'productInventoryAdjust',
  'variant { inventoryQuantity } product { totalInventory } eventPosition',
)

describe('productInventoryAdjust', () => {
  it('moves the stock by a delta or to a count, and the audit log shows every reason', async () => {
    const { apiKey } = await t.tenant('stock-adjust')
    const product = await createCatalogProduct(t, apiKey, threeByThree())
    const variant = product.variants[0]!
    const received = await ok<{ variant: { inventoryQuantity: number }; product: { totalInventory: number } }>(
      t,
      apiKey,
      'productInventoryAdjust',
      'variant { inventoryQuantity } product { totalInventory }',
      {
        productId: product.id,
        variantId: variant.id,
        delta: 24,
        reason: 'RECEIVED',
        note: 'delivery 4711',
      },
    )
    expect(received).toEqual({ variant: { inventoryQuantity: 25 }, product: { totalInventory: 45 + 24 } })
    const counted = await ok<{ variant: { inventoryQuantity: number } }>(
      t,
      apiKey,
      'productInventoryAdjust',
      'variant { inventoryQuantity }',
      {
        productId: product.id,
        variantId: variant.id,
        setQuantity: 20,
        reason: 'CORRECTION',
      },
    )
    expect(counted.variant.inventoryQuantity).toBe(20)
    const same = await t.gql<{ productInventoryAdjust: { eventPosition: string | null } }>(apiKey, ADJUST, {
      input: { productId: product.id, variantId: variant.id, setQuantity: 20, reason: 'CORRECTION' },
    })
    expect(same.data!.productInventoryAdjust.eventPosition).toBeNull()

    const log = await t.gql<AuditEntries>(
      apiKey,
      'query ($id: ID) { auditLog(filter: { entityId: $id, eventType: "ProductInventoryAdjusted" }, first: 10) { nodes { type data actor { type } } } }',
      { id: product.id },
    )
    expect(log.errors).toBeUndefined()
    expect(log.data!.auditLog.nodes.map((n) => n.data)).toEqual([
      {
        productId: product.id,
        variantId: variant.id,
        delta: 24,
        quantity: 25,
        reason: 'RECEIVED',
        note: 'delivery 4711',
      },
      { productId: product.id, variantId: variant.id, delta: -5, quantity: 20, reason: 'CORRECTION', note: '' },
    ])
    expect(log.data!.auditLog.nodes[0]!.actor.type).toBe('api_key')
  })

  it('refuses adjustments without one of delta and setQuantity, on untracked variants and without a known reason', async () => {
    const { apiKey } = await t.tenant('stock-refuse')
    const product = await createCatalogProduct(t, apiKey, {
      title: 'Gift card',
      variants: [{ price: '25', inventoryTracked: false }],
    })
    const input = { productId: product.id, variantId: product.variants[0]!.id, reason: 'RECEIVED' }
    expect(onlyError(await t.gql(apiKey, ADJUST, { input }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'delta'],
    })
    expect(onlyError(await t.gql(apiKey, ADJUST, { input: { ...input, delta: 5 } }))).toEqual(
      badInput(
        ['input', 'variantId'],
        `variant '${input.variantId}' does not track inventory; set inventoryTracked to true with productVariantUpdate first`,
      ),
    )
    expect(onlyError(await t.gql(apiKey, ADJUST, { input: { ...input, delta: 5, reason: 'LOST' } }))).toMatchObject({
      code: 'BAD_USER_INPUT',
    })
    const tracked = await ok<{ variant: Variant }>(t, apiKey, 'productVariantUpdate', 'variant { inventoryTracked }', {
      productId: product.id,
      id: input.variantId,
      inventoryTracked: true,
    })
    expect(tracked.variant.inventoryTracked).toBe(true)
    expect(onlyError(await t.gql(apiKey, ADJUST, { input: { ...input, delta: 5, reason: 'OTHER' } }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'note'],
    })
  })
})

describe('productVariants and productVariant', () => {
  it("lists the store's variants with filters, sorts and both pagination modes", async () => {
    const { apiKey } = await t.tenant('variant-list')
    const product = await createCatalogProduct(t, apiKey, threeByThree())
    await createCatalogProduct(t, apiKey, {
      title: 'Other',
      variants: [{ price: '99', sku: 'OTHER-1', barcode: '123' }],
    })
    type Page = {
      productVariants: {
        nodes: { sku: string }[]
        totalCount: number
        pageInfo: { endCursor: string; hasNextPage: boolean; totalPages: number | null }
      }
    }
    const list = async (args: Record<string, unknown>) => {
      const response = await t.gql<Page>(
        apiKey,
        'query ($productId: ID, $filter: ProductVariantFilter, $sort: ProductVariantSort, $first: Int, $after: String, $page: Int, $limit: Int) { productVariants(productId: $productId, filter: $filter, sort: $sort, first: $first, after: $after, page: $page, limit: $limit) { nodes { sku } totalCount pageInfo { endCursor hasNextPage totalPages } } }',
        args,
      )
      expect(response.errors).toBeUndefined()
      return response.data!.productVariants
    }
    expect((await list({})).totalCount).toBe(10)
    expect((await list({ productId: product.id, sort: 'PRICE_DESC', first: 2 })).nodes).toEqual([
      { sku: 'TEE-L-BLUE' },
      { sku: 'TEE-L-GREEN' },
    ])
    expect((await list({ filter: { barcode: { eq: '123' } } })).nodes).toEqual([{ sku: 'OTHER-1' }])
    expect((await list({ filter: { inventoryQuantity: { min: 8 } }, sort: 'SKU_ASC' })).nodes).toEqual([
      { sku: 'TEE-L-BLUE' },
      { sku: 'TEE-L-GREEN' },
    ])
    const first = await list({ productId: product.id, sort: 'POSITION_ASC', first: 5 })
    const rest = await list({ productId: product.id, sort: 'POSITION_ASC', first: 5, after: first.pageInfo.endCursor })
    expect([...first.nodes, ...rest.nodes].map((n) => n.sku)).toEqual(product.variants.map((v) => v.sku))
    expect((await list({ productId: product.id, page: 2, limit: 5 })).pageInfo).toMatchObject({
      totalPages: 2,
      hasNextPage: false,
    })
    const tooMany = await t.gql(apiKey, '{ productVariants(first: 251) { totalCount } }')
    expect(onlyError(tooMany)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['first'] })

    const one = await t.gql<{ productVariant: { sku: string; product: { id: string } } }>(
      apiKey,
      'query ($id: ID!) { productVariant(id: $id) { sku product { id } } }',
      { id: product.variants[4]!.id },
    )
    expect(one.data!.productVariant).toEqual({ sku: 'TEE-M-GREEN', product: { id: product.id } })
  })

  it('shows a variant image from the media library, and refuses one of another store', async () => {
    const mine = await t.tenant('variant-image')
    const theirs = await t.tenant('variant-image-other')
    const uploaded = (await uploadFile(t, mine.apiKey, { data: await image(8, 8), filename: 'red.png' })).media!
    const foreign = (
      await uploadFile(t, theirs.apiKey, { data: await image(8, 8, 'png', '#2980b9'), filename: 'blue.png' })
    ).media!
    const product = await createCatalogProduct(t, mine.apiKey, {
      title: 'Print',
      variants: [{ price: '5', mediaId: uploaded.id }],
    })
    expect(product.variants[0]!.image).toEqual({ id: uploaded.id })
    const refused = await t.gql(mine.apiKey, mutation('productVariantUpdate', 'eventPosition'), {
      input: { productId: product.id, id: product.variants[0]!.id, mediaId: foreign.id },
    })
    expect(onlyError(refused)).toEqual({
      code: 'NOT_FOUND',
      field: ['input', 'mediaId'],
      message: `media '${foreign.id}' does not exist in this store`,
    })
  })
})

describe('access', () => {
  it("treats another store's products and variants exactly like missing ones", async () => {
    const owner = await t.tenant('variant-owner')
    const stranger = await t.tenant('variant-stranger')
    const product: CatalogProduct = await createCatalogProduct(t, owner.apiKey, threeByThree())
    const variantId = product.variants[0]!.id
    const read = await t.gql(stranger.apiKey, 'query ($id: ID!) { productVariant(id: $id) { id } }', { id: variantId })
    expect(onlyError(read)).toEqual({
      code: 'NOT_FOUND',
      message: `variant '${variantId}' does not exist in this store`,
    })
    const list = await t.gql<{ productVariants: { totalCount: number } }>(
      stranger.apiKey,
      'query ($id: ID) { productVariants(productId: $id) { totalCount } }',
      { id: product.id },
    )
    expect(list.data!.productVariants.totalCount).toBe(0)
    for (const [name, input] of [
      ['productVariantUpdate', { productId: product.id, id: variantId, price: '1' }],
      ['productInventoryAdjust', { productId: product.id, variantId, delta: 1, reason: 'RECEIVED' }],
      ['productOptionAdd', { productId: product.id, name: 'Fit', values: ['Slim'] }],
      ['productVariantsBulkDelete', { productId: product.id, variantIds: [variantId] }],
    ] as const) {
      const response = await t.gql(stranger.apiKey, mutation(name, 'eventPosition'), { input })
      expect(onlyError(response), name).toEqual({
        code: 'NOT_FOUND',
        message: `product '${product.id}' does not exist in this store`,
      })
    }
    expect(
      (
        await t.gql<{ product: CatalogProduct }>(
          owner.apiKey,
          'query ($id: ID) { product(id: $id) { revision totalInventory } }',
          { id: product.id },
        )
      ).data!.product,
    ).toEqual({ revision: 11, totalInventory: 45 })
  })

  it('needs products:write to change variants and products:read to read them', async () => {
    const { apiKey, storeSlug } = await t.tenant('variant-scopes')
    const product = await createCatalogProduct(t, apiKey, { title: 'Hat', variants: [{ price: '5' }] })
    const reader = await t.key(storeSlug, ['products:read'])
    const write = await t.gql(reader, mutation('productVariantUpdate', 'eventPosition'), {
      input: { productId: product.id, id: product.variants[0]!.id, price: '6' },
    })
    expect(onlyError(write)).toEqual({
      code: 'FORBIDDEN',
      message: 'productVariantUpdate needs the products:write scope, which this credential does not have',
    })
    const settingsOnly = await t.key(storeSlug, ['settings:read'])
    const read = await t.gql(settingsOnly, '{ productVariants { totalCount } }')
    expect(onlyError(read)).toEqual({
      code: 'FORBIDDEN',
      message: 'this needs the products:read scope, which this credential does not have',
    })
  })
})
