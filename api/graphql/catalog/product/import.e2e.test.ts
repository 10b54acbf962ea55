import { describe, expect, it } from 'vitest'
import { useTestApp, useTenant } from '../../../../test/support/app.js'
import { stageUpload, useFileMedia } from '../../../../test/support/media.js'
import { onlyError, oneOption, type Product } from '../../../../test/support/products.js'

const IMPORT = `mutation ($input: ProductsImportInput!) { productsImport(input: $input) {
  report { lines created updated unchanged dryRun rejected { line code field message } } eventPosition } }`

interface Report {
  lines: number
  created: number
  updated: number
  unchanged: number
  dryRun: boolean
  rejected: { line: number; code: string; field: string[]; message: string }[]
}
type ImportData = { productsImport: { report: Report; eventPosition: string | null } }

const t = useTestApp()
useFileMedia(t)
const shop = useTenant(t, 'import-shop')
const other = useTenant(t, 'import-other')

const stage = (apiKey: string, text: string) =>
  stageUpload(t, apiKey, { filename: 'catalog.ndjson', mimeType: 'application/x-ndjson', bytes: Buffer.from(text) })

async function runImport(apiKey: string, text: string, dryRun = false) {
  return t.gql<ImportData>(apiKey, IMPORT, { input: { stagedUploadId: await stage(apiKey, text), dryRun } })
}

/** Every event of the store, reservations included: what "appends nothing" is checked against. */
async function storeEvents(storeId: string): Promise<number> {
  let count = 0
  let from: string | null = null
  for (;;) {
    const events = await t.platform.eventStore.readAll({ from, filter: { scopeId: storeId }, limit: 1000 })
    if (events.length === 0) return count
    count += events.length
    from = events.at(-1)!.position
  }
}

async function productByHandle(apiKey: string, handle: string): Promise<Product | null> {
  const response = await t.gql<{ product: Product | null }>(
    apiKey,
    'query ($h: String) { product(handle: $h) { id title handle status tags description } }',
    { h: handle },
  )
  return response.data?.product ?? null
}

const FILE = [
  JSON.stringify({ title: 'Import Shirt', handle: 'import-shirt', tags: ['cotton'], description: 'Soft' }),
  '{ not json',
  JSON.stringify({ title: '', handle: 'import-empty' }),
  '',
  JSON.stringify({ title: 'Import Hat' }),
  JSON.stringify({ title: 'Import Scarf', handle: 'Bad Handle' }),
  '[1, 2]',
  JSON.stringify({ title: 'Import Sock', colour: 'red' }),
].join('\n')

describe('productsImport', () => {
  it('creates the good lines and reports each bad one with its line number and field', async () => {
    const response = await runImport(shop.apiKey, `${FILE}\n`)
    expect(response.errors).toBeUndefined()
    const { report, eventPosition } = response.data!.productsImport
    expect(report).toMatchObject({ lines: 7, created: 2, updated: 0, unchanged: 0, dryRun: false })
    expect(eventPosition).not.toBeNull()
    expect(report.rejected.map((r) => [r.line, r.code, r.field])).toEqual([
      [2, 'BAD_USER_INPUT', []],
      [3, 'BAD_USER_INPUT', ['title']],
      [6, 'BAD_USER_INPUT', ['handle']],
      [7, 'BAD_USER_INPUT', []],
      [8, 'BAD_USER_INPUT', []],
    ])
    expect(report.rejected[0]!.message).toMatch(/^line 2 is not JSON/)
    expect(report.rejected[1]!.message).toBe('title must not be empty')
    expect(report.rejected[4]!.message).toMatch(/does not take colour/)
    expect(await productByHandle(shop.apiKey, 'import-shirt')).toMatchObject({
      title: 'Import Shirt',
      tags: ['cotton'],
      description: 'Soft',
    })
    // No handle given: the title's, as productCreate makes it, which is what a re-import matches on.
    expect(await productByHandle(shop.apiKey, 'import-hat')).toMatchObject({ title: 'Import Hat' })
    expect(await productByHandle(other.apiKey, 'import-shirt')).toBeNull()
  })

  it('appends nothing when the same file is imported again', async () => {
    const before = await storeEvents(shop.storeId)
    const response = await runImport(shop.apiKey, FILE)
    expect(response.data!.productsImport).toMatchObject({
      report: { created: 0, updated: 0, unchanged: 2 },
      eventPosition: null,
    })
    expect(response.data!.productsImport.report.rejected).toHaveLength(5)
    expect(await storeEvents(shop.storeId)).toBe(before)
  })

  it('updates only what changed on a product matched by handle', async () => {
    const text = [
      JSON.stringify({
        title: 'Import Shirt',
        handle: 'import-shirt',
        tags: ['cotton', 'summer'],
        description: 'Soft',
      }),
      JSON.stringify({ title: 'Import Hat' }),
    ].join('\n')
    const before = await storeEvents(shop.storeId)
    const response = await runImport(shop.apiKey, text)
    expect(response.data!.productsImport.report).toMatchObject({
      lines: 2,
      created: 0,
      updated: 1,
      unchanged: 1,
      rejected: [],
    })
    // One ProductTagsChanged, nothing else.
    expect(await storeEvents(shop.storeId)).toBe(before + 1)
    expect(await productByHandle(shop.apiKey, 'import-shirt')).toMatchObject({ tags: ['cotton', 'summer'] })
  })

  it('on a dry run checks every line, writes nothing and keeps the staged file', async () => {
    const before = await storeEvents(shop.storeId)
    const text = [
      JSON.stringify({ title: 'Dry Product' }),
      JSON.stringify({ title: 'Import Hat', status: 'NOPE' }),
    ].join('\n')
    const stagedUploadId = await stage(shop.apiKey, text)
    const dry = await t.gql<ImportData>(shop.apiKey, IMPORT, { input: { stagedUploadId, dryRun: true } })
    expect(dry.data!.productsImport.report).toMatchObject({
      dryRun: true,
      created: 1,
      rejected: [{ line: 2, field: ['status'] }],
    })
    expect(await storeEvents(shop.storeId)).toBe(before)
    const real = await t.gql<ImportData>(shop.apiKey, IMPORT, { input: { stagedUploadId } })
    expect(real.data!.productsImport.report).toMatchObject({ dryRun: false, created: 1 })
    expect(await productByHandle(shop.apiKey, 'dry-product')).toMatchObject({ title: 'Dry Product' })
  })

  it("refuses another store's staged file, an unknown one, and keys without products:write", async () => {
    const foreign = await stage(other.apiKey, JSON.stringify({ title: 'Foreign' }))
    const stolen = await t.gql(shop.apiKey, IMPORT, { input: { stagedUploadId: foreign } })
    expect(onlyError(stolen)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'stagedUploadId'] })
    const unknown = await t.gql(shop.apiKey, IMPORT, {
      input: { stagedUploadId: '0190a000-0000-7000-8000-000000000000' },
    })
    expect(onlyError(unknown)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'stagedUploadId'] })
    const readOnly = await t.key('import-shop', ['products:read'])
    expect(onlyError(await t.gql(readOnly, IMPORT, { input: { stagedUploadId: foreign } }))).toMatchObject({
      code: 'FORBIDDEN',
    })
  })

  it('adds products to categories named by handle path, and refuses an unknown path', async () => {
    const men = await t.gql<{ categoryCreate: { category: { id: string } } }>(
      shop.apiKey,
      'mutation ($i: CategoryCreateInput!) { categoryCreate(input: $i) { category { id } } }',
      { i: { title: 'Men', handle: 'men' } },
    )
    const menId = men.data!.categoryCreate.category.id
    await t.gql(shop.apiKey, 'mutation ($i: CategoryCreateInput!) { categoryCreate(input: $i) { category { id } } }', {
      i: { title: 'Shirts', handle: 'shirts', parentId: menId },
    })
    const text = [
      JSON.stringify({ title: 'Oxford Shirt', categories: ['men/shirts'] }),
      JSON.stringify({ title: 'Lost Shirt', categories: ['men/socks'] }),
    ].join('\n')
    const first = await runImport(shop.apiKey, text)
    expect(first.data!.productsImport.report).toMatchObject({
      created: 1,
      rejected: [{ line: 2, field: ['categories', '0'] }],
    })
    const listed = await t.gql<{ products: { nodes: { handle: string }[] } }>(
      shop.apiKey,
      'query ($f: ProductFilter) { products(filter: $f) { nodes { handle } } }',
      { f: { category: { id: menId } } },
    )
    expect(listed.data!.products.nodes.map((n) => n.handle)).toEqual(['oxford-shirt'])
    const before = await storeEvents(shop.storeId)
    const again = await runImport(shop.apiKey, text)
    expect(again.data!.productsImport.report).toMatchObject({ created: 0, unchanged: 1 })
    expect(await storeEvents(shop.storeId)).toBe(before)
  })

  it('matches variants by SKU and sets attributes; the same file again appends nothing', async () => {
    const attribute = await t.gql(
      shop.apiKey,
      'mutation ($i: AttributeCreateInput!) { attributeCreate(input: $i) { attribute { id } } }',
      { i: { code: 'fabric', name: 'Fabric', type: 'TEXT' } },
    )
    expect(attribute.errors).toBeUndefined()
    const line = (mPrice: string) =>
      JSON.stringify({
        title: 'Variant Tee',
        handle: 'variant-tee',
        ...oneOption('Size', {
          S: { price: '10.00', sku: 'VT-S', inventoryQuantity: 3 },
          M: { price: mPrice, sku: 'VT-M' },
        }),
        attributes: [{ code: 'fabric', value: 'cotton' }],
      })
    const first = await runImport(shop.apiKey, line('12.00'))
    expect(first.data!.productsImport.report).toMatchObject({ created: 1, rejected: [] })
    const before = await storeEvents(shop.storeId)
    const again = await runImport(shop.apiKey, line('12.00'))
    expect(again.data!.productsImport).toMatchObject({
      report: { created: 0, updated: 0, unchanged: 1, rejected: [] },
      eventPosition: null,
    })
    expect(await storeEvents(shop.storeId)).toBe(before)

    const repriced = await runImport(shop.apiKey, line('13.50'))
    expect(repriced.data!.productsImport.report).toMatchObject({ updated: 1, rejected: [] })
    const variants = await t.gql<{ product: { variants: { sku: string; price: { amount: string } }[] } }>(
      shop.apiKey,
      'query { product(handle: "variant-tee") { variants { sku price { amount } } } }',
    )
    expect(variants.data!.product.variants.map((v) => [v.sku, v.price.amount])).toEqual([
      ['VT-S', '10.00'],
      ['VT-M', '13.50'],
    ])

    // A variant without a SKU cannot be matched on an existing product: the line says which one.
    const unmatched = JSON.stringify({ title: 'Variant Tee', handle: 'variant-tee', variants: [{ price: '1.00' }] })
    expect((await runImport(shop.apiKey, unmatched)).data!.productsImport.report.rejected).toMatchObject([
      { line: 1, field: ['variants', '0', 'sku'] },
    ])
  })
})

describe('productsImport dry run', () => {
  it('reports exactly what the real run then does, new products in categories included, and writes nothing', async () => {
    const created = await t.gql<{ categoryCreate: { category: { id: string } } }>(
      shop.apiKey,
      'mutation ($i: CategoryCreateInput!) { categoryCreate(input: $i) { category { id } } }',
      {
        i: { title: 'Kitchen', handle: 'kitchen' },
      },
    )
    expect(created.errors).toBeUndefined()
    const text = [
      JSON.stringify({ title: 'Dry Kettle', categories: ['kitchen'] }),
      JSON.stringify({
        title: 'Dry Apron',
        categories: ['kitchen'],
        options: [{ name: 'Colour', values: ['Red', 'Blue'] }],
        variants: [
          { price: '20.00', sku: 'DRY-APRON-RED', optionValues: [{ name: 'Colour', value: 'Red' }] },
          { price: '21.00', optionValues: [{ name: 'Colour', value: 'Blue' }] },
        ],
      }),
      JSON.stringify({ title: 'Dry Spoon', categories: ['kitchen/none'] }),
      JSON.stringify({ title: 'Dry Fork', variants: [{ price: 'free' }] }),
      // The same handle as line 1: the real run updates what line 1 created, and so must the dry run.
      JSON.stringify({ title: 'Dry Kettle', handle: 'dry-kettle', tags: ['steel'] }),
      JSON.stringify({ title: 'Import Hat' }),
    ].join('\n')
    const stagedUploadId = await stage(shop.apiKey, text)
    const before = await storeEvents(shop.storeId)
    const dry = await t.gql<ImportData>(shop.apiKey, IMPORT, { input: { stagedUploadId, dryRun: true } })
    expect(dry.errors).toBeUndefined()
    expect(dry.data!.productsImport.eventPosition).toBeNull()
    expect(await storeEvents(shop.storeId)).toBe(before)
    expect(await productByHandle(shop.apiKey, 'dry-kettle')).toBeNull()

    const real = await t.gql<ImportData>(shop.apiKey, IMPORT, { input: { stagedUploadId } })
    expect(real.errors).toBeUndefined()
    const report = real.data!.productsImport.report
    expect(report).toMatchObject({ lines: 6, created: 2, updated: 1, unchanged: 1, dryRun: false })
    expect(report.rejected.map((r) => [r.line, r.field])).toEqual([
      [3, ['categories', '0']],
      [4, ['variants', '0', 'price']],
    ])
    expect(dry.data!.productsImport.report).toEqual({ ...report, dryRun: true })
    expect(await storeEvents(shop.storeId)).toBeGreaterThan(before)
    expect(await productByHandle(shop.apiKey, 'dry-kettle')).toMatchObject({ tags: ['steel'] })
  })
})

describe('productsImport of variants without SKUs', () => {
  const VARIANTS =
    'query ($h: String) { product(handle: $h) { variants { sku price { amount } optionValues { value } } } }'
  const line = (blue: string) =>
    JSON.stringify({
      title: 'Plain Mug',
      handle: 'plain-mug',
      ...oneOption('Colour', { White: { price: '8.00' }, Blue: { price: blue } }),
    })

  it('matches them by option values: the same file again is unchanged and appends nothing', async () => {
    expect((await runImport(shop.apiKey, line('9.00'))).data!.productsImport.report).toMatchObject({
      created: 1,
      rejected: [],
    })
    const before = await storeEvents(shop.storeId)
    const again = await runImport(shop.apiKey, line('9.00'))
    expect(again.data!.productsImport).toEqual({
      report: { lines: 1, created: 0, updated: 0, unchanged: 1, dryRun: false, rejected: [] },
      eventPosition: null,
    })
    expect(await storeEvents(shop.storeId)).toBe(before)
  })

  it('updates the variant whose option values a line names when its price changes', async () => {
    const before = await storeEvents(shop.storeId)
    const repriced = await runImport(shop.apiKey, line('9.50'))
    expect(repriced.data!.productsImport.report).toMatchObject({ updated: 1, unchanged: 0, rejected: [] })
    // One ProductVariantPriceChanged: no variant added.
    expect(await storeEvents(shop.storeId)).toBe(before + 1)
    const product = await t.gql<{
      product: { variants: { sku: string; price: { amount: string }; optionValues: { value: string }[] }[] }
    }>(shop.apiKey, VARIANTS, { h: 'plain-mug' })
    expect(product.data!.product.variants.map((v) => [v.optionValues[0]!.value, v.sku, v.price.amount])).toEqual([
      ['White', '', '8.00'],
      ['Blue', '', '9.50'],
    ])
  })
})
