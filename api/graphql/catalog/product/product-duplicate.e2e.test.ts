import { beforeAll, describe, expect, it } from 'vitest'
import { useTenant, useTestApp, type GraphQLResponse } from '../../../../test/support/app.js'
import { image, uploadFile, useFileMedia, type MediaView } from '../../../../test/support/media.js'
import {
  auditTrail,
  createProduct,
  onlyError,
  productCount,
  UUID,
  type Product as FullProduct,
} from '../../../../test/support/products.js'

// productDuplicate, and productRevert over the media a product shows.

const FIELDS =
  'id title handle description status vendor tags seo { title description } publishAt revision media { id }'
const DUPLICATE = `mutation ($input: ProductDuplicateInput!) { productDuplicate(input: $input) { product { ${FIELDS} } eventPosition } }`
const REVERT = `mutation ($input: ProductRevertInput!) { productRevert(input: $input) { product { ${FIELDS} } eventPosition } }`
const ATTACH = 'mutation ($input: ProductMediaAttachInput!) { productMediaAttach(input: $input) { eventPosition } }'
const READ = `query ($id: ID) { product(id: $id) { ${FIELDS} } }`

/** The product as FIELDS reads it: the `FullProduct` fields the tests use, its media, the rest untyped. */
interface Product extends Pick<FullProduct, 'id' | 'title' | 'handle' | 'status' | 'revision'> {
  media: { id: string }[]
  [field: string]: unknown
}
type Duplicated = GraphQLResponse<{ productDuplicate: { product: Product; eventPosition: string } }>
type Reverted = GraphQLResponse<{ productRevert: { product: Product; eventPosition: string | null } }>

const t = useTestApp()
const shop = useTenant(t, 'duplicate')
useFileMedia(t)
let red: MediaView
let blue: MediaView
let source: Product

beforeAll(async () => {
  red = (await uploadFile(t, shop.apiKey, { data: await image(20, 20, 'png', '#e74c3c'), filename: 'red.png' })).media!
  blue = (await uploadFile(t, shop.apiKey, { data: await image(20, 20, 'png', '#3498db'), filename: 'blue.png' }))
    .media!
  const created = await createProduct(t, shop.apiKey, {
    title: 'Red Shirt',
    description: 'Soft',
    vendor: 'Acme',
    tags: ['cotton', 'summer'],
    seo: { title: 'Red Shirt | Acme', description: 'A soft red shirt' },
  })
  expect(
    (await t.gql(shop.apiKey, ATTACH, { input: { productId: created.id, mediaIds: [blue.id, red.id] } })).errors,
  ).toBeUndefined()
  const read = await t.gql<{ product: Product }>(shop.apiKey, READ, { id: created.id })
  expect(read.errors).toBeUndefined()
  source = read.data!.product
})

describe('productDuplicate', () => {
  it("creates a DRAFT copy with the source's fields, SEO, tags and media, and leaves the source alone", async () => {
    const response: Duplicated = await t.gql(shop.apiKey, DUPLICATE, {
      input: { id: source.id, title: 'Red Shirt Copy' },
    })
    expect(response.errors).toBeUndefined()
    const copy = response.data!.productDuplicate.product
    expect(copy).toEqual({
      ...source,
      id: expect.stringMatching(UUID),
      title: 'Red Shirt Copy',
      handle: 'red-shirt-copy',
      status: 'DRAFT',
      revision: 3,
    })
    expect(copy.id).not.toBe(source.id)
    expect(copy.media.map((m) => m.id)).toEqual([blue.id, red.id])
    expect(await auditTrail(t, shop.apiKey, copy.id)).toEqual([
      'ProductCreated@0',
      'ProductDuplicated@1',
      'ProductSeoChanged@2',
      'ProductMediaAttached@3',
    ])
    expect((await t.gql<{ product: Product }>(shop.apiKey, READ, { id: source.id })).data!.product).toEqual(source)
  })

  it('copies options and variants with new ids, SKUs and barcodes cleared and no stock', async () => {
    const VARIANTS =
      'options { id name values } variants { id title sku barcode price { amount currencyCode } inventoryQuantity optionValues { name value } }'
    type WithVariants = {
      options: { id: string; name: string; values: string[] }[]
      variants: { id: string; sku: string; barcode: string; inventoryQuantity: number }[]
    }
    const created = await t.gql<{ productCreate: { product: { id: string } & WithVariants } }>(
      shop.apiKey,
      `mutation ($input: ProductCreateInput!) { productCreate(input: $input) { product { id ${VARIANTS} } } }`,
      {
        input: {
          title: 'Sized Shirt',
          options: [{ name: 'Size', values: ['S', 'M'] }],
          variants: [
            {
              price: '19.99',
              sku: 'SZ-S',
              barcode: '111',
              inventoryQuantity: 5,
              optionValues: [{ name: 'Size', value: 'S' }],
            },
            { price: '21.00', sku: 'SZ-M', optionValues: [{ name: 'Size', value: 'M' }] },
          ],
        },
      },
    )
    expect(created.errors).toBeUndefined()
    const original = created.data!.productCreate.product
    const response = await t.gql<{ productDuplicate: { product: WithVariants } }>(
      shop.apiKey,
      `mutation ($input: ProductDuplicateInput!) { productDuplicate(input: $input) { product { ${VARIANTS} } } }`,
      { input: { id: original.id, title: 'Sized Shirt Copy' } },
    )
    expect(response.errors).toBeUndefined()
    const copy = response.data!.productDuplicate.product
    expect(copy.options.map(({ name, values }) => ({ name, values }))).toEqual([{ name: 'Size', values: ['S', 'M'] }])
    expect(copy.options[0]!.id).not.toBe(original.options[0]!.id)
    expect(copy.variants).toEqual(
      original.variants.map((variant, index) => ({
        ...variant,
        id: copy.variants[index]!.id,
        sku: '',
        barcode: '',
        inventoryQuantity: 0,
      })),
    )
    expect(copy.variants.map((v) => v.id)).not.toEqual(original.variants.map((v) => v.id))
  })

  it('takes a handle and status, and answers CONFLICT for a taken handle, creating nothing', async () => {
    const response: Duplicated = await t.gql(shop.apiKey, DUPLICATE, {
      input: { id: source.id, title: 'Live Copy', handle: 'live-copy', status: 'ACTIVE' },
    })
    expect(response.data!.productDuplicate.product).toMatchObject({ handle: 'live-copy', status: 'ACTIVE' })
    const before = await productCount(t, shop.apiKey)
    const taken: Duplicated = await t.gql(shop.apiKey, DUPLICATE, {
      input: { id: source.id, title: 'Again', handle: 'red-shirt' },
    })
    expect(onlyError(taken)).toEqual({
      code: 'CONFLICT',
      field: ['input', 'handle'],
      message: "handle 'red-shirt' is taken in this store; choose another or update the existing product",
    })
    expect(await productCount(t, shop.apiKey)).toBe(before)
  })

  it('answers NOT_FOUND for an unknown source and for another store’s product, and BAD_USER_INPUT without a title', async () => {
    const other = await t.tenant('duplicate-other')
    const missing = `product '${source.id}' does not exist in this store`
    expect(onlyError(await t.gql(other.apiKey, DUPLICATE, { input: { id: source.id, title: 'Stolen' } }))).toEqual({
      code: 'NOT_FOUND',
      message: missing,
    })
    const unknown = '01900000-0000-7000-8000-000000000999'
    expect(onlyError(await t.gql(shop.apiKey, DUPLICATE, { input: { id: unknown, title: 'X' } })).code).toBe(
      'NOT_FOUND',
    )
    expect(onlyError(await t.gql(shop.apiKey, DUPLICATE, { input: { id: source.id, title: '  ' } }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'title'],
    })
  })

  it('needs products:write', async () => {
    const readOnly = await t.key('duplicate', ['products:read'])
    expect(onlyError(await t.gql(readOnly, DUPLICATE, { input: { id: source.id, title: 'X' } })).code).toBe('FORBIDDEN')
  })
})

describe('product(id, asOf) and media', () => {
  it('shows the media the product showed then, in that order', async () => {
    const product = await createProduct(t, shop.apiKey, { title: 'Photo Album' })
    await t.gql(shop.apiKey, ATTACH, { input: { productId: product.id, mediaIds: [red.id, blue.id] } })
    // Deliberate: \`then\` must be an instant strictly between the two writes, so the clock must move.
    await new Promise((resolve) => setTimeout(resolve, 20))
    const then = new Date().toISOString()
    await new Promise((resolve) => setTimeout(resolve, 20))
    await t.gql(
      shop.apiKey,
      'mutation ($input: ProductMediaDetachInput!) { productMediaDetach(input: $input) { eventPosition } }',
      {
        input: { productId: product.id, mediaIds: [red.id] },
      },
    )
    const asOf = `query ($id: ID, $asOf: DateTime) { product(id: $id, asOf: $asOf) { media { id } } }`
    const past = await t.gql<{ product: { media: { id: string }[] } }>(shop.apiKey, asOf, {
      id: product.id,
      asOf: then,
    })
    expect(past.data!.product.media.map((m) => m.id)).toEqual([red.id, blue.id])
    const now = await t.gql<{ product: Product }>(shop.apiKey, READ, { id: product.id })
    expect(now.data!.product.media.map((m) => m.id)).toEqual([blue.id])
  })
})

describe('productRevert and media', () => {
  it('restores the media list and its order as at the revision', async () => {
    const product = await createProduct(t, shop.apiKey, { title: 'Gallery' })
    await t.gql(shop.apiKey, ATTACH, { input: { productId: product.id, mediaIds: [red.id] } })
    await t.gql(shop.apiKey, ATTACH, { input: { productId: product.id, mediaIds: [blue.id], position: 0 } })
    await t.gql(
      shop.apiKey,
      'mutation ($input: ProductMediaDetachInput!) { productMediaDetach(input: $input) { eventPosition } }',
      {
        input: { productId: product.id, mediaIds: [red.id] },
      },
    )
    const toFirst: Reverted = await t.gql(shop.apiKey, REVERT, { input: { id: product.id, toRevision: 1 } })
    expect(toFirst.data!.productRevert.product.media.map((m) => m.id)).toEqual([red.id])
    const toBoth: Reverted = await t.gql(shop.apiKey, REVERT, { input: { id: product.id, toRevision: 2 } })
    expect(toBoth.data!.productRevert.product.media.map((m) => m.id)).toEqual([blue.id, red.id])
    expect((await auditTrail(t, shop.apiKey, product.id)).slice(4)).toEqual([
      'ProductReverted@4',
      'ProductMediaDetached@5',
      'ProductMediaAttached@6',
      'ProductReverted@7',
      'ProductMediaAttached@8',
    ])
  })
})
