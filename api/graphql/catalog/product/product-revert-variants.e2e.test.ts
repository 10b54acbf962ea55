import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import { useTenantCaller } from '../../../../test/support/tenant-caller.js'
import { auditTrail, onlyError } from '../../../../test/support/products.js'

// productRevert over options, variants and attribute values: the ordinary events of each, SKUs claimed again.

const VARIANTS =
  'id revision options { id name values } variants { id sku price { amount } inventoryQuantity optionValues { name value } }'
const CREATE = `mutation ($input: ProductCreateInput!) { productCreate(input: $input) { product { ${VARIANTS} } } }`
const REVERT = `mutation ($input: ProductRevertInput!) { productRevert(input: $input) { product { ${VARIANTS} } eventPosition } }`

interface Product {
  id: string
  revision: number
  options: { id: string; name: string; values: string[] }[]
  variants: {
    id: string
    sku: string
    price: { amount: string }
    inventoryQuantity: number
    optionValues: { name: string; value: string }[]
  }[]
}

const t = useTestApp()
const { shop, ok } = useTenantCaller(t, 'revert-variants')

async function createSized(title: string, prefix: string): Promise<Product> {
  const input = {
    title,
    options: [{ name: 'Size', values: ['S', 'M'] }],
    variants: [
      { price: '10.00', sku: `${prefix}-S`, inventoryQuantity: 3, optionValues: [{ name: 'Size', value: 'S' }] },
      { price: '12.00', sku: `${prefix}-M`, inventoryQuantity: 4, optionValues: [{ name: 'Size', value: 'M' }] },
    ],
  }
  return (await ok<{ productCreate: { product: Product } }>(CREATE, { input })).productCreate.product
}

describe('productRevert of options and variants', () => {
  it('restores prices, SKUs, deleted variants and options as they were, keeping the stock of kept variants', async () => {
    const product = await createSized('Reverted Tee', 'RT')
    const [small, medium] = product.variants
    await ok(
      'mutation ($input: ProductVariantUpdateInput!) { productVariantUpdate(input: $input) { eventPosition } }',
      {
        input: { productId: product.id, id: small!.id, price: '15.00', sku: 'RT-SMALL' },
      },
    )
    await ok(
      'mutation ($input: ProductVariantDeleteInput!) { productVariantDelete(input: $input) { eventPosition } }',
      { input: { productId: product.id, id: medium!.id } },
    )
    await ok(
      'mutation ($input: ProductInventoryAdjustInput!) { productInventoryAdjust(input: $input) { eventPosition } }',
      {
        input: { productId: product.id, variantId: small!.id, delta: 2, reason: 'RECEIVED' },
      },
    )

    const reverted = (
      await ok<{ productRevert: { product: Product } }>(REVERT, {
        input: { id: product.id, toRevision: product.revision },
      })
    ).productRevert.product
    expect(reverted.options).toEqual(product.options)
    expect(reverted.variants).toEqual([{ ...small, inventoryQuantity: 5 }, medium])
    const trail = await auditTrail(t, shop.apiKey, product.id)
    expect(trail.slice(-4).map((entry) => entry.replace(/@\d+$/, ''))).toEqual([
      'ProductReverted',
      'ProductVariantPriceChanged',
      'ProductVariantSkuChanged',
      'ProductVariantCreated',
    ])

    // The SKU given up by the revert is free again, the restored one held again.
    const other = await createSized('Other Tee', 'XX')
    const taken = await t.gql(
      shop.apiKey,
      'mutation ($input: ProductVariantUpdateInput!) { productVariantUpdate(input: $input) { eventPosition } }',
      {
        input: { productId: other.id, id: other.variants[0]!.id, sku: 'RT-S' },
      },
    )
    expect(onlyError(taken).code).toBe('CONFLICT')
    await ok(
      'mutation ($input: ProductVariantUpdateInput!) { productVariantUpdate(input: $input) { eventPosition } }',
      {
        input: { productId: other.id, id: other.variants[0]!.id, sku: 'RT-SMALL' },
      },
    )
  })

  it('answers CONFLICT when a SKU to restore now belongs to another product, and changes nothing', async () => {
    const product = await createSized('Conflicted Tee', 'CT')
    await ok(
      'mutation ($input: ProductVariantUpdateInput!) { productVariantUpdate(input: $input) { eventPosition } }',
      {
        input: { productId: product.id, id: product.variants[0]!.id, sku: 'CT-NEW' },
      },
    )
    const thief = await createSized('Thief Tee', 'TT')
    await ok(
      'mutation ($input: ProductVariantUpdateInput!) { productVariantUpdate(input: $input) { eventPosition } }',
      {
        input: { productId: thief.id, id: thief.variants[0]!.id, sku: 'CT-S' },
      },
    )
    const before = await auditTrail(t, shop.apiKey, product.id)
    const response = await t.gql(shop.apiKey, REVERT, { input: { id: product.id, toRevision: product.revision } })
    expect(onlyError(response)).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining("sku 'CT-S' is taken"),
    })
    expect(await auditTrail(t, shop.apiKey, product.id)).toEqual(before)
  })
})

describe('productRevert of attribute values', () => {
  it('sets back values changed since and removes values added since', async () => {
    for (const code of ['material', 'fit']) {
      await ok('mutation ($input: AttributeCreateInput!) { attributeCreate(input: $input) { eventPosition } }', {
        input: { code, name: code, type: 'TEXT' },
      })
    }
    const created = await ok<{ productCreate: { product: { id: string; revision: number } } }>(
      'mutation ($input: ProductCreateInput!) { productCreate(input: $input) { product { id revision } } }',
      { input: { title: 'Attributed Tee', attributes: [{ code: 'material', value: 'cotton' }] } },
    )
    const { id, revision } = created.productCreate.product
    await ok(
      'mutation ($input: ProductAttributesSetInput!) { productAttributesSet(input: $input) { eventPosition } }',
      {
        input: {
          productId: id,
          values: [
            { code: 'material', value: 'linen' },
            { code: 'fit', value: 'slim' },
          ],
        },
      },
    )
    type Values = { productRevert: { product: { attributes: { code: string; value: unknown }[] } } }
    const reverted = await ok<Values>(
      'mutation ($input: ProductRevertInput!) { productRevert(input: $input) { product { attributes { code value } } } }',
      {
        input: { id, toRevision: revision },
      },
    )
    expect(reverted.productRevert.product.attributes).toEqual([{ code: 'material', value: 'cotton' }])
    expect((await auditTrail(t, shop.apiKey, id)).slice(-3).map((entry) => entry.replace(/@\d+$/, ''))).toEqual([
      'ProductReverted',
      'ProductAttributeValuesRemoved',
      'ProductAttributeValuesSet',
    ])
  })
})

describe('product(id, asOf) with options and variants', () => {
  it('shows the options, variants, price range and stock of then, not of today', async () => {
    const product = await createSized('Timeline Tee', 'TL')
    // Deliberate: \`then\` must be an instant strictly between the two writes, so the clock must move.
    await new Promise((resolve) => setTimeout(resolve, 20))
    const then = new Date().toISOString()
    await new Promise((resolve) => setTimeout(resolve, 20))
    await ok(
      'mutation ($input: ProductVariantUpdateInput!) { productVariantUpdate(input: $input) { eventPosition } }',
      {
        input: { productId: product.id, id: product.variants[0]!.id, price: '99.00' },
      },
    )
    await ok(
      'mutation ($input: ProductVariantDeleteInput!) { productVariantDelete(input: $input) { eventPosition } }',
      { input: { productId: product.id, id: product.variants[1]!.id } },
    )

    type Past = {
      product: Product & {
        priceRange: { min: { amount: string }; max: { amount: string } }
        totalInventory: number
        variantsCount: number
      }
    }
    const past = await ok<Past>(
      `query ($id: ID, $asOf: DateTime) { product(id: $id, asOf: $asOf) { ${VARIANTS} priceRange { min { amount } max { amount } } totalInventory variantsCount } }`,
      { id: product.id, asOf: then },
    )
    expect(past.product.options).toEqual(product.options)
    expect(past.product.variants).toEqual(product.variants)
    expect(past.product).toMatchObject({
      priceRange: { min: { amount: '10.00' }, max: { amount: '12.00' } },
      totalInventory: 7,
      variantsCount: 2,
    })
    const today = await ok<Past>(
      `query ($id: ID) { product(id: $id) { variantsCount variants { price { amount } } } }`,
      { id: product.id },
    )
    expect(today.product).toMatchObject({ variantsCount: 1, variants: [{ price: { amount: '99.00' } }] })
  })
})
