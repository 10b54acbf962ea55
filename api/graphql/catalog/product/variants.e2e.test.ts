import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import { POSITION, UUID, auditTrail, onlyError, badInput, productCount } from '../../../../test/support/products.js'
import {
  CREATE_WITH_VARIANTS,
  FIRST_OF_THREE_BY_THREE,
  VARIANT_FIELDS,
  createCatalogProduct,
  mutation,
  ok,
  readCatalog,
  threeByThree,
  type CatalogProduct,
} from '../../../../test/support/variant-api.js'

const t = useTestApp()

describe('productCreate with options and variants', () => {
  it('creates 3 options × 3 values … 9 variants in one mutation and reads them back with prices and stock', async () => {
    const { apiKey } = await t.tenant('var-nine')
    const input: Record<string, unknown> = {
      ...threeByThree(),
      options: [...(threeByThree().options as object[]), { name: 'Fit', values: ['Slim', 'Regular', 'Loose'] }],
    }
    input.variants = (input.variants as Record<string, unknown>[]).map((v) => ({
      ...v,
      optionValues: [...(v.optionValues as object[]), { name: 'Fit', value: 'Regular' }],
    }))
    const response = await t.gql<{ productCreate: { product: CatalogProduct; eventPosition: string } }>(
      apiKey,
      CREATE_WITH_VARIANTS,
      { input },
    )
    expect(response.errors).toBeUndefined()
    const { product, eventPosition } = response.data!.productCreate
    expect(eventPosition).toMatch(POSITION)
    expect(product.options.map((o) => [o.name, o.position, o.values])).toEqual([
      ['Size', 0, ['S', 'M', 'L']],
      ['Color', 1, ['Red', 'Green', 'Blue']],
      ['Fit', 2, ['Slim', 'Regular', 'Loose']],
    ])
    expect(product.variants).toHaveLength(9)
    expect(product.variants[0]).toEqual({
      id: expect.stringMatching(UUID),
      title: 'S / Red / Regular',
      ...FIRST_OF_THREE_BY_THREE,
      optionValues: [
        { name: 'Size', value: 'S' },
        { name: 'Color', value: 'Red' },
        { name: 'Fit', value: 'Regular' },
      ],
      image: null,
      product: { id: product.id },
    })
    expect(product.variants.map((v) => `${v.title}=${v.price.amount}`).slice(-2)).toEqual([
      'L / Green / Regular=17.00',
      'L / Blue / Regular=18.00',
    ])
    expect(product).toMatchObject({
      priceRange: { min: { amount: '10.00' }, max: { amount: '18.00' } },
      totalInventory: 45,
      variantsCount: 9,
    })
    // One write: the product, its three options and nine variants, revisions 0 … 12.
    expect(product.revision).toBe(12)
    expect(await readCatalog(t, apiKey, product.id)).toEqual(product)
  })

  it('refuses a variant whose values do not fit, naming its index, and creates nothing', async () => {
    const { apiKey } = await t.tenant('var-nine-bad')
    const input = threeByThree()
    ;(input.variants as Record<string, unknown>[])[4]!.optionValues = [
      { name: 'Size', value: 'XL' },
      { name: 'Color', value: 'Red' },
    ]
    const response = await t.gql(apiKey, CREATE_WITH_VARIANTS, { input })
    expect(onlyError(response)).toEqual(
      badInput(
        ['input', 'variants', 4, 'optionValues', 0, 'value'],
        "option 'Size' has no value 'XL'; its values are S, M, L (add it with productOptionUpdate first)",
      ),
    )
    expect(await productCount(t, apiKey)).toBe(0)
  })

  it('refuses more decimals than the currency has, at the field of the variant', async () => {
    const { apiKey } = await t.tenant('var-money')
    const response = await t.gql(apiKey, CREATE_WITH_VARIANTS, {
      input: { title: 'Pen', variants: [{ price: '1.50' }, { price: '2.505' }] },
    })
    expect(onlyError(response)).toEqual(
      badInput(['input', 'variants', 1, 'price'], "price '2.505' has too many decimals: USD allows at most 2 decimals"),
    )
    const sign = await t.gql(apiKey, CREATE_WITH_VARIANTS, { input: { title: 'Pen', variants: [{ price: '-1' }] } })
    expect(onlyError(sign)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'variants', 0, 'price'] })
  })
})

describe('variants one by one', () => {
  it('creates, updates and deletes a variant, each payload read back from the read model', async () => {
    const { apiKey } = await t.tenant('var-single')
    const product = await createCatalogProduct(t, apiKey, {
      title: 'Mug',
      options: [{ name: 'Color', values: ['White', 'Black'] }],
    })
    const created = await ok<{
      variant: { id: string; title: string; price: { amount: string } }
      product: { variantsCount: number }
    }>(t, apiKey, 'productVariantCreate', `variant { ${VARIANT_FIELDS} } product { variantsCount }`, {
      productId: product.id,
      price: '8',
      compareAtPrice: '10',
      sku: 'MUG-W',
      weight: { value: 0.4, unit: 'KG' },
      optionValues: [{ name: 'Color', value: 'White' }],
    })
    expect(created.variant).toMatchObject({
      title: 'White',
      price: { amount: '8.00' },
      compareAtPrice: { amount: '10.00' },
      weight: { value: 0.4, unit: 'KG' },
    })
    expect(created.product.variantsCount).toBe(1)

    const updated = await ok<{ variant: Record<string, unknown>; eventPosition: string }>(
      t,
      apiKey,
      'productVariantUpdate',
      `variant { ${VARIANT_FIELDS} } eventPosition`,
      {
        productId: product.id,
        id: created.variant.id,
        price: '7.5',
        compareAtPrice: '',
        barcode: '4006381333931',
        optionValues: [{ name: 'Color', value: 'Black' }],
      },
    )
    expect(updated.variant).toMatchObject({
      title: 'Black',
      price: { amount: '7.50' },
      compareAtPrice: null,
      barcode: '4006381333931',
      sku: 'MUG-W',
    })
    const again = await ok<{ eventPosition: string | null }>(t, apiKey, 'productVariantUpdate', 'eventPosition', {
      productId: product.id,
      id: created.variant.id,
      price: '7.50',
    })
    expect(again.eventPosition).toBeNull()

    const deleted = await ok<{ deletedId: string; product: { variantsCount: number; priceRange: unknown } }>(
      t,
      apiKey,
      'productVariantDelete',
      'deletedId product { variantsCount priceRange { min { amount } } }',
      { productId: product.id, id: created.variant.id },
    )
    expect(deleted).toEqual({ deletedId: created.variant.id, product: { variantsCount: 0, priceRange: null } })
    const missing = await t.gql(apiKey, 'query ($id: ID!) { productVariant(id: $id) { id } }', {
      id: created.variant.id,
    })
    expect(onlyError(missing)).toEqual({
      code: 'NOT_FOUND',
      message: `variant '${created.variant.id}' does not exist in this store`,
    })
    // The SKU is free again.
    await ok(t, apiKey, 'productVariantCreate', 'eventPosition', {
      productId: product.id,
      price: '8',
      sku: 'MUG-W',
      optionValues: [{ name: 'Color', value: 'White' }],
    })
    expect(await auditTrail(t, apiKey, product.id)).toEqual([
      'ProductCreated@0',
      'ProductOptionAdded@1',
      'ProductVariantCreated@2',
      'ProductVariantPriceChanged@3',
      'ProductVariantBarcodeChanged@4',
      'ProductVariantOptionValuesChanged@5',
      'ProductVariantDeleted@6',
      'ProductVariantCreated@7',
    ])
  })

  it('answers NOT_FOUND for an unknown variant or product, BAD_USER_INPUT for a malformed id', async () => {
    const { apiKey } = await t.tenant('var-missing')
    const product = await createCatalogProduct(t, apiKey, { title: 'Cap', variants: [{ price: '5' }] })
    const ghost = '01900000-0000-7000-8000-0000000000ff'
    const unknownVariant = await t.gql(
      apiKey,
      'mutation ($input: ProductVariantUpdateInput!) { productVariantUpdate(input: $input) { eventPosition } }',
      {
        input: { productId: product.id, id: ghost, price: '1' },
      },
    )
    expect(onlyError(unknownVariant)).toEqual({
      code: 'NOT_FOUND',
      field: ['input', 'id'],
      message: `variant '${ghost}' does not exist on product '${product.id}'`,
    })
    const unknownProduct = await t.gql(
      apiKey,
      'mutation ($input: ProductVariantDeleteInput!) { productVariantDelete(input: $input) { deletedId } }',
      {
        input: { productId: ghost, id: product.variants[0]!.id },
      },
    )
    expect(onlyError(unknownProduct)).toEqual({
      code: 'NOT_FOUND',
      message: `product '${ghost}' does not exist in this store`,
    })
    const malformed = await t.gql(
      apiKey,
      'mutation ($input: ProductVariantDeleteInput!) { productVariantDelete(input: $input) { deletedId } }',
      {
        input: { productId: product.id, id: 'v1' },
      },
    )
    expect(onlyError(malformed)).toEqual(badInput(['input', 'id'], 'input.id: id must be a variant id (a UUID)'))
  })
})

describe('options', () => {
  it('refuses a fourth option, a name in use, dropping a value in use and an unknown option, changing nothing', async () => {
    const { apiKey } = await t.tenant('var-option-errors')
    const created = await createCatalogProduct(t, apiKey, threeByThree())
    await ok(t, apiKey, 'productOptionAdd', 'eventPosition', { productId: created.id, name: 'Fit', values: ['Slim'] })
    const product = (await readCatalog(t, apiKey, created.id))!
    const add = (input: Record<string, unknown>) =>
      t.gql(apiKey, mutation('productOptionAdd', 'eventPosition'), { input: { productId: product.id, ...input } })
    const update = (input: Record<string, unknown>) =>
      t.gql(apiKey, mutation('productOptionUpdate', 'eventPosition'), { input: { productId: product.id, ...input } })
    expect(onlyError(await add({ name: 'Material', values: ['Cotton'] }))).toEqual(
      badInput(['input', 'name'], 'a product may have at most 3 options; it has Size, Color, Fit'),
    )
    const size = product.options[0]!
    expect(onlyError(await update({ id: size.id, name: 'color' }))).toEqual(
      badInput(['input', 'name'], "the product already has an option 'Color'; choose another name"),
    )
    expect(onlyError(await update({ id: size.id, values: ['S', 'M'] }))).toEqual(
      badInput(
        ['input', 'values'],
        "value 'L' of option 'Size' is used by 3 variants; delete those variants or give them another value first, or keep the value in the list",
      ),
    )
    expect(onlyError(await update({ id: size.id, values: ['S', 'S'] }))).toEqual(
      badInput(['input', 'values', 1], "input.values.1: value 'S' is listed twice; list each value once"),
    )
    const ghost = '01900000-0000-7000-8000-0000000000ff'
    expect(onlyError(await update({ id: ghost, name: 'X' }))).toMatchObject({
      code: 'NOT_FOUND',
      field: ['input', 'id'],
    })
    expect((await readCatalog(t, apiKey, product.id))!.revision).toBe(product.revision)
  })

  it('adds, renames and reorders options and values; variants follow; removal waits until no variants would be twins', async () => {
    const { apiKey } = await t.tenant('var-options')
    const product = await createCatalogProduct(t, apiKey, threeByThree())
    const [size, color] = product.options
    const added = await ok<{ option: { name: string; values: string[]; position: number }; product: CatalogProduct }>(
      t,
      apiKey,
      'productOptionAdd',
      'option { name values position } product { variants { title } }',
      { productId: product.id, name: 'Fit', values: ['Slim', 'Loose'] },
    )
    expect(added.option).toEqual({ name: 'Fit', values: ['Slim', 'Loose'], position: 2 })
    expect(added.product.variants[0]).toEqual({ title: 'S / Red / Slim' })

    const updated = await ok<{ option: { name: string; values: string[]; position: number }; product: CatalogProduct }>(
      t,
      apiKey,
      'productOptionUpdate',
      'option { name values position } product { variants { title } }',
      {
        productId: product.id,
        id: size!.id,
        name: 'Größe',
        renameValues: [{ from: 'S', to: 'Small' }],
        values: ['L', 'M', 'Small'],
        position: 1,
      },
    )
    expect(updated.option).toEqual({ name: 'Größe', values: ['L', 'M', 'Small'], position: 1 })
    expect(updated.product.variants[0]).toEqual({ title: 'Red / Small / Slim' })

    const refused = await t.gql(
      apiKey,
      'mutation ($input: ProductOptionRemoveInput!) { productOptionRemove(input: $input) { deletedId } }',
      { input: { productId: product.id, id: color!.id } },
    )
    expect(onlyError(refused)).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'id'],
      message: expect.stringContaining("delete variants until only one value of 'Color' is used"),
    })
    const fit = (await readCatalog(t, apiKey, product.id))!.options.find((o) => o.name === 'Fit')!
    const removed = await ok<{ deletedId: string; product: CatalogProduct }>(
      t,
      apiKey,
      'productOptionRemove',
      'deletedId product { options { name } variants { title } }',
      { productId: product.id, id: fit.id },
    )
    expect(removed.deletedId).toBe(fit.id)
    expect(removed.product.options.map((o) => o.name)).toEqual(['Color', 'Größe'])
    expect(removed.product.variants[0]).toEqual({ title: 'Red / Small' })
  })
})
