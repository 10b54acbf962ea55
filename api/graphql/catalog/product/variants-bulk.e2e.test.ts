import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import { auditTrail, onlyError, badInput } from '../../../../test/support/products.js'
import {
  VARIANT_FIELDS,
  createCatalogProduct,
  mutation,
  ok,
  readCatalog,
  threeByThree,
  type CatalogProduct,
  type Variant,
} from '../../../../test/support/variant-api.js'

// Bulk variant mutations, reordering and SKU uniqueness. Single variants and options: variants.e2e.test.ts.

const t = useTestApp()

const sizes = (...values: string[]) => ({ title: 'Sock', options: [{ name: 'Size', values }] })
const v = (size: string, price: string, sku = '') => ({ price, sku, optionValues: [{ name: 'Size', value: size }] })

/** A new store's sock in sizes S, M and L, priced 1, 2 and 3 with SKUs A, B and C. */
async function sockInThreeSizes(slug: string) {
  const { apiKey } = await t.tenant(slug)
  const product = await createCatalogProduct(t, apiKey, {
    ...sizes('S', 'M', 'L'),
    variants: [v('S', '1', 'A'), v('M', '2', 'B'), v('L', '3', 'C')],
  })
  return { apiKey, product }
}

describe('productVariantsBulkCreate', () => {
  it('creates every variant in one write and returns them in the order given', async () => {
    const { apiKey } = await t.tenant('bulk-create')
    const product = await createCatalogProduct(t, apiKey, sizes('S', 'M', 'L'))
    const payload = await ok<{ variants: Variant[]; product: CatalogProduct }>(
      t,
      apiKey,
      'productVariantsBulkCreate',
      `variants { ${VARIANT_FIELDS} } product { revision variantsCount }`,
      {
        productId: product.id,
        variants: [v('L', '3', 'SOCK-L'), v('S', '1', 'SOCK-S'), v('M', '2')],
      },
    )
    expect(payload.variants.map((x) => [x.title, x.sku, x.price.amount, x.position])).toEqual([
      ['L', 'SOCK-L', '3.00', 0],
      ['S', 'SOCK-S', '1.00', 1],
      ['M', '', '2.00', 2],
    ])
    expect(payload.product).toEqual({ revision: 4, variantsCount: 3 })
  })

  it('fails as a whole when one item is wrong, naming its index, and creates nothing', async () => {
    const { apiKey } = await t.tenant('bulk-create-bad')
    const product = await createCatalogProduct(t, apiKey, sizes('S', 'M', 'L'))
    const items = [v('S', '1'), v('M', '2'), v('L', '3'), v('L', '4')]
    const twin = await t.gql(apiKey, mutation('productVariantsBulkCreate', 'eventPosition'), {
      input: { productId: product.id, variants: items },
    })
    expect(onlyError(twin)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'variants', 3, 'optionValues'] })
    const money = await t.gql(apiKey, mutation('productVariantsBulkCreate', 'eventPosition'), {
      input: { productId: product.id, variants: [v('S', '1'), v('M', '2.001')] },
    })
    expect(onlyError(money)).toEqual(
      badInput(['input', 'variants', 1, 'price'], "price '2.001' has too many decimals: USD allows at most 2 decimals"),
    )
    const shape = await t.gql(apiKey, mutation('productVariantsBulkCreate', 'eventPosition'), {
      input: { productId: product.id, variants: [v('S', '1'), { ...v('M', '2'), sku: 'x'.repeat(256) }] },
    })
    expect(onlyError(shape)).toEqual(
      badInput(['input', 'variants', 1, 'sku'], 'input.variants.1.sku: sku must be at most 255 characters'),
    )
    expect((await readCatalog(t, apiKey, product.id))!.variants).toEqual([])
    expect(await auditTrail(t, apiKey, product.id)).toEqual(['ProductCreated@0', 'ProductOptionAdded@1'])
  })
})

describe('productVariantsBulkUpdate', () => {
  it('changes several variants in one write; they may swap SKUs', async () => {
    const { apiKey } = await t.tenant('bulk-update')
    const product = await createCatalogProduct(t, apiKey, {
      ...sizes('S', 'M'),
      variants: [v('S', '1', 'A'), v('M', '2', 'B')],
    })
    const [s, m] = product.variants
    const payload = await ok<{ variants: Variant[] }>(
      t,
      apiKey,
      'productVariantsBulkUpdate',
      'variants { id sku price { amount } cost { amount } }',
      {
        productId: product.id,
        variants: [
          { id: m!.id, sku: 'A', cost: '0.8' },
          { id: s!.id, sku: 'B', price: '1.25' },
        ],
      },
    )
    expect(payload.variants).toEqual([
      { id: m!.id, sku: 'A', price: { amount: '2.00' }, cost: { amount: '0.80' } },
      { id: s!.id, sku: 'B', price: { amount: '1.25' }, cost: null },
    ])
  })

  it('fails as a whole when one item is wrong, naming its index, and changes nothing', async () => {
    const { apiKey, product } = await sockInThreeSizes('bulk-update-bad')
    const [s, m, l] = product.variants
    const input = {
      productId: product.id,
      variants: [
        { id: s!.id, price: '9' },
        { id: m!.id, price: '9' },
        { id: l!.id, sku: 'A' },
      ],
    }
    const response = await t.gql(apiKey, mutation('productVariantsBulkUpdate', 'eventPosition'), { input })
    expect(onlyError(response)).toMatchObject({ code: 'CONFLICT', field: ['input', 'variants', 2, 'sku'] })
    const ghost = '01900000-0000-7000-8000-0000000000ff'
    const unknown = await t.gql(apiKey, mutation('productVariantsBulkUpdate', 'eventPosition'), {
      input: {
        productId: product.id,
        variants: [
          { id: s!.id, price: '9' },
          { id: ghost, price: '9' },
        ],
      },
    })
    expect(onlyError(unknown)).toMatchObject({ code: 'NOT_FOUND', field: ['input', 'variants', 1, 'id'] })
    expect((await readCatalog(t, apiKey, product.id))!.variants.map((x) => [x.sku, x.price.amount])).toEqual([
      ['A', '1.00'],
      ['B', '2.00'],
      ['C', '3.00'],
    ])
  })
})

describe('productVariantsBulkDelete', () => {
  it('deletes the named variants in one write and frees their SKUs; an unknown id fails the whole call', async () => {
    const { apiKey, product } = await sockInThreeSizes('bulk-delete')
    const [s, m, l] = product.variants
    const ghost = '01900000-0000-7000-8000-0000000000ff'
    const refused = await t.gql(apiKey, mutation('productVariantsBulkDelete', 'deletedIds'), {
      input: { productId: product.id, variantIds: [s!.id, ghost] },
    })
    expect(onlyError(refused)).toMatchObject({ code: 'NOT_FOUND', field: ['input', 'variantIds', 1] })
    expect((await readCatalog(t, apiKey, product.id))!.variantsCount).toBe(3)

    const payload = await ok<{ deletedIds: string[]; product: { variants: { id: string }[]; priceRange: unknown } }>(
      t,
      apiKey,
      'productVariantsBulkDelete',
      'deletedIds product { variants { id } priceRange { min { amount } max { amount } } }',
      { productId: product.id, variantIds: [s!.id, l!.id] },
    )
    expect(payload).toEqual({
      deletedIds: [s!.id, l!.id],
      product: { variants: [{ id: m!.id }], priceRange: { min: { amount: '2.00' }, max: { amount: '2.00' } } },
    })
    const other = await createCatalogProduct(t, apiKey, { title: 'Other', variants: [{ price: '1', sku: 'A' }] })
    expect(other.variants[0]!.sku).toBe('A')
  })
})

describe('productVariantsReorder', () => {
  it('puts the listed variants first; the payload and the product show the new order', async () => {
    const { apiKey } = await t.tenant('bulk-reorder')
    const product = await createCatalogProduct(t, apiKey, threeByThree())
    const [first, second, third] = product.variants
    const payload = await ok<{ product: { variants: { id: string; position: number }[] } }>(
      t,
      apiKey,
      'productVariantsReorder',
      'product { variants { id position } }',
      {
        productId: product.id,
        variantIds: [third!.id, first!.id],
      },
    )
    expect(payload.product.variants.slice(0, 3)).toEqual([
      { id: third!.id, position: 0 },
      { id: first!.id, position: 1 },
      { id: second!.id, position: 2 },
    ])
    const twice = await t.gql(apiKey, mutation('productVariantsReorder', 'eventPosition'), {
      input: { productId: product.id, variantIds: [first!.id, first!.id] },
    })
    expect(onlyError(twice)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'variantIds', 1] })
  })
})

describe('SKU uniqueness', () => {
  it('answers CONFLICT for a SKU another product of the store holds, on create, update and productCreate', async () => {
    const { apiKey } = await t.tenant('sku-conflict')
    const holder = await createCatalogProduct(t, apiKey, { title: 'Holder', variants: [{ price: '1', sku: 'RED-1' }] })
    const taken = `sku 'RED-1' is taken in this store by a variant of product '${holder.id}'; choose another or change that variant`
    const create = await t.gql(apiKey, mutation('productCreate', 'eventPosition'), {
      input: {
        title: 'Copy',
        variants: [
          { price: '1', sku: 'OK' },
          { price: '2', sku: 'RED-1' },
        ],
      },
    })
    expect(onlyError(create)).toEqual({ code: 'CONFLICT', field: ['input', 'variants', 1, 'sku'], message: taken })
    const other = await createCatalogProduct(t, apiKey, { ...sizes('S', 'M'), variants: [v('S', '1', 'BLUE-1')] })
    const update = await t.gql(apiKey, mutation('productVariantUpdate', 'eventPosition'), {
      input: { productId: other.id, id: other.variants[0]!.id, sku: 'RED-1' },
    })
    expect(onlyError(update)).toEqual({ code: 'CONFLICT', field: ['input', 'sku'], message: taken })
    // Within the product too.
    const single = await t.gql(apiKey, mutation('productVariantCreate', 'eventPosition'), {
      input: { productId: other.id, ...v('M', '1', 'BLUE-1') },
    })
    expect(onlyError(single)).toMatchObject({
      code: 'CONFLICT',
      field: ['input', 'sku'],
      message: expect.stringContaining('of this product'),
    })
    // Another store may use the same SKU.
    const { apiKey: otherStore } = await t.tenant('sku-conflict-other')
    expect(
      (await createCatalogProduct(t, otherStore, { title: 'Theirs', variants: [{ price: '1', sku: 'RED-1' }] }))
        .variants[0]!.sku,
    ).toBe('RED-1')
  })

  it('frees every SKU of a deleted product', async () => {
    const { apiKey } = await t.tenant('sku-free')
    const product = await createCatalogProduct(t, apiKey, {
      ...sizes('S', 'M'),
      variants: [v('S', '1', 'X-S'), v('M', '1', 'X-M')],
    })
    await ok(t, apiKey, 'productDelete', 'deletedId', { id: product.id })
    const again = await createCatalogProduct(t, apiKey, {
      ...sizes('S', 'M'),
      variants: [v('S', '1', 'X-S'), v('M', '1', 'X-M')],
    })
    expect(again.variants.map((x) => x.sku)).toEqual(['X-S', 'X-M'])
  })

  it('lets exactly one of two concurrent claims of a SKU win', async () => {
    const { apiKey } = await t.tenant('sku-race')
    const responses = await Promise.all(
      ['A', 'B', 'C'].map((title) =>
        t.gql(apiKey, mutation('productCreate', 'eventPosition'), {
          input: { title, variants: [{ price: '1', sku: 'RACE' }] },
        }),
      ),
    )
    expect(responses.filter((r) => r.errors === undefined)).toHaveLength(1)
    for (const failed of responses.filter((r) => r.errors !== undefined))
      expect(failed.errors![0]!.extensions.code).toBe('CONFLICT')
  })
})
