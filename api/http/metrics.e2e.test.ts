import { describe, expect, it, vi } from 'vitest'
import { loadConfig } from '../../infra/config.js'
import { useTestApp, useTenant } from '../../test/support/app.js'

// GET /metrics: the Prometheus text format, behind METRICS_TOKEN, with the numbers ARCHITECTURE.md asks for.

const TOKEN = 'metrics-token-for-tests'
const defaults = loadConfig({}).rateLimit

// A bucket of 15 points: one mutation (11) fits, the second is refused.
const t = useTestApp({
  config: {
    metricsToken: TOKEN,
    rateLimit: { ...defaults, plans: { ...defaults.plans, standard: { bucket: 15, restorePerSecond: 0.01 } } },
  },
})
const shop = useTenant(t, 'metrics-shop')

interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

/**
 * A strict reader of the text exposition format (0.0.4): every line is empty, a HELP, a TYPE or a
 * sample of a family declared before it (a histogram's by its _bucket, _sum and _count series),
 * label values properly quoted and escaped.
 */
function parseExposition(text: string): { types: Map<string, string>; samples: Sample[] } {
  expect(text.endsWith('\n')).toBe(true)
  const types = new Map<string, string>()
  const samples: Sample[] = []
  const name = '[a-zA-Z_:][a-zA-Z0-9_:]*'
  // Prometheus reads values with Go's ParseFloat, which takes NaN in any case; prom-client writes
  // "Nan" (the event-loop lag mean before its first sample), so the case is not ours to insist on.
  const sample = new RegExp(
    `^(${name})(?:\\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*",?)*)\\})? (-?\\d+(?:\\.\\d+)?(?:e[+-]?\\d+)?|[Nn]a[Nn]|[+-]Inf)$`,
  )
  for (const line of text.slice(0, -1).split('\n')) {
    // The format ignores empty lines; prom-client puts one between families.
    if (line === '') continue
    const help = new RegExp(`^# HELP (${name}) .+$`).exec(line)
    const type = new RegExp(`^# TYPE (${name}) (counter|gauge|histogram|summary|untyped)$`).exec(line)
    if (help) continue
    if (type) {
      expect(types.has(type[1]!), `TYPE of ${type[1]} given twice`).toBe(false)
      types.set(type[1]!, type[2]!)
      continue
    }
    const match = sample.exec(line)
    expect(match, `not a valid exposition line: ${line}`).not.toBeNull()
    const family = match![1]!.replace(/_(bucket|sum|count)$/, '')
    const declared = types.has(match![1]!) || types.get(family) === 'histogram'
    expect(declared, `sample of undeclared family: ${line}`).toBe(true)
    const labels = Object.fromEntries(
      [...(match![2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
    )
    samples.push({ name: match![1]!, labels, value: Number(match![3]) })
  }
  return { types, samples }
}

const scrape = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8')
  return parseExposition(response.body)
}
const valueOf = (samples: Sample[], name: string, labels: Record<string, string>) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value

const CREATE = 'mutation { productCreate(input: { title: "Metered" }) { product { id } } }'

describe('GET /metrics', () => {
  it('asks for the METRICS_TOKEN', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer wrong-token-of-other-length' },
      { authorization: `Bearer ${TOKEN.replace('m', 'n')}` },
    ]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers })
      expect(response.statusCode).toBe(401)
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"')
      expect(response.json()).toMatchObject({ errors: [{ extensions: { code: 'UNAUTHENTICATED' } }] })
    }
  })

  it('parses, and counts requests by route pattern, cost consumed, rate limiting and projection progress', async () => {
    expect((await t.gql(shop.apiKey, CREATE)).status).toBe(200)
    expect((await t.gql(shop.apiKey, CREATE)).status).toBe(429)
    expect(
      (await t.app.inject({ method: 'GET', url: '/storage/some-store/some-file.png' })).statusCode,
    ).toBeGreaterThanOrEqual(400)
    expect((await t.app.inject({ method: 'GET', url: '/no/such/route' })).statusCode).toBe(404)

    // The product's events reach every projection that follows them.
    await vi.waitFor(async () => {
      const { samples } = await scrape()
      expect(valueOf(samples, 'emporium_projection_lag_events', { projection: 'products' })).toBe(0)
      expect(
        valueOf(samples, 'emporium_projection_events_applied_total', { projection: 'products' }),
      ).toBeGreaterThanOrEqual(1)
    })
    const { types, samples } = await scrape()
    expect(types.get('emporium_http_requests_total')).toBe('counter')
    expect(types.get('emporium_projection_lag_events')).toBe('gauge')
    expect(
      valueOf(samples, 'emporium_http_requests_total', { method: 'POST', route: '/graphql', status: '200' }),
    ).toBeGreaterThanOrEqual(1)
    expect(valueOf(samples, 'emporium_http_requests_total', { method: 'POST', route: '/graphql', status: '429' })).toBe(
      1,
    )
    expect(valueOf(samples, 'emporium_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(
      1,
    )
    expect(samples.some((s) => s.labels.route?.includes('some-file'))).toBe(false)
    expect(valueOf(samples, 'emporium_rate_limited_total', { transport: 'graphql' })).toBe(1)
    expect(
      valueOf(samples, 'emporium_query_cost_consumed_total', { operation: 'mutation', transport: 'graphql' }),
    ).toBe(11)
    expect(valueOf(samples, 'emporium_rate_limit_store_errors_total', {})).toBe(0)
    for (const projection of t.platform.projections) {
      expect(valueOf(samples, 'emporium_projection_running', { projection: projection.name })).toBe(1)
    }
  })
})

describe('histograms and process metrics', () => {
  const count = (samples: Sample[], name: string, labels: Record<string, string>) =>
    valueOf(samples, `${name}_count`, labels) ?? 0

  it('times GraphQL operations by name, registry commands by outcome and projection batches', async () => {
    const other = await t.tenant('metrics-histograms')
    const before = (await scrape()).samples
    expect((await t.gql(other.apiKey, 'query Ping { __typename }')).status).toBe(200)
    expect((await t.gql(other.apiKey, '{ __typename }')).status).toBe(200)
    const created = await t.gql(
      other.apiKey,
      'mutation CreateTimed { productCreate(input: { title: "Timed" }) { product { id } } }',
    )
    expect(created.status).toBe(200)

    await vi.waitFor(async () => {
      const { samples } = await scrape()
      expect(valueOf(samples, 'emporium_projection_lag_events', { projection: 'products' })).toBe(0)
      const batches = 'emporium_projection_batch_duration_seconds'
      expect(count(samples, batches, { projection: 'products' })).toBeGreaterThan(
        count(before, batches, { projection: 'products' }),
      )
    })
    const { types, samples } = await scrape()
    const graphql = 'emporium_graphql_request_duration_seconds'
    expect(types.get(graphql)).toBe('histogram')
    for (const operation of ['Ping', 'anonymous', 'CreateTimed']) {
      const labels = { operation, transport: 'http' }
      expect(count(samples, graphql, labels) - count(before, graphql, labels), operation).toBe(1)
      expect(valueOf(samples, `${graphql}_bucket`, { ...labels, le: '+Inf' })).toBe(count(samples, graphql, labels))
    }
    const commands = 'emporium_command_duration_seconds'
    const ok = { command: 'productCreate', outcome: 'ok' }
    expect(types.get(commands)).toBe('histogram')
    expect(count(samples, commands, ok) - count(before, commands, ok)).toBe(1)
    expect(valueOf(samples, `${commands}_sum`, ok)).toBeGreaterThan(0)
    expect(types.get('emporium_projection_batch_duration_seconds')).toBe('histogram')
  })

  it("serves Node's default metrics from the platform's own registry", async () => {
    const { types } = await scrape()
    expect(types.get('nodejs_eventloop_lag_seconds')).toBe('gauge')
    expect(types.get('nodejs_heap_size_used_bytes')).toBe('gauge')
    expect(types.get('nodejs_gc_duration_seconds')).toBe('histogram')
    expect(types.get('process_cpu_seconds_total')).toBe('counter')
  })
})
