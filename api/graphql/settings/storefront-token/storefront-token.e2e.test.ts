import { describe, expect, it, vi } from 'vitest'
import { useTenant, useTestApp } from '../../../../test/support/app.js'
import { callTool, callToolError, listenForMcp, toolNames, withMcpClient } from '../../../../test/support/mcp.js'
import { createStorefrontToken } from '../../../../test/support/storefront-api.js'

const t = useTestApp()
const shop = useTenant(t, 'sftoken-shop')
const other = useTenant(t, 'sftoken-other')

const FIELDS = 'id name last4 masked status createdAt revokedAt'
const CREATE = `mutation ($input: StorefrontTokenCreateInput!) { storefrontTokenCreate(input: $input) { accessToken storefrontToken { ${FIELDS} } eventPosition } }`
const REVOKE = `mutation ($input: StorefrontTokenRevokeInput!) { storefrontTokenRevoke(input: $input) { storefrontToken { ${FIELDS} } eventPosition } }`
const LIST = `query ($first: Int, $after: String, $page: Int, $limit: Int, $filter: StorefrontTokenFilter, $sort: StorefrontTokenSort) {
  storefrontTokens(first: $first, after: $after, page: $page, limit: $limit, filter: $filter, sort: $sort) {
    nodes { ${FIELDS} } pageInfo { hasNextPage endCursor page totalPages } totalCount } }`

type Token = { id: string; name: string; last4: string; masked: string; status: string; revokedAt: string | null }
type List = {
  storefrontTokens: {
    nodes: Token[]
    pageInfo: { hasNextPage: boolean; endCursor: string; page: number | null; totalPages: number | null }
    totalCount: number
  }
}

describe('storefrontTokenCreate', () => {
  it('returns the token once, and lists it masked, without the token', async () => {
    const created = await t.gql<{ storefrontTokenCreate: { accessToken: string; storefrontToken: Token } }>(
      shop.apiKey,
      CREATE,
      { input: { name: '  Next.js shop ' } },
    )
    expect(created.errors).toBeUndefined()
    const { accessToken, storefrontToken } = created.data!.storefrontTokenCreate
    expect(accessToken).toMatch(/^sfp_[0-9A-Za-z_-]{43}$/)
    expect(storefrontToken).toMatchObject({
      name: 'Next.js shop',
      last4: accessToken.slice(-4),
      masked: `sfp_…${accessToken.slice(-4)}`,
      status: 'ACTIVE',
      revokedAt: null,
    })
    const listed = await t.gql<List>(shop.apiKey, LIST, { filter: { name: { eq: 'Next.js shop' } } })
    expect(listed.data!.storefrontTokens.nodes.map((n) => n.id)).toEqual([storefrontToken.id])
    expect(JSON.stringify(listed.data)).not.toContain(accessToken.slice(4, 20))
    // The audit log is a projection of its own: read until it shows the event.
    const audit = await vi.waitFor(async () => {
      const response = await t.gql<{ auditLog: { nodes: { type: string; data: unknown }[] } }>(
        shop.apiKey,
        'query ($id: ID) { auditLog(filter: { entityId: $id }) { nodes { type data } } }',
        { id: storefrontToken.id },
      )
      expect(response.data!.auditLog.nodes.map((node) => node.type)).toEqual(['StorefrontTokenCreated'])
      return response.data!.auditLog.nodes
    })
    expect(JSON.stringify(audit)).not.toContain(accessToken)
  })

  it('refuses an empty name with BAD_USER_INPUT on input.name', async () => {
    const response = await t.gql(shop.apiKey, CREATE, { input: { name: ' ' } })
    expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'name'] })
  })

  it('needs settings:write; settings:read may list', async () => {
    const reader = await t.key('sftoken-shop', ['settings:read'])
    const refused = await t.gql(reader, CREATE, { input: { name: 'x' } })
    expect(refused.errors?.[0]?.extensions.code).toBe('FORBIDDEN')
    expect((await t.gql<List>(reader, LIST, {})).errors).toBeUndefined()
    const noScope = await t.key('sftoken-shop', ['products:read'])
    expect((await t.gql(noScope, LIST, {})).errors?.[0]?.extensions.code).toBe('FORBIDDEN')
  })
})

describe('storefrontTokens', () => {
  it('lists in page mode and cursor mode, sorted by name', async () => {
    for (const name of ['List A', 'List B', 'List C']) await createStorefrontToken(t, other.apiKey, name)
    const filter = { name: { startsWith: 'List ' } }
    const page2 = await t.gql<List>(other.apiKey, LIST, { page: 2, limit: 2, filter, sort: 'NAME_ASC' })
    expect(page2.data!.storefrontTokens.nodes.map((n) => n.name)).toEqual(['List C'])
    expect(page2.data!.storefrontTokens.pageInfo).toMatchObject({ page: 2, totalPages: 2 })
    const first = await t.gql<List>(other.apiKey, LIST, { first: 2, filter, sort: 'NAME_ASC' })
    const { nodes, pageInfo } = first.data!.storefrontTokens
    expect(nodes.map((n) => n.name)).toEqual(['List A', 'List B'])
    const next = await t.gql<List>(other.apiKey, LIST, {
      first: 2,
      after: pageInfo.endCursor,
      filter,
      sort: 'NAME_ASC',
    })
    expect(next.data!.storefrontTokens.nodes.map((n) => n.name)).toEqual(['List C'])
    expect(next.data!.storefrontTokens.totalCount).toBe(3)
  })
})

describe('storefrontTokenRevoke', () => {
  it('revokes once, then changes nothing, and the list filters on status', async () => {
    const { id } = await createStorefrontToken(t, shop.apiKey, 'To revoke')
    const revoked = await t.gql<{ storefrontTokenRevoke: { storefrontToken: Token; eventPosition: string | null } }>(
      shop.apiKey,
      REVOKE,
      { input: { id } },
    )
    expect(revoked.data!.storefrontTokenRevoke.storefrontToken).toMatchObject({ id, status: 'REVOKED' })
    expect(revoked.data!.storefrontTokenRevoke.storefrontToken.revokedAt).not.toBeNull()
    const again = await t.gql<{ storefrontTokenRevoke: { eventPosition: string | null } }>(shop.apiKey, REVOKE, {
      input: { id },
    })
    expect(again.data!.storefrontTokenRevoke.eventPosition).toBeNull()
    const listed = await t.gql<List>(shop.apiKey, LIST, { filter: { status: ['REVOKED'] } })
    expect(listed.data!.storefrontTokens.nodes.map((n) => n.id)).toEqual([id])
  })

  it("answers another store's token exactly like a missing one", async () => {
    const { id } = await createStorefrontToken(t, other.apiKey, 'Not yours')
    const theirs = await t.gql(shop.apiKey, REVOKE, { input: { id } })
    const missing = await t.gql(shop.apiKey, REVOKE, { input: { id: '0190a0b0-0000-7000-8000-00000000dead' } })
    for (const response of [theirs, missing])
      expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', field: ['input', 'id'] })
    const read = await t.gql(shop.apiKey, 'query ($id: ID!) { storefrontToken(id: $id) { id } }', { id })
    expect(read.errors?.[0]?.extensions.code).toBe('NOT_FOUND')
  })
})

describe('MCP tools', () => {
  it('lists, reads and revokes a token; create is not a tool, since the token would pass through the agent', async () => {
    const { id } = await createStorefrontToken(t, shop.apiKey, 'Agent managed')
    await withMcpClient(await listenForMcp(t), shop.apiKey, async (client) => {
      const names = await toolNames(client)
      expect(names).toEqual(
        expect.arrayContaining(['get_storefront_token', 'list_storefront_tokens', 'revoke_storefront_token']),
      )
      expect(names).not.toContain('create_storefront_token')
      const listed = await callTool<{ nodes: Token[] }>(client, 'list_storefront_tokens', {
        filter: { name: { eq: 'Agent managed' } },
      })
      expect(listed.data.nodes.map((node) => node.id)).toEqual([id])
      const revoked = await callTool<Token>(client, 'revoke_storefront_token', { id, confirm: true })
      expect(revoked.data).toMatchObject({ id, status: 'REVOKED' })
      const read = await callTool<Token>(client, 'get_storefront_token', { id })
      expect(read.data).toMatchObject({ status: 'REVOKED' })
      const missing = await callToolError(client, 'get_storefront_token', {
        id: '0190a0b0-0000-7000-8000-00000000dead',
      })
      expect(missing).toMatchObject({ code: 'NOT_FOUND' })
    })
  })
})
