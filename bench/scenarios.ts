import autocannon from 'autocannon'
import {
  BY_HANDLE_QUERY,
  LIST_QUERY,
  UPDATE_MUTATION,
  graphqlBody,
  graphqlHeaders,
  type GraphQLError,
} from './graphql.js'
import type { SeededProduct } from './seed.js'
import { signedDelivery, type WebhookTarget } from './webhook.js'

/** One load run as autocannon describes it, with the bodies' GraphQL errors counted. */
export interface Scenario {
  name: string
  connections: number
  options: autocannon.Options
  /** Responses whose body carries GraphQL `errors`, by `extensions.code`; reset per run. */
  errorCodes: Record<string, number>
}

export interface ScenarioResult {
  name: string
  connections: number
  requests: number
  reqPerSec: number
  p50Ms: number
  p99Ms: number
  non2xx: number
  graphqlErrors: number
  graphqlErrorCodes: Record<string, number>
  /** Connection errors and timeouts, as autocannon counts them. */
  socketErrors: number
}

export interface Targets {
  floorUrl: string
  graphqlUrl: string
  apiKey: string
  products: readonly SeededProduct[]
  /** The payment webhook scenario's receiver and signing secret. */
  webhook: WebhookTarget
}

export function scenarios(t: Targets): Scenario[] {
  const headers = graphqlHeaders(t.apiKey)
  const scenario = (
    name: string,
    connections: number,
    options: Omit<autocannon.Options, 'url' | 'connections'>,
    url = t.graphqlUrl,
  ): Scenario => {
    const s: Scenario = { name, connections, errorCodes: {}, options: { url, connections, ...options } }
    for (const request of s.options.requests ?? [])
      request.onResponse = (_status, body) => countErrors(body, s.errorCodes)
    return s
  }
  let handleIndex = 0
  let updateSeq = 0
  let webhookSeq = 0
  return [
    scenario('floor', 50, { method: 'GET' }, t.floorUrl),
    scenario('list', 50, { method: 'POST', headers, requests: [{ body: graphqlBody(LIST_QUERY) }] }),
    scenario('by handle', 50, {
      method: 'POST',
      headers,
      requests: [
        {
          setupRequest: (request) => {
            const product = t.products[handleIndex++ % t.products.length]!
            return { ...request, body: graphqlBody(BY_HANDLE_QUERY, { handle: product.handle }) }
          },
        },
      ],
    }),
    scenario('productUpdate', 10, {
      method: 'POST',
      headers,
      requests: [
        {
          // Round robin over the catalog: ten requests in flight never touch the same product, and
          // the sequence number makes every title new, so each request appends a real event.
          setupRequest: (request) => {
            const seq = updateSeq++
            const product = t.products[seq % t.products.length]!
            return {
              ...request,
              body: graphqlBody(UPDATE_MUTATION, { input: { id: product.id, title: `${product.title} (rev ${seq})` } }),
            }
          },
        },
      ],
    }),
    scenario(
      'webhook',
      10,
      {
        method: 'POST',
        requests: [
          {
            // Signed per request (HMAC-SHA256, as Stripe signs): distinct event ids, each recorded.
            setupRequest: (request) => ({ ...request, ...signedDelivery(t.webhook, webhookSeq++) }),
          },
        ],
      },
      t.webhook.url,
    ),
  ]
}

/** Cheap on the common path: only bodies that mention `errors` are parsed. */
function countErrors(body: string, codes: Record<string, number>): void {
  if (!body.includes('"errors"')) return
  let errors: GraphQLError[]
  try {
    errors = (JSON.parse(body) as { errors?: GraphQLError[] }).errors ?? []
  } catch {
    codes.UNPARSEABLE_BODY = (codes.UNPARSEABLE_BODY ?? 0) + 1
    return
  }
  if (errors.length === 0) return
  const code = errors[0]!.extensions?.code ?? 'NO_CODE'
  codes[code] = (codes[code] ?? 0) + 1
}

/** A warm-up run whose numbers are dropped (JIT, pools, plan caches), then the measured run. */
export async function runScenario(s: Scenario, durationSec: number, warmupSec: number): Promise<ScenarioResult> {
  if (warmupSec > 0) await autocannon({ ...s.options, duration: warmupSec })
  for (const code of Object.keys(s.errorCodes)) delete s.errorCodes[code]
  const result = await autocannon({ ...s.options, duration: durationSec })
  return {
    name: s.name,
    connections: s.connections,
    requests: result.requests.total,
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    graphqlErrors: Object.values(s.errorCodes).reduce((a, b) => a + b, 0),
    graphqlErrorCodes: { ...s.errorCodes },
    socketErrors: result.errors,
  }
}
