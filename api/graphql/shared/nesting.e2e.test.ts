import { describe, expect, it } from 'vitest'
import { useTestApp, useTenant } from '../../../test/support/app.js'

const t = useTestApp()
const shop = useTenant(t, 'nesting')

const deepList = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`

describe('bracket nesting of a document', () => {
  it('refuses a literal nested 10,000 deep with QUERY_TOO_COMPLEX before the parser runs out of stack', async () => {
    const query = `mutation { productAttributesSet(input: {productId: "01900000-0000-7000-8000-000000000000", values: [{code: "x", value: ${deepList(10_000)}}]}) { __typename } }`
    const response = await t.gql(shop.apiKey, query)
    expect(response.status).toBe(200)
    expect(response.errors).toEqual([
      { message: expect.stringContaining('more than 100 levels deep'), extensions: { code: 'QUERY_TOO_COMPLEX' } },
    ])
    const get = await t.app.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent(`{ products(filter: {tags: ${deepList(3_000)}}) { totalCount } }`)}`,
      headers: { authorization: `Bearer ${shop.apiKey}`, accept: 'application/json' },
    })
    expect(get.json()).toMatchObject({ errors: [{ extensions: { code: 'QUERY_TOO_COMPLEX' } }] })
  })

  it('counts no bracket inside strings, block strings and comments', async () => {
    const brackets = '[{('.repeat(200)
    const query = `# ${brackets}\n{ products(filter: {title: {eq: "${brackets}"}, vendor: {eq: """${brackets}"""}}) { totalCount } }`
    const response = await t.gql<{ products: { totalCount: number } }>(shop.apiKey, query)
    expect(response.errors).toBeUndefined()
    expect(response.data!.products.totalCount).toBe(0)
  })
})
