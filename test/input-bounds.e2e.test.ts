import { describe, expect, it } from 'vitest'
import { useTenant, useTestApp, type GraphQLResponse } from './support/app.js'
import { CREATE_PRODUCT, createProduct, onlyError } from './support/products.js'
import { contentMutation, createBlog } from './support/webstore-content.js'

// Issue 11, defects 2 (first half), 3, 6 and 7, through GraphQL: values no projection could store
// (year 0, NUL, unpaired surrogates), filter bombs and deep JSON are refused at the boundary
// with BAD_USER_INPUT, the field path and HTTP 200, and nothing is written.

const t = useTestApp()
const shop = useTenant(t, 'bounds-shop')

const PRODUCT_COUNT = '{ products { totalCount } }'

async function productCount(apiKey: string): Promise<number> {
  const response = await t.gql<{ products: { totalCount: number } }>(apiKey, PRODUCT_COUNT)
  expect(response.errors).toBeUndefined()
  return response.data!.products.totalCount
}

/** The refusal every case here must be: one BAD_USER_INPUT at `field`, HTTP 200, no internals. */
function expectRefused(response: GraphQLResponse<unknown>, field: (string | number)[], message: RegExp): void {
  expect(response.status).toBe(200)
  const error = onlyError(response)
  expect(error).toMatchObject({ code: 'BAD_USER_INPUT', field })
  expect(error.message).toMatch(message)
  expect(error.message).not.toMatch(/stack|internal/i)
}

/** `{and: [{and: [… {title: {eq: "x"}} …]}]}` nested `depth` levels. */
function nestedFilter(key: 'and' | 'or', depth: number): Record<string, unknown> {
  let filter: Record<string, unknown> = { title: { eq: 'x' } }
  for (let i = 0; i < depth; i++) filter = { [key]: [filter] }
  return filter
}

describe('date-times outside the years 1–9999 (defect 2)', () => {
  it('refuses productCreate with publishAt in year 0 at input.publishAt, and writes nothing', async () => {
    const before = await productCount(shop.apiKey)
    const response = await t.gql(shop.apiKey, CREATE_PRODUCT, {
      input: { title: 'Time Machine', status: 'DRAFT', publishAt: '0000-01-01T00:00:00Z' },
    })
    expectRefused(response, ['input', 'publishAt'], /^input\.publishAt must lie in the years 1 to 9999/)
    expect(await productCount(shop.apiKey)).toBe(before)
  })

  it('refuses the same date written in the document, and a date past 9999 in UTC', async () => {
    const literal = await t.gql(
      shop.apiKey,
      'mutation { productCreate(input: {title: "Lit", status: DRAFT, publishAt: "0000-01-01T00:00:00Z"}) { product { id } } }',
    )
    expectRefused(literal, ['input', 'publishAt'], /years 1 to 9999/)
    const late = await t.gql(shop.apiKey, CREATE_PRODUCT, {
      input: { title: 'Late', status: 'DRAFT', publishAt: '9999-12-31T23:00:00-05:00' },
    })
    expectRefused(late, ['input', 'publishAt'], /years 1 to 9999/)
  })

  it('refuses pageCreate and postCreate with publishAt in year 0', async () => {
    const page = await t.gql(shop.apiKey, contentMutation('pageCreate'), {
      input: { title: 'Old page', publishAt: '0000-01-01T00:00:00Z' },
    })
    expectRefused(page, ['input', 'publishAt'], /years 1 to 9999/)
    const blog = await createBlog(t, shop.apiKey, { title: 'News' })
    const post = await t.gql(shop.apiKey, contentMutation('postCreate'), {
      input: { blogId: blog.id, title: 'Old post', publishAt: '0000-01-01T00:00:00Z' },
    })
    expectRefused(post, ['input', 'publishAt'], /years 1 to 9999/)
  })

  it('refuses a DateTimeRangeFilter bound in year 0 instead of failing in SQL', async () => {
    const response = await t.gql(
      shop.apiKey,
      'query ($from: DateTime) { products(filter: {createdAt: {from: $from}}) { totalCount } }',
      { from: '0000-01-01T00:00:00Z' },
    )
    expectRefused(response, ['filter', 'createdAt', 'from'], /years 1 to 9999/)
  })

  it("leaves every other store's writes and reads working after the refusal", async () => {
    const other = await t.tenant('bounds-other')
    await t.gql(shop.apiKey, CREATE_PRODUCT, {
      input: { title: 'Time Machine', status: 'DRAFT', publishAt: '0000-01-01T00:00:00Z' },
    })
    const product = await createProduct(t, other.apiKey, { title: 'Plain Lamp' })
    const read = await t.gql<{ product: { title: string } }>(
      other.apiKey,
      'query ($id: ID) { product(id: $id) { title } }',
      { id: product.id },
    )
    expect(read.data).toEqual({ product: { title: 'Plain Lamp' } })
    expect(await createProduct(t, shop.apiKey, { title: 'Still Selling' })).toMatchObject({ title: 'Still Selling' })
  })
})

describe('NUL and unpaired surrogates in strings (defect 3)', () => {
  it('refuses them in a variable with the path into the input, and writes nothing', async () => {
    const before = await productCount(shop.apiKey)
    expectRefused(
      await t.gql(shop.apiKey, CREATE_PRODUCT, { input: { title: 'Bad\u0000Title' } }),
      ['input', 'title'],
      /^input\.title holds a NUL character/,
    )
    expectRefused(
      await t.gql(shop.apiKey, CREATE_PRODUCT, { input: { title: 'Lamp', tags: ['ok', '\ud800'] } }),
      ['input', 'tags', 1],
      /unpaired UTF-16 surrogate \(U\+D800\)/,
    )
    expect(await productCount(shop.apiKey)).toBe(before)
  })

  it('refuses them written in the document: a mutation input, a query filter, an ID', async () => {
    expectRefused(
      await t.gql(shop.apiKey, 'mutation { productCreate(input: {title: "a\\u0000b"}) { product { id } } }'),
      ['input', 'title'],
      /NUL/,
    )
    expectRefused(
      await t.gql(
        shop.apiKey,
        '{ products(filter: {or: [{title: {eq: "x"}}, {vendor: {in: ["y", "\\u0000"]}}]}) { totalCount } }',
      ),
      ['filter', 'or', 1, 'vendor', 'in', 1],
      /NUL/,
    )
    expectRefused(await t.gql(shop.apiKey, '{ product(id: "\\u0000") { id } }'), ['id'], /NUL/)
  })

  it('refuses them inside JSON values and keys, and in variables nested in a literal', async () => {
    const set =
      'mutation ($input: ProductAttributesSetInput!) { productAttributesSet(input: $input) { product { id } } }'
    const json = await t.gql(shop.apiKey, set, {
      input: {
        productId: '0190a000-0000-7000-8000-000000000000',
        values: [{ code: 'care', value: { note: ['x', 'y\u0000'] } }],
      },
    })
    expectRefused(json, ['input', 'values', 0, 'value', 'note', 1], /NUL/)
    const key = await t.gql(shop.apiKey, set, {
      input: { productId: '0190a000-0000-7000-8000-000000000000', values: [{ code: 'care', value: { '\udfff': 1 } }] },
    })
    expectRefused(key, ['input', 'values', 0, 'value', '\udfff'], /key that holds an unpaired/)
    const inner = await t.gql(
      shop.apiKey,
      'query ($t: String) { products(filter: {title: {eq: $t}}) { totalCount } }',
      { t: '\u0000' },
    )
    expectRefused(inner, ['filter', 'title', 'eq'], /NUL/)
  })

  it('takes well-formed text with emoji and other control characters', async () => {
    expect(await createProduct(t, shop.apiKey, { title: 'Lamp 😀 \u0001' })).toMatchObject({ title: 'Lamp 😀 \u0001' })
  })
})

describe('filter bombs (defect 6)', () => {
  const countProducts = (filter: unknown) =>
    t.gql(shop.apiKey, 'query ($filter: ProductFilter) { products(filter: $filter) { totalCount } }', { filter })

  it('refuses an or of 10,000 branches naming the limit', async () => {
    const or = Array.from({ length: 10_000 }, (_, i) => ({ title: { eq: `t${i}` } }))
    const response = await countProducts({ or })
    expectRefused(response, ['filter', 'or'], /at most 100 on each level/)
  })

  it('refuses an and nested 2,000 deep naming the limit, without a stack overflow', async () => {
    const response = await countProducts(nestedFilter('and', 2_000))
    expectRefused(response, ['filter', 'and', 0, 'and', 0, 'and', 0, 'and', 0, 'and', 0, 'and'], /at most 5 levels/)
  })

  it('refuses a sixth level written in the document, in every list (pages, audit log is flat)', async () => {
    const literal = (depth: number) => JSON.stringify(nestedFilter('or', depth)).replace(/"(\w+)":/g, '$1:')
    expectRefused(
      await t.gql(shop.apiKey, `{ pages(filter: ${literal(6)}) { totalCount } }`),
      ['filter', 'or', 0, 'or', 0, 'or', 0, 'or', 0, 'or', 0, 'or'],
      /at most 5 levels/,
    )
    const fine = await t.gql(shop.apiKey, `{ pages(filter: ${literal(5)}) { totalCount } }`)
    expect(fine.errors).toBeUndefined()
  })

  it('takes 100 branches on a level', async () => {
    const or = Array.from({ length: 100 }, (_, i) => ({ title: { eq: `t${i}` } }))
    const response = await countProducts({ or })
    expect(response.errors).toBeUndefined()
  })
})

describe('deep and long JSON (defect 7)', () => {
  const SET = 'mutation ($input: ProductAttributesSetInput!) { productAttributesSet(input: $input) { product { id } } }'

  it('refuses productAttributesSet with a value nested 10,000 deep at its path, and writes nothing', async () => {
    const product = await createProduct(t, shop.apiKey, { title: 'Deep Lamp' })
    // Written by hand: JSON.stringify itself overflows on a value this deep.
    const value = `${'['.repeat(10_000)}"leaf"${']'.repeat(10_000)}`
    const payload = `{"query": ${JSON.stringify(SET)}, "variables": {"input": {"productId": "${product.id}", "values": [{"code": "care", "value": ${value}}]}}}`
    const raw = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${shop.apiKey}` },
      payload,
    })
    const response = {
      status: raw.statusCode,
      ...(raw.json() as Omit<GraphQLResponse<unknown>, 'status' | 'headers'>),
      headers: raw.headers,
    }
    expect(response.status).toBe(200)
    const error = onlyError(response)
    expect(error.code).toBe('BAD_USER_INPUT')
    expect(error.field!.slice(0, 5)).toEqual(['input', 'values', 0, 'value', 0])
    expect(error.message).toMatch(/more than 32 levels/)
    const revision = await t.gql<{ product: { revision: number } }>(
      shop.apiKey,
      'query ($id: ID) { product(id: $id) { revision } }',
      { id: product.id },
    )
    expect(revision.data!.product.revision).toBe(product.revision)
  })

  it('refuses a JSON value longer than 64 KB, in a variable and in the document', async () => {
    const product = await createProduct(t, shop.apiKey, { title: 'Long Lamp' })
    const long = await t.gql(shop.apiKey, SET, {
      input: { productId: product.id, values: [{ code: 'care', value: 'x'.repeat(70_000) }] },
    })
    expectRefused(long, ['input', 'values', 0, 'value'], /longer than 65536 characters/)
    const nested = `[${'['.repeat(40)}1${']'.repeat(40)}]`
    const literal = await t.gql(
      shop.apiKey,
      `mutation { productAttributesSet(input: {productId: "${product.id}", values: [{code: "care", value: ${nested}}]}) { product { id } } }`,
    )
    expect(onlyError(literal)).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: expect.stringMatching(/more than 32 levels/),
    })
  })
})

describe('numbers to their column ranges (defect 2)', () => {
  it("refuses stock whose sum over a product's variants would overflow the integer column, and keeps projecting", async () => {
    const variants = ['S', 'M', 'L'].map((size) => ({
      price: '10',
      inventoryQuantity: 1_000_000_000,
      optionValues: [{ name: 'Size', value: size }],
    }))
    const input = { title: 'Stock Pile', options: [{ name: 'Size', values: ['S', 'M', 'L'] }], variants }
    const response = await t.gql(shop.apiKey, CREATE_PRODUCT, { input })
    expectRefused(response, ['input', 'variants', 0, 'inventoryQuantity'], /at most 10000000/)
    expect(await createProduct(t, shop.apiKey, { title: 'After The Pile' })).toMatchObject({ title: 'After The Pile' })
  })
})

describe('X-Store header', () => {
  it('answers NOT_FOUND for any store reference it cannot find: long, non-ASCII, almost a UUID', async () => {
    for (const reference of ['x'.repeat(5_000), 'ÿü-shop', '0190a000-0000-7000-8000-00000000000z', '%00']) {
      const response = await t.gql(shop.apiKey, PRODUCT_COUNT, undefined, { 'x-store': reference })
      expect(response.status).toBe(200)
      expect(onlyError(response).code).toBe('NOT_FOUND')
    }
  })
})

describe('list arguments that reach SQL', () => {
  it('refuses a search of more words than a statement should hold, in every list with search', async () => {
    const search = Array.from({ length: 5_000 }, (_, i) => `w${i}`).join(' ')
    for (const list of ['products', 'pages', 'categories', 'attributes']) {
      expectRefused(
        await t.gql(shop.apiKey, `query ($s: String) { ${list}(filter: {search: $s}) { totalCount } }`, { s: search }),
        ['filter', 'search'],
        /at most 32 words/,
      )
    }
  })

  it('takes an in-list longer than Postgres takes parameters', async () => {
    const titles = Array.from({ length: 70_000 }, (_, i) => `t${i}`)
    const response = await t.gql<{ products: { totalCount: number } }>(
      shop.apiKey,
      'query ($in: [String!]) { products(filter: {title: {in: $in}}) { totalCount } }',
      { in: titles },
    )
    expect(response.errors).toBeUndefined()
    expect(response.data!.products.totalCount).toBe(0)
  })

  it('refuses attribute range bounds numeric cannot hold and dates in year 0', async () => {
    const range = (min: string) =>
      t.gql(
        shop.apiKey,
        'query ($min: String) { products(filter: {attributes: [{code: "width", range: {min: $min}}]}) { totalCount } }',
        { min },
      )
    expectRefused(
      await range('1'.repeat(200_000)),
      ['filter', 'attributes', 0, 'range', 'min'],
      /at most 400 characters/,
    )
    expectRefused(await range('0000-01-01'), ['filter', 'attributes', 0, 'range', 'min'], /a date like/)
  })

  it('refuses more attribute conditions on a level than a statement should hold', async () => {
    // Three parameters each: 66,000 in all, past the 65,535 a statement takes, within the 1 MB body limit.
    const attributes = Array.from({ length: 22_000 }, () => ({ code: 'w', range: { min: '1', max: '2' } }))
    const response = await t.gql(
      shop.apiKey,
      'query ($a: [ProductAttributeFilter!]) { products(filter: {attributes: $a}) { totalCount } }',
      { a: attributes },
    )
    expectRefused(response, ['filter', 'attributes'], /at most 20 attribute conditions/)
  })
})
