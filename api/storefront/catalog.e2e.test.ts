import { beforeAll, describe, expect, it } from 'vitest'
import { sourceDigest } from '../../domain/webstore/translation/digest.js'
import { useTestApp } from '../../test/support/app.js'
import { setCommerce } from '../../test/support/cart.js'
import { createCollection, foreignCatalog } from '../../test/support/collections.js'
import { ok } from '../../test/support/menus.js'
import { createProduct, oneOption } from '../../test/support/products.js'
import { useStorefrontShop } from '../../test/support/storefront-api.js'

// The catalog as a headless front end reads it: the rendered storefront's visibility rule and
// translations, another store's handles unseen.

const t = useTestApp()
const shop = useStorefrontShop(t, 'sfapi-cat')
const ids = new Map<string, string>()

const ADD = 'mutation ($input: CollectionProductsAddInput!) { collectionProductsAdd(input: $input) { eventPosition } }'
const STORE_UPDATE = 'mutation ($input: StoreUpdateInput!) { storeUpdate(input: $input) { eventPosition } }'
const REGISTER =
  'mutation ($input: TranslationsRegisterInput!) { translationsRegister(input: $input) { eventPosition } }'

async function product(handle: string, input: Record<string, unknown>) {
  ids.set(handle, (await createProduct(t, shop.apiKey, { handle, status: 'ACTIVE', ...input })).id)
}

async function translate(resourceId: string, locale: string, source: string, value: string) {
  const translations = [{ key: 'title', value, sourceDigest: sourceDigest(source) }]
  await ok(t, shop.apiKey, REGISTER, { resourceId, locale, translations }, 'translationsRegister')
}

beforeAll(async () => {
  await ok(t, shop.apiKey, STORE_UPDATE, { enabledLocales: ['en', 'fr', 'fr-CA'] }, 'storeUpdate')
  await setCommerce(t, shop.apiKey, true)
  await product('red-tee', {
    title: 'Red Tee',
    vendor: 'Acme',
    tags: ['summer'],
    description: '<p>A <strong>red</strong> tee.</p>',
    ...oneOption('Size', {
      S: { price: '10.00', sku: 'TEE-R-S', inventoryQuantity: 5 },
      M: { price: '12.50', sku: 'TEE-R-M', inventoryQuantity: 0 },
    }),
  })
  await product('blue-tee', { title: 'Blue Tee', vendor: 'Zed', tags: ['winter'], variants: [{ price: '20.00' }] })
  await product('green-cap', { title: 'Green Cap', status: 'DRAFT', variants: [{ price: '5.00' }] })
  await translate(ids.get('red-tee')!, 'fr', 'Red Tee', 'T-shirt rouge')
  await translate(ids.get('blue-tee')!, 'fr', 'Blue Tee', 'T-shirt bleu')
  await translate(ids.get('blue-tee')!, 'fr-CA', 'Blue Tee', 'Chandail bleu')
  const summer = await createCollection(t, shop.apiKey, { title: 'Summer', handle: 'summer' })
  const productIds = ['red-tee', 'green-cap', 'blue-tee'].map((h) => ids.get(h))
  await ok(t, shop.apiKey, ADD, { collectionId: summer.id, productIds }, 'collectionProductsAdd')
  await createCollection(t, shop.apiKey, { title: 'Secret', handle: 'secret', status: 'DRAFT' })
  await foreignCatalog(t, 'sfapi-cat-other')
})

describe('shop', () => {
  it('names the store, its locales and currency', async () => {
    const response = await shop.query<{ shop: unknown }>('{ shop { name primaryLocale locales currency } }')
    expect(response.status).toBe(200)
    expect(response.data!.shop).toEqual({
      name: 'Store sfapi-cat',
      primaryLocale: 'en',
      locales: ['en', 'fr', 'fr-CA'],
      currency: 'USD',
    })
  })
})

describe('product', () => {
  const PRODUCT = `query ($handle: String!, $locale: String) { product(handle: $handle, locale: $locale) {
    handle title description vendor tags availableForSale seo { title }
    priceRange { minVariantPrice { amount currencyCode } maxVariantPrice { amount } }
    options { name values } variants { sku availableForSale price { amount } selectedOptions { name value } } } }`

  it('serves an ACTIVE product with variants, options, availability and its price range', async () => {
    const response = await shop.query<{ product: unknown }>(PRODUCT, { handle: 'red-tee' })
    expect(response.data!.product).toEqual({
      handle: 'red-tee',
      title: 'Red Tee',
      description: '<p>A <strong>red</strong> tee.</p>',
      vendor: 'Acme',
      tags: ['summer'],
      availableForSale: true,
      seo: { title: 'Red Tee' },
      priceRange: { minVariantPrice: { amount: '10.00', currencyCode: 'USD' }, maxVariantPrice: { amount: '12.50' } },
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        {
          sku: 'TEE-R-S',
          availableForSale: true,
          price: { amount: '10.00' },
          selectedOptions: [{ name: 'Size', value: 'S' }],
        },
        {
          sku: 'TEE-R-M',
          availableForSale: false,
          price: { amount: '12.50' },
          selectedOptions: [{ name: 'Size', value: 'M' }],
        },
      ],
    })
  })

  it.each([
    ['a DRAFT product', 'green-cap'],
    ["another store's product", 'other-tee'],
    ['a missing product', 'nothing'],
  ])('answers %s with null, no error', async (_, handle) => {
    const response = await shop.query<{ product: unknown }>('query ($h: String!) { product(handle: $h) { id } }', {
      h: handle,
    })
    expect(response).toMatchObject({ status: 200, data: { product: null }, errors: undefined })
  })

  it('falls back from fr-CA to fr, then to the source text', async () => {
    const titles = async (locale: string) =>
      Promise.all(
        ['red-tee', 'blue-tee'].map(async (handle) => {
          const response = await shop.query<{ product: { title: string } }>(PRODUCT, { handle, locale })
          return response.data!.product.title
        }),
      )
    expect(await titles('fr-CA')).toEqual(['T-shirt rouge', 'Chandail bleu'])
    expect(await titles('fr')).toEqual(['T-shirt rouge', 'T-shirt bleu'])
    expect(await titles('en')).toEqual(['Red Tee', 'Blue Tee'])
  })

  it('refuses a locale the store does not offer with BAD_USER_INPUT', async () => {
    const response = await shop.query(PRODUCT, { handle: 'red-tee', locale: 'de' })
    expect(response.errors?.[0]).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', field: ['locale'] },
      message: expect.stringContaining('en, fr, fr-CA'),
    })
  })
})

describe('products', () => {
  type Products = { products: { nodes: { handle: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string } } }
  const PRODUCTS = `query ($first: Int, $after: String, $last: Int, $query: String, $sortKey: ProductSortKey, $filters: ProductFilters) {
    products(first: $first, after: $after, last: $last, query: $query, sortKey: $sortKey, filters: $filters) {
      nodes { handle } pageInfo { hasNextPage endCursor } } }`
  const handles = async (variables: Record<string, unknown>) =>
    (await shop.query<Products>(PRODUCTS, variables)).data!.products.nodes.map((node) => node.handle)

  it('lists visible products only, sorted, in pages', async () => {
    expect(await handles({ sortKey: 'TITLE_ASC' })).toEqual(['blue-tee', 'red-tee'])
    const first = await shop.query<Products>(PRODUCTS, { first: 1, sortKey: 'PRICE_DESC' })
    expect(first.data!.products.nodes.map((n) => n.handle)).toEqual(['blue-tee'])
    expect(first.data!.products.pageInfo.hasNextPage).toBe(true)
    expect(await handles({ first: 1, after: first.data!.products.pageInfo.endCursor, sortKey: 'PRICE_DESC' })).toEqual([
      'red-tee',
    ])
    expect(await handles({ last: 1, sortKey: 'TITLE_ASC' })).toEqual(['red-tee'])
  })

  it('searches and filters by vendor, tag and price', async () => {
    expect(await handles({ query: 'red' })).toEqual(['red-tee'])
    expect(await handles({ query: 'cap' })).toEqual([])
    expect(await handles({ filters: { vendor: ['Zed'] } })).toEqual(['blue-tee'])
    expect(await handles({ filters: { tags: ['summer'] } })).toEqual(['red-tee'])
    expect(await handles({ filters: { price: { min: '15' } } })).toEqual(['blue-tee'])
  })

  it('counts facets over the visible products, each without its own choice', async () => {
    const response = await shop.query<{ products: { facets: unknown } }>(
      '{ products(first: 1, filters: { tags: ["summer"] }) { facets { totalCount tags { value count } price { min { amount } max { amount } } } } }',
    )
    expect(response.data!.products.facets).toEqual({
      totalCount: 1,
      tags: [
        { value: 'summer', count: 1 },
        { value: 'winter', count: 1 },
      ],
      price: { min: { amount: '10.00' }, max: { amount: '12.50' } },
    })
  })

  it('refuses more than 250 per page with BAD_USER_INPUT', async () => {
    const response = await shop.query(PRODUCTS, { first: 251 })
    expect(response.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
  })
})

describe('collections', () => {
  const COLLECTION = `query ($handle: String!, $locale: String) { collection(handle: $handle, locale: $locale) {
    handle title products(first: 10) { nodes { handle title } } } }`

  it('serves a published collection with its visible products in its order, translated', async () => {
    const response = await shop.query<{ collection: unknown }>(COLLECTION, { handle: 'summer', locale: 'fr' })
    expect(response.data!.collection).toEqual({
      handle: 'summer',
      title: 'Summer',
      products: {
        nodes: [
          { handle: 'red-tee', title: 'T-shirt rouge' },
          { handle: 'blue-tee', title: 'T-shirt bleu' },
        ],
      },
    })
  })

  it.each(['secret', 'other-collection', 'none'])(
    'answers collection %s (draft, other store, missing) with null',
    async (handle) => {
      expect((await shop.query<{ collection: unknown }>(COLLECTION, { handle })).data).toEqual({ collection: null })
    },
  )

  it('lists published collections only', async () => {
    const response = await shop.query<{ collections: { nodes: { handle: string }[] } }>(
      '{ collections { nodes { handle } } }',
    )
    expect(response.data!.collections.nodes).toEqual([{ handle: 'summer' }])
  })
})

describe('catalog mode (commerce off)', () => {
  it('shows no price and nothing for sale, and refuses to filter or sort by price', async () => {
    await setCommerce(t, shop.apiKey, false)
    const response = await shop.query<{ product: unknown }>(
      '{ product(handle: "red-tee") { availableForSale priceRange { minVariantPrice { amount } } variants { availableForSale price { amount } compareAtPrice { amount } } } }',
    )
    expect(response.data!.product).toEqual({
      availableForSale: false,
      priceRange: null,
      variants: [
        { availableForSale: false, price: null, compareAtPrice: null },
        { availableForSale: false, price: null, compareAtPrice: null },
      ],
    })
    const filtered = await shop.query('{ products(filters: { price: { min: "1" } }) { nodes { id } } }')
    expect(filtered.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: ['filters', 'price'] })
    const sorted = await shop.query('{ products(sortKey: PRICE_ASC) { nodes { id } } }')
    expect(sorted.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: ['sortKey'] })
  })
})
