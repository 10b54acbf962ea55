import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { revokeKey } from '../app/operations/tenants.js'
import { useTestApp } from '../test/support/app.js'
import {
  callTool,
  callToolError,
  expectForeignLikeMissing,
  toolNames,
  useMcpShop,
  withMcpClient,
} from '../test/support/mcp.js'
import { productCount } from '../test/support/products.js'
import { operator, wideKey } from '../test/support/settings.js'
import { storeCreate } from '../domain/tenancy/store/definitions.js'

// Who may do what over MCP: the same rules as GraphQL, enforced by the same code. Keys without a
// scope don't see the tools; other tenants' ids look like ids that don't exist; bad keys never
// reach the MCP server at all.

const t = useTestApp()
const mcp = useMcpShop(t, 'mcp-shop', async () => ({ other: await t.tenant('mcp-other') }))

describe('scopes', () => {
  it('a read-only key sees the read tools only, and calling a write tool anyway writes nothing', async () => {
    await withMcpClient(mcp.url, await t.key('mcp-shop', ['products:read']), async (reader) => {
      const { tools } = await reader.listTools()
      expect(tools.map((tool) => tool.name).sort()).toEqual([
        'get_attribute',
        'get_audit_log',
        'get_category',
        'get_context',
        'get_media',
        'get_product',
        'list_attribute_sets',
        'list_attributes',
        'list_categories',
        'list_media',
        'list_products',
        'search_catalog',
      ])
      expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true)

      const before = await productCount(t, mcp.tenant.apiKey)
      const outcome = await reader.callTool({ name: 'create_product', arguments: { title: 'Sneaky' } })
      expect(outcome.isError).toBe(true)
      expect(await productCount(t, mcp.tenant.apiKey)).toBe(before)
    })
  })

  it('a key for another area sees no product tools', async () => {
    await withMcpClient(mcp.url, await t.key('mcp-shop', ['webstore:write']), async (webstore) => {
      const names = await toolNames(webstore)
      expect(names).toContain('get_context')
      // A collection's product tools are web store tools: they add catalog products to a collection, not change them.
      expect(
        names.filter(
          (name) => (name.includes('product') && !name.includes('collection_')) || name === 'search_catalog',
        ),
      ).toEqual([])
    })
  })
})

describe('store selection', () => {
  it('a key for several stores works on none until X-Store names one', async () => {
    const organizationId = mcp.tenant.organizationId
    await t.platform.executeAndWait(storeCreate, { name: 'Second', slug: 'mcp-shop-two' }, operator(organizationId))
    const apiKey = await wideKey(t, organizationId, ['products:write'])

    await withMcpClient(mcp.url, apiKey, async (unselected) => {
      const context = await callTool<{ currentStore: unknown; stores: { slug: string }[] }>(unselected, 'get_context')
      expect(context.data.currentStore).toBeNull()
      expect(context.data.stores.map((store) => store.slug)).toEqual(['mcp-shop', 'mcp-shop-two'])
      const error = await callToolError(unselected, 'create_product', { title: 'Where?' })
      expect(error.code).toBe('BAD_USER_INPUT')
      expect(error.message).toMatch(/send the X-Store header \(store id or slug\); get_context lists them/)
    })

    await withMcpClient(
      mcp.url,
      apiKey,
      async (second) => {
        expect((await callTool(second, 'create_product', { title: 'Second store lamp' })).isError).toBe(false)
        expect((await callTool<{ totalCount: number }>(second, 'list_products')).data.totalCount).toBe(1)
      },
      { 'x-store': 'mcp-shop-two' },
    )
  })
})

describe('tenant isolation', () => {
  it("another tenant's product is NOT_FOUND exactly like an id that does not exist", async () => {
    const foreignId = await withMcpClient(mcp.url, mcp.other.apiKey, async (theirs) => {
      return (await callTool<{ id: string }>(theirs, 'create_product', { title: 'Not yours' })).data.id
    })
    await expectForeignLikeMissing(mcp.client, { foreign: foreignId, missing: uuidv7() }, [
      ['get_product', (id) => ({ id })],
      ['update_product', (id) => ({ id, title: 'Mine now' })],
      ['delete_product', (id) => ({ id, confirm: true })],
    ])
    const list = await callTool<{ totalCount: number }>(mcp.client, 'list_products', {
      filter: { title: { eq: 'Not yours' } },
    })
    expect(list.data.totalCount).toBe(0)
    const kept = await t.gql<{ product: { title: string } }>(
      mcp.other.apiKey,
      'query ($id: ID) { product(id: $id) { title } }',
      { id: foreignId },
    )
    expect(kept.data?.product.title).toBe('Not yours')
  })
})

describe('errors carry the code, message and field GraphQL gives', () => {
  it('an empty title is BAD_USER_INPUT on input.title, worded as in GraphQL', async () => {
    const error = await callToolError(mcp.client, 'create_product', { title: '   ' })
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'title'] })
    const viaGraphQL = await t.gql(
      mcp.tenant.apiKey,
      'mutation ($input: ProductCreateInput!) { productCreate(input: $input) { product { id } } }',
      {
        input: { title: '   ' },
      },
    )
    const extensions = viaGraphQL.errors![0]!.extensions
    expect({ code: error.code, message: error.message, field: error.field }).toEqual({
      code: extensions.code,
      message: viaGraphQL.errors![0]!.message,
      field: extensions.field,
    })
  })

  it('a taken handle is CONFLICT; arguments a tool does not take are BAD_USER_INPUT', async () => {
    await callTool(mcp.client, 'create_product', { title: 'Original', handle: 'taken' })
    expect(await callToolError(mcp.client, 'create_product', { title: 'Copy', handle: 'taken' })).toMatchObject({
      code: 'CONFLICT',
      field: ['input', 'handle'],
    })
    expect(await callToolError(mcp.client, 'create_product', { title: 'X', price: 5 })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input'],
    })
    expect(await callToolError(mcp.client, 'list_products', { first: 500 })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['first'],
    })
    expect(await callToolError(mcp.client, 'list_products', { page: 1, first: 5 })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['first'],
    })
    expect(await callToolError(mcp.client, 'get_product', {})).toMatchObject({ code: 'BAD_USER_INPUT', field: ['id'] })
    expect(await callToolError(mcp.client, 'search_catalog', { query: '***' })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['query'],
    })
  })
})

describe('HTTP: credentials, methods, origins', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fetch', version: '1' } },
  }
  const post = (headers: Record<string, string>, body: unknown = initialize) =>
    fetch(mcp.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(body),
    })

  it('answers 401 with WWW-Authenticate: Bearer to a missing, garbage or revoked key', async () => {
    const revoked = await t.key('mcp-shop', ['products:read'])
    const keyId = await withMcpClient(mcp.url, revoked, async (client) => {
      const { data } = await callTool<{ credential: { id: string } }>(client, 'get_context')
      return data.credential.id
    })
    await revokeKey(t.platform, { organizationId: mcp.tenant.organizationId, keyId })

    for (const [authorization, challenge, reason] of [
      [undefined, /^Bearer realm="emporium"$/, /no credential/],
      ['Bearer garbage', /^Bearer .*error="invalid_token"/, /.+/],
      ['Basic dXNlcjpwYXNz', /^Bearer .*error="invalid_request"/, /must be "Bearer <api key>"/],
      [`Bearer ${revoked}`, /^Bearer .*error="invalid_token"/, /revoked/],
    ] as const) {
      const response = await post(authorization ? { authorization } : {})
      expect(response.status, authorization).toBe(401)
      expect(response.headers.get('www-authenticate'), authorization).toMatch(challenge)
      const body = (await response.json()) as { error: { message: string; data: { code: string } } }
      expect(body.error.data.code).toBe('UNAUTHENTICATED')
      expect(body.error.message).toMatch(reason)
    }
  })

  it('serves POST only: GET and DELETE are 405', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(mcp.url, { method, headers: { authorization: `Bearer ${mcp.tenant.apiKey}` } })
      expect(response.status, method).toBe(405)
      expect(response.headers.get('allow')).toBe('POST')
    }
  })

  it('refuses a browser Origin of another site, and serves its own', async () => {
    const authorization = `Bearer ${mcp.tenant.apiKey}`
    const foreign = await post({ authorization, origin: 'https://evil.example' })
    expect(foreign.status).toBe(403)
    expect(((await foreign.json()) as { error: { data: { code: string } } }).error.data.code).toBe('FORBIDDEN')
    expect((await post({ authorization, origin: 'null' })).status).toBe(403)
    expect((await post({ authorization, origin: new URL(mcp.url).origin })).status).toBe(200)
  })

  it('selects the store with X-Store like GraphQL; an unknown store is 404', async () => {
    expect((await post({ authorization: `Bearer ${mcp.tenant.apiKey}`, 'x-store': 'mcp-shop' })).status).toBe(200)
    const unknown = await post({ authorization: `Bearer ${mcp.tenant.apiKey}`, 'x-store': 'mcp-other' })
    expect(unknown.status).toBe(404)
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toMatch(
      /store 'mcp-other' does not exist/,
    )
  })
})
