import { describe, expect, it } from 'vitest'
import {
  P,
  STORE,
  created,
  ctx,
  deleted,
  draft,
  id,
  shirt,
  sized,
  variantCreated,
} from '../../../test/support/variants.js'
import type { PastEvent, PrepareEnv } from '../../shared/command.js'
import { fold } from '../../shared/event.js'
import { liveMediaKey } from '../../media/streams.js'
import { storeStream } from '../../tenancy/store/streams.js'
import { initialCatalogEvents, productWithVariantsDecider, skuReservations } from './catalog.js'
import { productCreateInput } from './commands.js'
import { productCreate } from './definitions.js'
import { fromMinorUnits, toMinorUnits } from './money.js'
import { productSkuKey } from './streams.js'
import {
  productInventoryAdjustInput,
  productVariantsBulkCreateInput,
  productVariantsBulkUpdateInput,
} from './variant-commands.js'
import { productVariantCommands, productVariantUpdate, productVariantsBulkCreate } from './variant-definitions.js'
import { productVariantsDecider } from './variant-definitions.js'
import { failure } from '../../../test/support/failure.js'

const OTHER = '01900000-0000-7000-8000-000000000009'
const MEDIA = id('m', 1)

function env(
  options: { currency?: string; currencyChangedTo?: string; skus?: Record<string, string>; media?: string[] } = {},
): PrepareEnv {
  let next = 0
  const storeEvents: PastEvent[] = [
    { type: 'StoreCreated', data: { currency: options.currency ?? 'USD' }, revision: 0, occurredAt: '' },
  ]
  if (options.currencyChangedTo)
    storeEvents.push({
      type: 'StoreCurrencyChanged',
      data: { currency: options.currencyChangedTo },
      revision: 1,
      occurredAt: '',
    })
  return {
    ctx,
    newId: () => id('v', ++next),
    async reservationOwner(scope, key) {
      if (scope !== STORE) return null
      const sku = Object.entries(options.skus ?? {}).find(([value]) => productSkuKey(value) === key)
      if (sku) return sku[1]
      return (options.media ?? []).find((m) => liveMediaKey(m) === key) ?? null
    },
    readStream: async (stream) => (stream === storeStream(ctx.organizationId, STORE) ? storeEvents : []),
  }
}

describe('money', () => {
  it.each([
    ['19.99', 'USD', 1999],
    ['5', 'USD', 500],
    ['19.90', 'EUR', 1990],
    ['0.5', 'USD', 50],
    ['500', 'JPY', 500],
    ['500.00', 'JPY', 500],
    ['1.234', 'KWD', 1234],
  ])('%s %s is %i minor units', (amount, currency, minor) => {
    expect(toMinorUnits(amount, currency, ['input', 'price'])).toBe(minor)
  })

  it.each([
    ['19.999', 'USD', "price '19.999' has too many decimals: USD allows at most 2 decimals"],
    ['500.5', 'JPY', "price '500.5' has too many decimals: JPY has no minor unit, so give whole amounts"],
    ['1e3', 'USD', 'price must be a decimal string like "19.99"'],
    ['1000000000', 'USD', 'price must be less than 1000000000 USD'],
  ])('refuses %s %s', (amount, currency, message) => {
    expect(() => toMinorUnits(amount, currency, ['input', 'price'])).toThrow(message)
  })

  it('writes minor units back as decimal strings', () => {
    expect([
      fromMinorUnits(1999, 'USD'),
      fromMinorUnits(5, 'USD'),
      fromMinorUnits(500, 'JPY'),
      fromMinorUnits(5, 'KWD'),
      fromMinorUnits(0, 'EUR'),
    ]).toEqual(['19.99', '0.05', '500', '0.005', '0.00'])
  })
})

describe('prepare', () => {
  it('prices new variants in the store currency, following its changes', async () => {
    const input = productVariantsBulkCreateInput.parse({
      productId: P,
      variants: [
        { price: '1500', sku: 'A' },
        { price: '9.5', compareAtPrice: '12' },
      ],
    })
    const yen = await productVariantsBulkCreate.prepare(
      productVariantsBulkCreateInput.parse({ productId: P, variants: [{ price: '1500' }] }),
      env({ currencyChangedTo: 'JPY' }),
    )
    expect(yen).toMatchObject({
      stream: `product-${STORE}_${P}`,
      entityId: P,
      command: { data: { variants: [{ price: 1500, currencyCode: 'JPY' }] } },
    })
    await expect(
      failure(() => productVariantsBulkCreate.prepare(input, env({ currencyChangedTo: 'JPY' }))),
    ).resolves.toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'variants', 1, 'price'],
    })
    const usd = await productVariantsBulkCreate.prepare(input, env())
    expect(usd.command).toMatchObject({
      data: {
        variants: [
          { price: 150000, currencyCode: 'USD', inventoryTracked: true, inventoryQuantity: 0 },
          { price: 950, compareAtPrice: 1200, sku: '' },
        ],
      },
    })
  })

  it("refuses a SKU another product holds with CONFLICT at the item's sku; its own product's SKUs may move", async () => {
    const input = productVariantsBulkUpdateInput.parse({
      productId: P,
      variants: [
        { id: id('v', 1), sku: 'MINE' },
        { id: id('v', 2), sku: 'TAKEN' },
      ],
    })
    const error = await failure(() =>
      productVariantUpdate.prepare({ productId: P, id: id('v', 2), sku: 'TAKEN' }, env({ skus: { TAKEN: OTHER } })),
    )
    expect(error).toMatchObject({
      code: 'CONFLICT',
      field: ['input', 'sku'],
      message: `sku 'TAKEN' is taken in this store by a variant of product '${OTHER}'; choose another or change that variant`,
    })
    const bulk = productVariantCommands.find((d) => d.name === 'productVariantsBulkUpdate')!
    await expect(failure(() => bulk.prepare(input, env({ skus: { MINE: P, TAKEN: OTHER } })))).resolves.toMatchObject({
      code: 'CONFLICT',
      field: ['input', 'variants', 1, 'sku'],
    })
  })

  it('answers NOT_FOUND for an image that does not live in the store; "" removes the image and the compare-at price', async () => {
    const error = await failure(() =>
      productVariantUpdate.prepare({ productId: P, id: id('v', 1), mediaId: MEDIA }, env()),
    )
    expect(error).toMatchObject({
      code: 'NOT_FOUND',
      field: ['input', 'mediaId'],
      message: `media '${MEDIA}' does not exist in this store`,
    })
    const prepared = await productVariantUpdate.prepare(
      { productId: P, id: id('v', 1), mediaId: '', compareAtPrice: '', weight: { value: 0, unit: 'KG' } },
      env(),
    )
    expect(prepared.command).toMatchObject({
      data: { variants: [{ mediaId: null, compareAtPrice: null, weight: null }] },
    })
  })

  it('validates inputs with the field at fault', () => {
    const issue = (
      schema: typeof productInventoryAdjustInput | typeof productVariantsBulkCreateInput,
      input: unknown,
    ) => schema.safeParse(input).error?.issues[0]
    expect(
      issue(productVariantsBulkCreateInput, { productId: P, variants: [{ price: '1' }, { price: '-1' }] }),
    ).toMatchObject({ path: ['variants', 1, 'price'] })
    expect(issue(productVariantsBulkCreateInput, { productId: P, variants: [] })).toMatchObject({
      message: 'variants must hold at least one variant',
    })
    expect(issue(productInventoryAdjustInput, { productId: P, variantId: P, delta: 1, reason: 'LOST' })).toMatchObject({
      path: ['reason'],
      message: 'reason must be one of CORRECTION, RECEIVED, DAMAGED, SOLD, RETURNED, OTHER',
    })
    const options = [
      { name: 'Size', values: ['S', 'S'] },
      { name: 'size', values: ['M'] },
    ]
    expect(productCreateInput.safeParse({ title: 'T', options }).error?.issues.map((i) => [i.path, i.message])).toEqual(
      [
        [['options', 0, 'values', 1], "value 'S' is listed twice; list each value once"],
        [['options', 1, 'name'], "option 'size' is listed twice; option names must differ"],
      ],
    )
  })
})

describe('productCreate with options and variants', () => {
  it('appends the product, its options and its variants in one decision', async () => {
    const input = productCreateInput.parse({
      title: 'Tee',
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { price: '10', sku: 'T-S', optionValues: sized('S') },
        { price: '12', sku: 'T-M', optionValues: sized('M') },
      ],
    })
    const prepared = await productCreate.prepare(input, { ...env(), reservationOwner: async () => null })
    const events = productWithVariantsDecider.decide(prepared.command, productWithVariantsDecider.initialState(), ctx)
    expect(events.map((e) => e.type)).toEqual([
      'ProductCreated',
      'ProductOptionAdded',
      'ProductVariantCreated',
      'ProductVariantCreated',
    ])
    expect(events.slice(2).map((e) => e.data)).toMatchObject([
      { sku: 'T-S', price: 1000, optionValues: sized('S') },
      { sku: 'T-M', price: 1200, position: 1 },
    ])
  })

  it('checks the variants as productVariantsBulkCreate does, with the path of the variant', () => {
    const draftWith = {
      options: [{ optionId: id('o', 1), name: 'Size', values: ['S'] }],
      variants: [draft(1, sized('S')), draft(2, sized('S'))],
    }
    expect(() => initialCatalogEvents(P, draftWith)).toThrow(
      expect.objectContaining({ code: 'BAD_USER_INPUT', field: ['input', 'variants', 1, 'optionValues'] }),
    )
  })
})

describe('SKU reservations', () => {
  const before = (events: Parameters<typeof productVariantsDecider.evolve>[1][]) => fold(productVariantsDecider, events)

  it('claims new SKUs and releases dropped ones for the product, netting moves within it', () => {
    const changes = skuReservations(
      [
        { type: 'ProductVariantSkuChanged', data: { productId: P, variantId: id('v', 1), from: 'SKU-1', to: 'SKU-2' } },
        { type: 'ProductVariantSkuChanged', data: { productId: P, variantId: id('v', 2), from: 'SKU-2', to: 'NEW' } },
      ],
      before(shirt),
      ctx,
    )
    expect(changes).toEqual([
      { kind: 'release', scope: STORE, key: 'product-sku:SKU-1', ownerId: P },
      {
        kind: 'claim',
        scope: STORE,
        key: 'product-sku:NEW',
        ownerId: P,
        field: ['input'],
        message: expect.stringContaining("sku 'NEW' is taken"),
      },
    ])
  })

  it('releases every SKU when the product is deleted, and reserves no empty SKU', () => {
    expect(skuReservations([deleted], before(shirt), ctx).map((c) => `${c.kind} ${c.key}`)).toEqual([
      'release product-sku:SKU-1',
      'release product-sku:SKU-2',
    ])
    expect(skuReservations([variantCreated(1, [], { sku: '' })], before([created]), ctx)).toEqual([])
  })

  it('are claimed by every command that may change SKUs', () => {
    expect(productVariantCommands.filter((d) => d.uniqueness).map((d) => d.name)).toEqual([
      'productVariantCreate',
      'productVariantsBulkCreate',
      'productVariantUpdate',
      'productVariantsBulkUpdate',
      'productVariantDelete',
      'productVariantsBulkDelete',
    ])
  })
})

describe('registry entries', () => {
  it('are product writes offered to every transport', () => {
    expect(productVariantCommands.map((d) => [d.name, d.tool, d.scope, d.transports.join(',')])).toEqual([
      ['productOptionAdd', 'add_product_option', 'products:write', 'graphql,mcp,cli'],
      ['productOptionUpdate', 'update_product_option', 'products:write', 'graphql,mcp,cli'],
      ['productOptionRemove', 'remove_product_option', 'products:write', 'graphql,mcp,cli'],
      ['productVariantCreate', 'create_product_variant', 'products:write', 'graphql,mcp,cli'],
      ['productVariantsBulkCreate', 'create_product_variants', 'products:write', 'graphql,mcp,cli'],
      ['productVariantUpdate', 'update_product_variant', 'products:write', 'graphql,mcp,cli'],
      ['productVariantsBulkUpdate', 'update_product_variants', 'products:write', 'graphql,mcp,cli'],
      ['productVariantDelete', 'remove_product_variant', 'products:write', 'graphql,mcp,cli'],
      ['productVariantsBulkDelete', 'remove_product_variants', 'products:write', 'graphql,mcp,cli'],
      ['productVariantsReorder', 'reorder_product_variants', 'products:write', 'graphql,mcp,cli'],
      ['productInventoryAdjust', 'adjust_inventory', 'products:write', 'graphql,mcp,cli'],
    ])
  })
})
