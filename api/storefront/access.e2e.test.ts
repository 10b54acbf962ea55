import { describe, expect, it } from 'vitest'
import { startTestApp, useTestApp } from '../../test/support/app.js'
import { createStorefrontToken, storefrontQuery, useStorefrontShop } from '../../test/support/storefront-api.js'

// Who may call the public storefront API, from where, and how much.

const t = useTestApp({ config: { storefrontApiRateLimit: { bucket: 1_000, restorePerSecond: 1_000 } } })
const shop = useStorefrontShop(t, 'sfapi-access')
const SHOP = '{ shop { name } }'

describe('authentication', () => {
  it('answers a valid token of the store', async () => {
    const response = await shop.query(SHOP)
    expect(response).toMatchObject({ status: 200, data: { shop: { name: 'Store sfapi-access' } } })
    // A CDN in front of the store's host must not hand this answer to a request without the token.
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('refuses a missing, malformed or unknown token with 401 UNAUTHENTICATED', async () => {
    for (const candidate of [null, 'nope', `sfp_${'A'.repeat(43)}`]) {
      const response = await storefrontQuery(t, shop.host, candidate, SHOP)
      expect(response.status).toBe(401)
      expect(response.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
      expect(response.data).toBeNull()
    }
  })

  it("refuses another store's token exactly like an unknown one", async () => {
    const other = await t.tenant('sfapi-access-b')
    const theirs = (await createStorefrontToken(t, other.apiKey)).accessToken
    const foreign = await storefrontQuery(t, shop.host, theirs, SHOP)
    const unknown = await storefrontQuery(t, shop.host, `sfp_${'B'.repeat(43)}`, SHOP)
    expect(foreign.status).toBe(401)
    expect(foreign.errors).toEqual(unknown.errors)
    expect((await storefrontQuery(t, 'sfapi-access-b.localhost', theirs, SHOP)).status).toBe(200)
  })

  it('refuses a token from the request after it was revoked', async () => {
    const { id, accessToken } = await createStorefrontToken(t, shop.apiKey, 'Short-lived')
    expect((await storefrontQuery(t, shop.host, accessToken, SHOP)).status).toBe(200)
    const revoke = await t.gql(
      shop.apiKey,
      'mutation ($input: StorefrontTokenRevokeInput!) { storefrontTokenRevoke(input: $input) { eventPosition } }',
      { input: { id } },
    )
    expect(revoke.errors).toBeUndefined()
    const response = await storefrontQuery(t, shop.host, accessToken, SHOP)
    expect(response.status).toBe(401)
    expect(response.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
  })

  it('does not accept an admin API key', async () => {
    expect((await storefrontQuery(t, shop.host, shop.apiKey, SHOP)).status).toBe(401)
  })
})

describe('hosts and transport', () => {
  it("does not exist on the platform's host", async () => {
    const response = await storefrontQuery(t, 'localhost', shop.token, SHOP)
    expect(response.status).toBe(404)
    expect(response.errors?.[0]?.extensions.code).toBe('NOT_FOUND')
  })

  it('runs a query sent with GET', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/storefront/graphql?query=${encodeURIComponent(SHOP)}`,
      headers: { host: shop.host, 'x-storefront-access-token': shop.token },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ data: { shop: { name: 'Store sfapi-access' } } })
  })

  it('answers a CORS preflight from any origin and allows the token header', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/storefront/graphql',
      headers: {
        host: shop.host,
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-storefront-access-token',
      },
    })
    expect(response.statusCode).toBe(204)
    expect(response.headers['access-control-allow-origin']).toBe('*')
    expect(String(response.headers['access-control-allow-methods'])).toContain('POST')
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain(
      'x-storefront-access-token',
    )
    const answer = await shop.query(SHOP, undefined, { origin: 'https://shop.example' })
    expect(answer.headers['access-control-allow-origin']).toBe('*')
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined()
  })

  it('refuses a body that is not JSON with 400 BAD_REQUEST, and its example query runs here', async () => {
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/storefront/graphql',
        headers: { host: shop.host, 'content-type': 'application/json', 'x-storefront-access-token': shop.token },
        payload,
      })
    const refused = await post('{nope')
    expect(refused.statusCode).toBe(400)
    const [error] = refused.json().errors
    expect(error.extensions.code).toBe('BAD_REQUEST')
    const example = /such as (\{.*\})$/.exec(error.message)?.[1]
    const answered = await post(example!)
    expect(answered.json()).toMatchObject({ data: { __typename: 'Query' } })
  })

  it('refuses a body without a query with 400 BAD_REQUEST', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/storefront/graphql',
      headers: { host: shop.host, 'content-type': 'application/json', 'x-storefront-access-token': shop.token },
      payload: JSON.stringify({ query: 42 }),
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors[0].extensions.code).toBe('BAD_REQUEST')
  })
})

describe('schema', () => {
  it("has only the cart's mutations: any other fails validation", async () => {
    const response = await shop.query('mutation { productCreate(input: {title: "x"}) { id } }')
    expect(response.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
    expect(response.data).toBeNull()
    const introspection = await shop.query<{ __schema: { mutationType: null; queryType: { name: string } } }>(
      '{ __schema { mutationType { name } queryType { name } } }',
    )
    expect(introspection.data!.__schema).toEqual({ mutationType: { name: 'Mutation' }, queryType: { name: 'Query' } })
  })

  it('refuses text no store can hold (a NUL), in a literal or a variable, with BAD_USER_INPUT at the argument', async () => {
    const literal = await shop.query('{ product(handle: "a\\u0000b") { id } }')
    expect(literal.status).toBe(200)
    expect(literal.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', field: ['handle'] })
    const variable = await shop.query('query ($q: String) { products(first: 5, query: $q) { nodes { id } } }', {
      q: 'tee\u0000',
    })
    expect(variable.status).toBe(200)
    expect(variable.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', field: ['query'] })
  })

  it('refuses a query too deep or with too many nested list items with QUERY_TOO_COMPLEX', async () => {
    const deep = `{ menu(handle: "x") { items { items { items { items { items { items { items { items { items { items { items { items { title } } } } } } } } } } } } } }`
    expect((await shop.query(deep)).errors?.[0]?.extensions.code).toBe('QUERY_TOO_COMPLEX')
    const wide = '{ collections(first: 250) { nodes { products(first: 250) { nodes { id } } } } }'
    const response = await shop.query(wide)
    expect(response.errors?.[0]).toMatchObject({
      extensions: { code: 'QUERY_TOO_COMPLEX' },
      message: expect.stringContaining('62750'),
    })
  })
})

describe('maintenance', () => {
  const SETTINGS =
    'mutation ($input: GlobalSettingsUpdateInput!) { globalSettingsUpdate(input: $input) { eventPosition } }'
  const maintenance = async (apiKey: string, value: Record<string, unknown>) => {
    const response = await t.gql(apiKey, SETTINGS, { input: { maintenance: value } })
    expect(response.errors).toBeUndefined()
  }

  it('closes reads, carts and checkout with 503 SERVICE_UNAVAILABLE and Retry-After, of this store only', async () => {
    const other = await t.tenant('sfapi-access-open')
    const theirs = (await createStorefrontToken(t, other.apiKey)).accessToken
    await maintenance(shop.apiKey, { enabled: true, message: 'Back at noon' })
    try {
      for (const document of [SHOP, 'mutation { cartCreate(input: {}) { cart { id } } }']) {
        const closed = await shop.query(document)
        expect(closed.status).toBe(503)
        expect(closed.headers['retry-after']).toBe('300')
        expect(closed.data).toBeNull()
        expect(closed.errors?.[0]).toMatchObject({
          message: expect.stringContaining('Back at noon'),
          extensions: { code: 'SERVICE_UNAVAILABLE', retryAfter: 300 },
        })
      }
      // A bad token still learns nothing but 401; another store stays open.
      expect((await storefrontQuery(t, shop.host, 'nope', SHOP)).status).toBe(401)
      expect((await storefrontQuery(t, 'sfapi-access-open.localhost', theirs, SHOP)).status).toBe(200)
    } finally {
      await maintenance(shop.apiKey, { enabled: false })
    }
    expect((await shop.query(SHOP)).status).toBe(200)
  })
})

describe('rate limit', () => {
  it('answers 429 RATE_LIMITED with Retry-After once an address has spent its bucket', async () => {
    const limited = await startTestApp({ config: { storefrontApiRateLimit: { bucket: 2, restorePerSecond: 0.01 } } })
    try {
      const tenant = await limited.tenant('sfapi-limited')
      const { accessToken } = await createStorefrontToken(limited, tenant.apiKey)
      const send = () =>
        storefrontQuery(limited, 'sfapi-limited.localhost', accessToken, SHOP, undefined, {
          'x-forwarded-for': '203.0.113.9',
        })
      expect((await send()).status).toBe(200)
      expect((await send()).status).toBe(200)
      const refused = await send()
      expect(refused.status).toBe(429)
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
      expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) })
      expect(refused.headers['access-control-allow-origin']).toBe('*')
    } finally {
      await limited.close()
    }
  })
})
