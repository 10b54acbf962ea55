import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import type { PastEvent, PrepareEnv } from '../../shared/command.js'
import { liveMediaKey } from '../../media/streams.js'
import { productDuplicateInput, type ProductDuplicate } from './duplicate.js'
import type { ProductEvent } from './events.js'
import { productDuplicate } from './lifecycle-definitions.js'
import { productHandleKey, productStream } from './streams.js'
import { STORE, ctx } from '../../../test/support/decide-context.js'
import { createdWith } from '../../../test/support/product-decider.js'

const SOURCE = '01900000-0000-7000-8000-000000000001'
const COPY = '01900000-0000-7000-8000-000000000002'
const M1 = '01900000-0000-7000-8000-0000000000a1'
const M2 = '01900000-0000-7000-8000-0000000000b2'

const source = createdWith({ productId: SOURCE, tags: ['cotton'] })
const copyFields = {
  ...source.data,
  productId: COPY,
  title: 'Red Shirt (copy)',
  handle: 'red-shirt-copy',
  status: 'DRAFT' as const,
}
const spec = deciderSpec(productDuplicate.decider, ctx)
const duplicate = (data: Partial<ProductDuplicate['data']> = {}): ProductDuplicate => ({
  type: 'ProductDuplicate',
  data: {
    product: copyFields,
    seo: { title: '', description: '' },
    mediaIds: [],
    catalog: { options: [], variants: [] },
    attributes: { attributeSetId: null, values: [] },
    sourceId: SOURCE,
    sourceRevision: 3,
    ...data,
  },
})

describe('productDuplicate decide', () => {
  it('creates the copy with ordinary events after a ProductDuplicated naming the source', () => {
    spec
      .given([])
      .when(duplicate({ seo: { title: 'Red', description: 'Shirt' }, mediaIds: [M1, M2] }))
      .then([
        { type: 'ProductCreated', data: copyFields },
        { type: 'ProductDuplicated', data: { productId: COPY, sourceId: SOURCE, sourceRevision: 3 } },
        { type: 'ProductSeoChanged', data: { productId: COPY, title: 'Red', description: 'Shirt' } },
        { type: 'ProductMediaAttached', data: { productId: COPY, mediaIds: [M1, M2], position: 0 } },
      ])
    spec
      .given([])
      .when(duplicate())
      .then([
        { type: 'ProductCreated', data: copyFields },
        { type: 'ProductDuplicated', data: { productId: COPY, sourceId: SOURCE, sourceRevision: 3 } },
      ])
  })

  it('refuses a copy id that is already used', () => {
    spec
      .given([{ ...source, data: copyFields }])
      .when(duplicate())
      .thenFails({ code: 'CONFLICT' })
  })
})

describe('productDuplicate prepare', () => {
  const history: PastEvent[] = [
    source,
    { type: 'ProductSeoChanged', data: { productId: SOURCE, title: 'Red', description: 'Shirt' } },
    { type: 'ProductMediaAttached', data: { productId: SOURCE, mediaIds: [M1, M2], position: 0 } },
    { type: 'ProductPublishScheduled', data: { productId: SOURCE, publishAt: '2026-02-01T00:00:00.000Z' } },
  ].map((event, revision) => ({ ...event, revision, occurredAt: '2026-01-01T00:00:00Z' }))
  const env = (events: PastEvent[], owners: Record<string, string> = {}): PrepareEnv => ({
    ctx,
    newId: () => COPY,
    reservationOwner: async (_scope, key) => owners[key] ?? null,
    readStream: async (stream) => (stream === productStream(STORE, SOURCE) ? events : []),
  })
  const prepare = (input: unknown, e: PrepareEnv) => productDuplicate.prepare(productDuplicateInput.parse(input), e)

  it("copies the source's fields, SEO and live media into a new DRAFT product with a free handle, unscheduled", async () => {
    const owners = { [liveMediaKey(M2)]: M2, [productHandleKey('red-shirt-copy')]: SOURCE }
    const prepared = await prepare({ id: SOURCE, title: 'Red Shirt Copy' }, env(history, owners))
    expect(prepared).toEqual({
      stream: productStream(STORE, COPY),
      entityId: COPY,
      command: {
        type: 'ProductDuplicate',
        data: {
          product: { ...copyFields, title: 'Red Shirt Copy', handle: 'red-shirt-copy-2' },
          seo: { title: 'Red', description: 'Shirt' },
          mediaIds: [M2],
          catalog: { options: [], variants: [] },
          attributes: { attributeSetId: null, values: [] },
          sourceId: SOURCE,
          sourceRevision: 3,
        },
      },
    })
  })

  it('copies options and variants with new ids, SKUs and barcodes cleared and no stock, and the attributes as they are', async () => {
    const OPTION = '01900000-0000-7000-8000-0000000000d1'
    const VARIANT = '01900000-0000-7000-8000-0000000000e1'
    const SET = '01900000-0000-7000-8000-0000000000f1'
    const value = {
      attributeId: '01900000-0000-7000-8000-0000000000f2',
      code: 'material',
      type: 'TEXT' as const,
      value: 'cotton',
    }
    const variant = {
      variantId: VARIANT,
      sku: 'RS-S',
      barcode: '123',
      price: 1999,
      compareAtPrice: 2499,
      cost: 800,
      currencyCode: 'USD',
      inventoryTracked: true,
      inventoryQuantity: 7,
      weight: null,
      optionValues: [{ name: 'Size', value: 'S' }],
      mediaId: M1,
    }
    const more: PastEvent[] = [
      {
        type: 'ProductOptionAdded',
        data: { productId: SOURCE, optionId: OPTION, name: 'Size', values: ['S', 'M'], position: 0, variantValue: 'S' },
      },
      { type: 'ProductVariantCreated', data: { productId: SOURCE, ...variant, position: 0 } },
      { type: 'ProductAttributeSetChanged', data: { productId: SOURCE, from: null, to: SET, dropped: [] } },
      { type: 'ProductAttributeValuesSet', data: { productId: SOURCE, values: [value] } },
    ].map((event, index) => ({ ...event, revision: history.length + index, occurredAt: '2026-01-01T00:00:00Z' }))
    let ids = 0
    const e = {
      ...env([...history, ...more], { [liveMediaKey(M2)]: M2 }),
      newId: () => `01900000-0000-7000-8000-00000000010${ids++}`,
    }
    const { data } = (await prepare({ id: SOURCE, title: 'Copy' }, e)).command
    expect(data.catalog).toEqual({
      options: [{ optionId: '01900000-0000-7000-8000-000000000101', name: 'Size', values: ['S', 'M'] }],
      variants: [
        {
          ...variant,
          variantId: '01900000-0000-7000-8000-000000000102',
          sku: '',
          barcode: '',
          inventoryQuantity: 0,
          mediaId: null,
          field: ['input', 'id'],
        },
      ],
    })
    expect(data.attributes).toEqual({ attributeSetId: SET, values: [value] })

    const events = productDuplicate.decider.decide(
      { type: 'ProductDuplicate', data },
      productDuplicate.decider.initialState(),
      ctx,
    )
    expect(events.map((event) => event.type)).toEqual([
      'ProductCreated',
      'ProductDuplicated',
      'ProductSeoChanged',
      'ProductMediaAttached',
      'ProductOptionAdded',
      'ProductVariantCreated',
      'ProductAttributeSetChanged',
      'ProductAttributeValuesSet',
    ])
    expect(events[5]).toMatchObject({
      data: { sku: '', barcode: '', inventoryQuantity: 0, price: 1999, optionValues: [{ name: 'Size', value: 'S' }] },
    })
    expect(
      productDuplicate.uniqueness!(events, productDuplicate.decider.initialState(), ctx).map((change) => change.key),
    ).toEqual([productHandleKey('copy')])
  })

  it('takes the handle and status given', async () => {
    const prepared = await prepare({ id: SOURCE, title: 'X', handle: 'x-shirt', status: 'ACTIVE' }, env(history))
    expect(prepared.command.data.product).toMatchObject({ handle: 'x-shirt', status: 'ACTIVE' })
  })

  it('answers NOT_FOUND for an unknown or deleted source', async () => {
    await expect(prepare({ id: SOURCE, title: 'X' }, env([]))).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: `product '${SOURCE}' does not exist in this store`,
    })
    const deleted: PastEvent = {
      type: 'ProductDeleted',
      data: { productId: SOURCE, handle: 'red-shirt' },
      revision: 4,
      occurredAt: '2026-01-01T00:00:00Z',
    }
    await expect(prepare({ id: SOURCE, title: 'X' }, env([...history, deleted]))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
  })

  it('needs a title and names unknown fields', () => {
    expect(productDuplicateInput.safeParse({ id: SOURCE }).error?.issues[0]).toMatchObject({
      path: ['title'],
      message: 'title is required',
    })
    expect(productDuplicateInput.safeParse({ id: SOURCE, title: 'X', tags: [] }).error?.issues[0]?.message).toBe(
      'productDuplicate does not take tags; its fields are id, title, handle, status',
    )
  })

  it('claims the handle of the copy', () => {
    const events = productDuplicate.decider.decide(
      duplicate(),
      productDuplicate.decider.initialState(),
      ctx,
    ) as ProductEvent[]
    expect(productDuplicate.uniqueness!(events, productDuplicate.decider.initialState(), ctx)).toEqual([
      expect.objectContaining({ kind: 'claim', key: productHandleKey('red-shirt-copy'), ownerId: COPY }),
    ])
  })
})
