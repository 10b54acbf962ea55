import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/support/app.js'
import { must } from '../../../test/support/categories.js'
import { nestedFilter, walkBackward } from '../../../test/support/lists.js'
import { callTool, callToolError, connectMcp } from '../../../test/support/mcp.js'
import { perFile } from '../../../test/support/per-file.js'
import { onlyError } from '../../../test/support/products.js'
import { captureMail, createStore, sessionGql, signUp, type BrowserSession } from '../../../test/support/session.js'

// Attributes, attribute sets and the organization's own lists (stores, store domains, members,
// API keys), moved onto their specs: each walks backward like every list (last/before,
// hasPreviousPage), their filters hold the and/or bounds, and the attribute MCP tools take the
// spec's and/or filter.

const t = useTestApp()
let owner: BrowserSession
let store: { id: string; slug: string }
let apiKey: string
const names = ['alpha', 'bravo', 'charlie']

const KEY_CREATE = `mutation ($input: ApiKeyCreateInput!) { apiKeyCreate(input: $input) { apiKey { id name } secret } }`
const KEY_REVOKE = 'mutation ($input: ApiKeyRevokeInput!) { apiKeyRevoke(input: $input) { apiKey { id } } }'
const ATTRIBUTE_CREATE =
  'mutation ($input: AttributeCreateInput!) { attributeCreate(input: $input) { attribute { id } } }'
const SET_CREATE =
  'mutation ($input: AttributeSetCreateInput!) { attributeSetCreate(input: $input) { attributeSet { id } } }'

/** A mutation as the signed-in owner, in the store `storeSlug` names when given; fails the test on any error. */
async function asOwner<Data>(query: string, variables: Record<string, unknown>, storeSlug?: string): Promise<Data> {
  const response = await sessionGql<Data>(t, owner.cookie, query, variables, storeSlug ? { 'x-store': storeSlug } : {})
  expect(response.errors).toBeUndefined()
  return response.data!
}

beforeAll(async () => {
  captureMail(t)
  owner = await signUp(t, 'zulu-owner@example.com', 'Spec lists')
  const keys: { id: string; name: string }[] = []
  for (const name of names) {
    const created = await createStore(t, owner, `lists-${name}`)
    store ??= created
    await asOwner('mutation ($input: MemberInviteInput!) { memberInvite(input: $input) { member { id } } }', {
      input: { email: `${name}@example.com`, role: 'STAFF' },
    })
    await asOwner(
      'mutation ($input: StoreDomainAddInput!) { storeDomainAdd(input: $input) { storeDomain { id } } }',
      { input: { hostname: `${name}.example.com` } },
      store.slug,
    )
    const key = await asOwner<{ apiKeyCreate: { apiKey: { id: string; name: string }; secret: string } }>(KEY_CREATE, {
      input: { name, scopes: ['products:write'], storeIds: [store.id] },
    })
    keys.push(key.apiKeyCreate.apiKey)
    apiKey ??= key.apiKeyCreate.secret
  }
  // One revoked key, for the status filter below.
  await asOwner(KEY_REVOKE, { input: { id: keys[2]!.id } })
  for (const name of names) {
    await must(t, apiKey, ATTRIBUTE_CREATE, { input: { code: name, name, type: 'TEXT' } })
    await must(t, apiKey, SET_CREATE, { input: { name } })
  }
  // Some twenty writes, each read back from the read models: more than the default hook allows on a busy machine.
}, 180_000)
/** An agent with the first key, connected once that key exists. */
const agent = perFile(
  async () => ({ client: await connectMcp(t, apiKey) }),
  ({ client }) => client.close(),
)

/** A query as the owner's browser (in the first store) or as the first key. */
function read<Data>(by: 'session' | 'key', query: string, variables: Record<string, unknown>) {
  return by === 'session'
    ? sessionGql<Data>(t, owner.cookie, query, variables, { 'x-store': store.slug })
    : t.gql<Data>(apiKey, query, variables)
}

/** Each list with its type, who reads it, the field naming its rows, sorted by that field, and the rows it holds in that order. */
const LISTS = [
  { field: 'attributes', type: 'Attribute', by: 'key', args: 'sort: CODE_ASC', name: 'code', rows: names },
  { field: 'attributeSets', type: 'AttributeSet', by: 'key', args: 'sort: NAME_ASC', name: 'name', rows: names },
  {
    field: 'stores',
    type: 'Store',
    by: 'session',
    args: 'sort: SLUG_ASC',
    name: 'slug',
    rows: names.map((one) => `lists-${one}`),
  },
  {
    field: 'storeDomains',
    type: 'StoreDomain',
    by: 'session',
    args: 'sort: HOSTNAME_ASC',
    name: 'hostname',
    rows: names.map((one) => `${one}.example.com`),
  },
  {
    field: 'members',
    type: 'Member',
    by: 'session',
    args: 'sort: EMAIL_ASC',
    name: 'email',
    rows: [...names.map((one) => `${one}@example.com`), 'zulu-owner@example.com'],
  },
  { field: 'apiKeys', type: 'ApiKey', by: 'session', args: 'sort: NAME_ASC', name: 'name', rows: names },
] as const

describe.each(LISTS)('$field', ({ field, type, by, args, name, rows }) => {
  it('walks backward (last, before) from its end, two at a time, without skipping or repeating a row', async () => {
    expect(await walkBackward((query, variables) => read(by, query, variables), { field, args, name })).toEqual(rows)
  })

  it('refuses a filter nested deeper than 5 levels, naming the filter', async () => {
    const response = await read(by, `query ($filter: ${type}Filter) { ${field}(filter: $filter) { totalCount } }`, {
      filter: nestedFilter(6),
    })
    expect(onlyError(response)).toMatchObject({ code: 'BAD_USER_INPUT', field: expect.arrayContaining(['filter']) })
  })
})

describe('the spec filters', () => {
  it('judge an API key status at the time of the call, inside or branches too', async () => {
    const response = await read<{ apiKeys: { nodes: { name: string; status: string }[] } }>(
      'session',
      'query ($filter: ApiKeyFilter) { apiKeys(filter: $filter, sort: NAME_DESC) { nodes { name status } } }',
      { filter: { or: [{ name: { eq: 'alpha' } }, { status: ['REVOKED'] }] } },
    )
    expect(response.data!.apiKeys.nodes).toEqual([
      { name: 'charlie', status: 'REVOKED' },
      { name: 'alpha', status: 'ACTIVE' },
    ])
  })
})

describe('the attribute list tools', () => {
  it.each([
    ['list_attributes', { or: [{ code: { eq: 'alpha' } }, { search: 'charlie' }] }, 'CODE_DESC', 'code'],
    ['list_attribute_sets', { or: [{ name: { eq: 'alpha' } }, { name: { startsWith: 'cha' } }] }, 'NAME_DESC', 'name'],
  ])('%s takes or branches of the spec filter', async (tool, filter, sort, name) => {
    const listed = await callTool<{ nodes: Record<string, string>[] }>(agent.client, tool, { filter, sort })
    expect(listed.isError).toBe(false)
    expect(listed.data.nodes.map((node) => node[name])).toEqual(['charlie', 'alpha'])
  })

  it('list_attributes walks backward', async () => {
    const last = await callTool<{ nodes: { code: string }[] }>(agent.client, 'list_attributes', {
      last: 2,
      sort: 'CODE_ASC',
    })
    expect(last.data.nodes.map((node) => node.code)).toEqual(['bravo', 'charlie'])
  })

  it('refuses a filter nested deeper than 5 levels, naming the filter', async () => {
    const filter = nestedFilter(6, { name: { eq: 'alpha' } })
    for (const tool of ['list_attributes', 'list_attribute_sets']) {
      const error = await callToolError(agent.client, tool, { filter })
      expect(error).toMatchObject({ code: 'BAD_USER_INPUT', field: expect.arrayContaining(['filter']) })
    }
  })
})
