import { setTimeout as sleep } from 'node:timers/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../infra/config.js'
import { useTestApp } from '../../../test/support/app.js'
import type { CostExtension } from './cost-hooks.js'

// Cost-based rate limiting over GraphQL and MCP, on the in-memory buckets: a bucket of 60
// points refilling at 5 per second, so a burst runs dry within a dozen requests.

const defaults = loadConfig({}).rateLimit
const BUCKET = 60
const RESTORE = 5

const t = useTestApp({
  config: {
    rateLimit: { ...defaults, plans: { ...defaults.plans, standard: { bucket: BUCKET, restorePerSecond: RESTORE } } },
  },
})
beforeAll(async () => {
  await t.tenant('cost-shop')
})

interface Body {
  data?: Record<string, unknown> | null
  errors?: { message: string; extensions: Record<string, unknown> }[]
  extensions?: { cost?: CostExtension }
}

async function post(apiKey: string, payload: unknown) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    payload: JSON.stringify(payload),
  })
  return { status: response.statusCode, headers: response.headers, body: response.json<Body>() }
}
const gql = (apiKey: string, query: string, variables?: Record<string, unknown>) => post(apiKey, { query, variables })

const CREATE = 'mutation ($title: String!) { productCreate(input: { title: $title }) { product { id } } }'
const productCount = async (apiKey: string) =>
  ((await gql(apiKey, '{ products { totalCount } }')).body.data!.products as { totalCount: number }).totalCount

describe('extensions.cost', () => {
  it('reports requested and actual cost and the bucket on every response', async () => {
    const key = await t.key('cost-shop', ['products:read'])
    const { status, body } = await gql(key, '{ viewer { organization { id } } }')
    expect(status).toBe(200)
    expect(body.extensions?.cost).toEqual({
      requestedQueryCost: 1 + 1,
      actualQueryCost: 2,
      throttleStatus: { maximumAvailable: BUCKET, currentlyAvailable: BUCKET - 2, restoreRate: RESTORE },
    })
  })

  it('refunds what a list did not return', async () => {
    const key = await t.key('cost-shop', ['products:read'])
    const { body } = await gql(key, '{ products(first: 50) { nodes { id title } } }')
    // Asked for 50 rows (2 + 50 × 1), got none: only the connection's 2 is kept.
    expect(body.extensions?.cost).toMatchObject({ requestedQueryCost: 52, actualQueryCost: 2 })
    expect(body.extensions!.cost!.throttleStatus.currentlyAvailable).toBeGreaterThanOrEqual(BUCKET - 2)
  })

  it('is on responses with errors too, and on each operation of a batch', async () => {
    const key = await t.key('cost-shop', ['products:read'])
    const missing = await gql(key, '{ product(id: "00000000-0000-7000-8000-000000000000") { id } }')
    expect(missing.body.extensions?.cost).toMatchObject({ requestedQueryCost: 1 })
    const batch = await post(key, [
      { query: '{ viewer { scopes } }' },
      { query: '{ products(first: 3) { totalCount } }' },
    ])
    const items = batch.body as unknown as Body[]
    expect(items.map((item) => item.extensions?.cost?.requestedQueryCost)).toEqual([1, 2 + 3 * 0])
  })
})

describe('per-query maximum', () => {
  it('refuses a query that may cost more than one query may, before it runs, and takes nothing', async () => {
    const key = await t.key('cost-shop', ['products:read'])
    const { status, body } = await gql(key, '{ products(first: 100) { nodes { id } } }')
    expect(status).toBe(200)
    expect(body.data ?? null).toBeNull()
    expect(body.errors).toEqual([
      {
        message: `this query may cost 102 points and one query may cost at most ${BUCKET}; ask for fewer items (first/limit) or fewer nested lists, or split it into several queries`,
        extensions: { code: 'QUERY_TOO_COMPLEX', requestedQueryCost: 102, maxQueryCost: BUCKET },
      },
    ])
    expect(body.extensions?.cost).toEqual({
      requestedQueryCost: 102,
      actualQueryCost: null,
      throttleStatus: { maximumAvailable: BUCKET, currentlyAvailable: BUCKET, restoreRate: RESTORE },
    })
  })
})

describe('a burst past the budget', () => {
  it('answers 429 with Retry-After and RATE_LIMITED, runs nothing, and lets the key back in after the wait', async () => {
    const key = await t.key('cost-shop', ['products:write'])
    const observer = await t.key('cost-shop', ['products:read'])
    const before = await productCount(observer)

    let created = 0
    let refused: Awaited<ReturnType<typeof gql>> | undefined
    for (let i = 0; i < 20 && !refused; i++) {
      const response = await gql(key, CREATE, { title: `Burst ${i}` })
      if (response.status === 429) refused = response
      else {
        expect(response.body.errors).toBeUndefined()
        created++
      }
    }
    expect(refused).toBeDefined()
    // 60 points at 11 a mutation, plus what trickled back meanwhile.
    expect(created).toBeGreaterThanOrEqual(5)
    const { headers, body } = refused!
    const retryAfter = Number(headers['retry-after'])
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil(11 / RESTORE))
    expect(body.data ?? null).toBeNull()
    expect(body.errors).toHaveLength(1)
    expect(body.errors![0]!.extensions).toEqual({ code: 'RATE_LIMITED', retryAfter })
    expect(body.errors![0]!.message).toMatch(
      /^this credential's query budget is spent: the query costs 11 points, \d+ are left and the budget refills at 5 per second; retry in \d+ s/,
    )
    expect(body.extensions?.cost).toMatchObject({
      requestedQueryCost: 11,
      actualQueryCost: null,
      throttleStatus: { maximumAvailable: BUCKET, restoreRate: RESTORE },
    })

    // The refused mutation did not run; another key of the same store has a budget of its own.
    expect(await productCount(observer)).toBe(before + created)

    // Deliberate: waiting the advertised retryAfter on the real (Redis) clock is what shows it is honest.
    await sleep(retryAfter * 1000)
    const again = await gql(key, CREATE, { title: 'After the wait' })
    expect(again.status).toBe(200)
    expect(again.body.errors).toBeUndefined()
  })

  it('charges each operation of a batch by itself: those past the budget are refused, with their cost, and the answer is 429', async () => {
    const key = await t.key('cost-shop', ['products:write'])
    const observer = await t.key('cost-shop', ['products:read'])
    const before = await productCount(observer)
    const batch = await post(
      key,
      Array.from({ length: 7 }, (_, i) => ({ query: CREATE, variables: { title: `Batched ${i}` } })),
    )
    expect(batch.status).toBe(429)
    expect(Number(batch.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    const items = batch.body as unknown as Body[]
    const refused = items.filter((item) => item.errors?.[0]?.extensions.code === 'RATE_LIMITED')
    const ran = items.filter((item) => item.data?.productCreate)
    // 7 × 11 = 77 points against a bucket of 60.
    expect(refused.length).toBeGreaterThanOrEqual(2)
    expect(ran.length + refused.length).toBe(7)
    for (const item of refused) {
      expect(item.extensions?.cost).toMatchObject({ requestedQueryCost: 11, actualQueryCost: null })
      expect(item.errors![0]!.extensions.retryAfter).toEqual(expect.any(Number))
    }
    for (const item of ran) expect(item.extensions?.cost).toMatchObject({ requestedQueryCost: 11, actualQueryCost: 11 })
    expect(await productCount(observer)).toBe(before + ran.length)
  })

  it('charges MCP tool calls to the same budget, and leaves the handshake free', async () => {
    const key = await t.key('cost-shop', ['products:write'])
    while ((await gql(key, CREATE, { title: 'drain' })).status !== 429);
    const mcp = (body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${key}`,
        },
        payload: JSON.stringify(body),
      })
    const listProducts = () =>
      mcp({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_products', arguments: {} } })
    // The drain left less than a create's 11 points, which pays for one 10-point tool call at most (and
    // refilling takes two seconds a call): a budget of MCP's own would pay for BUCKET / 10 of them.
    let call = await listProducts()
    let paid = 0
    while (call.statusCode !== 429 && paid < BUCKET / 10) {
      paid++
      call = await listProducts()
    }
    expect(paid).toBeLessThanOrEqual(1)
    expect(call.statusCode).toBe(429)
    expect(Number(call.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(call.json()).toMatchObject({
      jsonrpc: '2.0',
      error: { data: { code: 'RATE_LIMITED', retryAfter: Number(call.headers['retry-after']) } },
    })

    const init = await mcp({
      jsonrpc: '2.0',
      id: 2,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    })
    expect(init.statusCode).toBe(200)
  })

  it('sends nothing for requests that were never costed: no credential, no cost', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query: '{ viewer { scopes } }' }),
    })
    expect(response.statusCode).toBe(401)
    expect(response.json<Body>().extensions).toBeUndefined()
  })
})
