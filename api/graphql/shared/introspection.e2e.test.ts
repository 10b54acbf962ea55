import { getIntrospectionQuery } from 'graphql'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp, type Tenant } from '../../../test/support/app.js'
import { onlyError } from '../../../test/support/products.js'

// Introspection (GRAPHQL_INTROSPECTION, on by default): what GraphiQL, Postman and codegen send
// works for any key; copies of it multiplied by aliases, or nested to multiply the schema by
// itself, are refused; with the setting off, none of it runs.

const FULL = {
  descriptions: true,
  specifiedByUrl: true,
  directiveIsRepeatable: true,
  schemaDescription: true,
  inputValueDeprecation: true,
}

describe('with introspection on', () => {
  const t = useTestApp()
  let shop: Tenant
  let readOnly: string
  beforeAll(async () => {
    shop = await t.tenant('introspection-shop')
    readOnly = await t.key('introspection-shop', ['products:read'])
  })

  it.each([
    ['default options', {}],
    ['every option', FULL],
  ])(
    "runs graphql-js' standard introspection query with %s for any key, costed as the whole schema",
    async (_case, options) => {
      for (const key of [shop.apiKey, readOnly]) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/graphql',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          payload: JSON.stringify({ query: getIntrospectionQuery(options), operationName: 'IntrospectionQuery' }),
        })
        expect(response.statusCode).toBe(200)
        const body = response.json()
        expect(body.errors).toBeUndefined()
        expect(body.data.__schema.types.map((type: { name: string }) => type.name)).toContain('Product')
        expect(body.extensions.cost).toMatchObject({ requestedQueryCost: 100, actualQueryCost: 100 })
      }
    },
  )

  it('refuses 30 aliased copies of the schema by cost', async () => {
    const query = `{ ${Array.from({ length: 30 }, (_, i) => `s${i}: __schema { types { fields { type { ofType { name } } } } }`).join(' ')} }`
    const response = await t.gql(shop.apiKey, query)
    expect(response.data).toBeNull()
    expect(onlyError(response)).toMatchObject({
      code: 'QUERY_TOO_COMPLEX',
      message: expect.stringContaining('this query may cost 3000 points and one query may cost at most 1000'),
    })
  })

  it("refuses the schema's fields nested through their types' fields, and ofType chains past 20", async () => {
    const multiplied = '{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }'
    expect(onlyError(await t.gql(shop.apiKey, multiplied))).toEqual({
      code: 'QUERY_TOO_COMPLEX',
      message:
        "introspection nests 4 lists and may nest at most 3 (types, fields, args); read a field's type by name instead of its fields again",
    })
    const ofTypes = (n: number) =>
      `{ __type(name: "Product") { fields { type { ${'ofType { '.repeat(n)}name${' }'.repeat(n)} } } } }`
    expect((await t.gql(shop.apiKey, ofTypes(16))).errors).toBeUndefined()
    expect(onlyError(await t.gql(shop.apiKey, ofTypes(17)))).toEqual({
      code: 'QUERY_TOO_COMPLEX',
      message: 'introspection depth 21 exceeds the limit of 20; ask for fewer ofType levels',
    })
  })

  it('keeps the depth limit of 12 for data alongside introspection', async () => {
    const deep = `{ __typename category(id: "c") { ${'parent { '.repeat(11)}id${' }'.repeat(11)} } }`
    expect(onlyError(await t.gql(shop.apiKey, deep))).toMatchObject({
      code: 'QUERY_TOO_COMPLEX',
      message: 'query depth 13 exceeds the limit of 12; split it into several queries',
    })
  })
})

describe('with introspection off', () => {
  const t = useTestApp({ config: { graphqlIntrospection: false } })
  let shop: Tenant
  beforeAll(async () => {
    shop = await t.tenant('no-introspection-shop')
  })

  it('refuses the standard introspection query and __type alike', async () => {
    for (const [query, field] of [
      [getIntrospectionQuery(), '__schema'],
      ['{ __type(name: "Product") { name } }', '__type'],
    ] as const) {
      const response = await t.gql(shop.apiKey, query)
      expect(response.status).toBe(200)
      expect(response.data).toBeNull()
      expect(onlyError(response)).toEqual({
        code: 'BAD_USER_INPUT',
        message: `introspection is turned off on this server, so "${field}" cannot be queried; ask the operator for the schema`,
      })
    }
  })
})
