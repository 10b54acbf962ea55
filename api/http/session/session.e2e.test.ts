import { beforeAll, describe, expect, it } from 'vitest'
import { secretTables } from '../../../app/auth/account-tables.js'
import { postGraphQL, useTestApp } from '../../../test/support/app.js'
import { onlyError } from '../../../test/support/products.js'
import {
  LOGIN,
  PASSWORD,
  SIGN_UP,
  createStore,
  sessionGql,
  signUp,
  type BrowserSession,
} from '../../../test/support/session.js'

// The session cookie in the request path: its attributes, expiry, and CSRF protection.

// Stores under shops.localhost, so a sibling name such as admin.localhost is the admin's, not a store's host.
const t = useTestApp({ config: { platformHost: 'shops.localhost' } })
let owner: BrowserSession
let store: { id: string; slug: string }
beforeAll(async () => {
  owner = await signUp(t, 'csrf-owner@example.com')
  store = await createStore(t, owner, 'csrf-shop')
})

const CREATE_KEY =
  'mutation { apiKeyCreate(input: { name: "planted", scopes: ["products:write"], storeIds: null }) { secret } }'
const keyCount = async () =>
  (
    await sessionGql<{ apiKeys: { totalCount: number } }>(
      t,
      owner.cookie,
      '{ apiKeys(filter: { name: { eq: "planted" } }) { totalCount } }',
    )
  ).data!.apiKeys.totalCount

describe('the session cookie', () => {
  it('is __Host-, Secure, HttpOnly, SameSite=Lax and Path=/ anywhere but plain-http localhost', async () => {
    const response = await postGraphQL(
      t.app,
      JSON.stringify({
        query: SIGN_UP,
        variables: { input: { email: 'secure@example.com', password: PASSWORD, organizationName: 'Secure' } },
      }),
      { host: 'admin.example.com' },
    )
    expect(response.statusCode).toBe(200)
    const cookie = String(response.headers['set-cookie'])
    expect(cookie).toMatch(
      /^__Host-emporium_session=[A-Za-z0-9_-]{43}; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax; Secure$/,
    )
    expect(cookie).not.toContain('Domain')

    const viewer = (cookieHeader: string, host: string) =>
      postGraphQL(t.app, JSON.stringify({ query: '{ viewer { role } }' }), { host, cookie: cookieHeader })
    const pair = cookie.split(';')[0]!
    expect((await viewer(pair, 'admin.example.com')).statusCode).toBe(200)
    // Off localhost the bare name is not read: a sibling subdomain could have planted it.
    expect((await viewer(pair.replace('__Host-', ''), 'admin.example.com')).statusCode).toBe(401)
  })

  it.each(['admin.localhost:8080', '127.0.0.1:8080'])(
    'is the bare name without Secure on plain-http %s, as on localhost, and carries the session there',
    async (host) => {
      const email = `local-${host.split('.')[0]}@example.com`
      const response = await postGraphQL(
        t.app,
        JSON.stringify({
          query: SIGN_UP,
          variables: { input: { email, password: PASSWORD, organizationName: `Local ${host}` } },
        }),
        { host },
      )
      const cookie = String(response.headers['set-cookie'])
      expect(cookie).toMatch(/^emporium_session=[A-Za-z0-9_-]{43}; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/)
      const viewer = (cookieHeader: string) =>
        postGraphQL(t.app, JSON.stringify({ query: '{ viewer { credential { type } } }' }), {
          host,
          cookie: cookieHeader,
        })
      const pair = cookie.split(';')[0]!
      const signedIn = await viewer(pair)
      expect(signedIn.json().data).toEqual({ viewer: { credential: { type: 'USER' } } })
      expect((await viewer(`__Host-${pair}`)).statusCode).toBe(401)
    },
  )

  it('ends after 2 hours unused and 7 days after login, whatever the use', async () => {
    const session = await signUp(t, 'expiry@example.com')
    const db = secretTables(t.platform.database.db)
    const ago = (ms: number) => new Date(Date.now() - ms)

    await db
      .updateTable('sessions')
      .set({ last_seen_at: ago(2 * 3600_000 + 1000) })
      .where('user_id', '=', session.userId)
      .execute()
    const idle = await sessionGql(t, session.cookie, '{ viewer { role } }')
    expect(idle.status).toBe(401)
    expect(onlyError(idle)).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'your session expired (it was not used for 2 hours); log in again',
    })

    const again = await sessionGql(t, null, LOGIN, { input: { email: 'expiry@example.com', password: PASSWORD } })
    const cookie = String(again.headers['set-cookie']).split(';')[0]!
    await db
      .updateTable('sessions')
      .set({ expires_at: ago(1000) })
      .where('user_id', '=', session.userId)
      .execute()
    expect(onlyError(await sessionGql(t, cookie, '{ viewer { role } }'))).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'your session expired (sessions last at most 7 days); log in again',
    })
  })

  it("sweeps a person's ended sessions when they log in", async () => {
    const session = await signUp(t, 'sweep@example.com')
    const db = secretTables(t.platform.database.db)
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 3 * 3600_000) })
      .where('user_id', '=', session.userId)
      .execute()
    await sessionGql(t, null, LOGIN, { input: { email: 'sweep@example.com', password: PASSWORD } })
    const left = await db.selectFrom('sessions').select('last_seen_at').where('user_id', '=', session.userId).execute()
    expect(left).toHaveLength(1)
    expect(Date.now() - left[0]!.last_seen_at.getTime()).toBeLessThan(60_000)
  })

  it('does not stand in the way of logging in again when it is stale', async () => {
    const stale = 'emporium_session=' + 'A'.repeat(43)
    const login = await sessionGql(t, stale, LOGIN, { input: { email: 'csrf-owner@example.com', password: PASSWORD } })
    expect(login.errors).toBeUndefined()
    expect(onlyError(await sessionGql(t, stale, '{ viewer { role } }')).code).toBe('UNAUTHENTICATED')
  })

  it('loses to a bearer key sent with it', async () => {
    const created = await sessionGql<{ apiKeyCreate: { secret: string } }>(
      t,
      owner.cookie,
      'mutation { apiKeyCreate(input: { name: "reader", scopes: ["products:read"], storeIds: null }) { secret } }',
    )
    const both = await t.gql<{ viewer: { credential: { type: string } } }>(
      created.data!.apiKeyCreate.secret,
      '{ viewer { credential { type } } }',
      {},
      { cookie: owner.cookie },
    )
    expect(both.data!.viewer.credential.type).toBe('API_KEY')
  })
})

describe('MCP over HTTP', () => {
  const call = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      payload: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_context', arguments: {} },
      }),
    })

  it('serves a signed-in person from the session cookie, as the person', async () => {
    const response = await call({ cookie: owner.cookie })
    expect(response.statusCode).toBe(200)
    const result = response.json().result
    expect(result.structuredContent).toMatchObject({
      credential: { type: 'user', id: owner.userId, name: 'csrf-owner@example.com' },
      stores: [expect.objectContaining({ slug: 'csrf-shop' })],
    })
  })

  it('refuses the cookie from a foreign page, and no credential at all', async () => {
    expect((await call({ cookie: owner.cookie, origin: 'https://evil.example' })).statusCode).toBe(403)
    const none = await call({})
    expect(none.statusCode).toBe(401)
    expect(none.json().error.message).toBe('no credential: send Authorization: Bearer <api key> on every request')
  })
})

describe('CSRF', () => {
  it('refuses a cross-site style POST with the cookie but without a JSON content type or the CSRF header, and does nothing', async () => {
    const post = (contentType: string, payload: string) =>
      postGraphQL(t.app, payload, { cookie: owner.cookie, 'content-type': contentType })
    // A body a form can send is not a GraphQL request at all (415), before the cookie is looked at.
    const plain = await post('text/plain', JSON.stringify({ query: CREATE_KEY }))
    expect(plain.statusCode).toBe(415)
    expect(plain.json()).toMatchObject({ errors: [{ extensions: { code: 'BAD_REQUEST' } }] })
    const withoutHeader = await t.app.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent('{ viewer { scopes } }')}`,
      headers: { cookie: owner.cookie },
    })
    expect(withoutHeader.json()).toEqual({
      errors: [
        {
          message:
            'this request uses the session cookie but could have come from another site: send Content-Type: application/json, or the X-Emporium-CSRF header (any value) with multipart uploads and GET',
          extensions: { code: 'FORBIDDEN' },
        },
      ],
    })
    const form = await post('application/x-www-form-urlencoded', `query=${encodeURIComponent(CREATE_KEY)}`)
    expect(form.statusCode).toBeGreaterThanOrEqual(400)
    expect(form.json().data ?? null).toBeNull()
    expect(await keyCount()).toBe(0)
  })

  it("refuses the cookie with another site's Origin, and takes this site's own", async () => {
    const foreign = await sessionGql(t, owner.cookie, CREATE_KEY, {}, { origin: 'https://evil.example' })
    expect(onlyError(foreign)).toEqual({
      code: 'FORBIDDEN',
      message:
        "Origin https://evil.example is not this server; session-cookie requests are accepted from this site's own pages only",
    })
    expect(onlyError(await sessionGql(t, owner.cookie, CREATE_KEY, {}, { origin: 'null' })).code).toBe('FORBIDDEN')
    expect(await keyCount()).toBe(0)

    const own = await sessionGql(t, owner.cookie, '{ viewer { role } }', {}, { origin: 'http://localhost' })
    expect(own.errors).toBeUndefined()
  })

  it('takes GET queries with the cookie only with the CSRF header', async () => {
    const get = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'GET',
        url: `/graphql?query=${encodeURIComponent('{ viewer { role } }')}`,
        headers: { cookie: owner.cookie, ...headers },
      })
    expect((await get({})).json().errors[0].extensions.code).toBe('FORBIDDEN')
    expect((await get({ 'x-emporium-csrf': '1' })).json().data).toEqual({ viewer: { role: 'OWNER' } })
  })

  it('applies to login too, so a foreign page cannot sign a browser in to an account of its choosing', async () => {
    const variables = { input: { email: 'csrf-owner@example.com', password: PASSWORD } }
    const foreign = await sessionGql(t, null, LOGIN, variables, { origin: 'https://evil.example' })
    expect(onlyError(foreign).code).toBe('FORBIDDEN')
    expect(foreign.headers['set-cookie']).toBeUndefined()
    // A form post's text body is never read as an operation.
    const form = await postGraphQL(t.app, JSON.stringify({ query: LOGIN, variables }), { 'content-type': 'text/plain' })
    expect(form.statusCode).toBe(415)
    expect(form.headers['set-cookie']).toBeUndefined()
  })

  it('does not apply to bearer keys, which a foreign page cannot make a browser send', async () => {
    const created = await sessionGql<{ apiKeyCreate: { secret: string } }>(
      t,
      owner.cookie,
      `mutation { apiKeyCreate(input: { name: "bearer", scopes: ["products:read"], storeIds: ["${store.id}"] }) { secret } }`,
    )
    const response = await t.gql(
      created.data!.apiKeyCreate.secret,
      '{ products { totalCount } }',
      {},
      { origin: 'https://evil.example' },
    )
    expect(response.errors).toBeUndefined()
  })
})
