import type { FastifyInstance, FastifyReply } from 'fastify'
import type { DocumentNode, GraphQLError } from 'graphql'
import { DomainError } from '../../../domain/shared/errors.js'
import type { Principal } from '../../../app/auth/authenticate.js'
import type { RateLimitedClient } from '../../../app/ratelimit/credential.js'
import type { ApiMetrics } from '../../../app/metrics/api-metrics.js'
import type { RateLimiter, ThrottleStatus } from '../../../app/ratelimit/limiter.js'
import { actualQueryCost, findOperation, requestedQueryCost, type Variables } from './cost.js'

/** `extensions.cost` of every GraphQL response that got as far as being costed (Shopify's shape). */
export interface CostExtension {
  requestedQueryCost: number
  /** Null when the operation did not run (too complex, or throttled). */
  actualQueryCost: number | null
  throttleStatus: ThrottleStatus
}

interface Costed {
  client: RateLimitedClient
  document: DocumentNode
  operationName: string | null
  variables: Variables
  cost: CostExtension
}

const COSTED = Symbol('emporium.cost')

/** The per-operation context mercurius hands to hooks: ours plus what it adds (reply, batch index). */
export interface HookContext {
  principal?: Principal
  reply: FastifyReply
  operationId?: number
  [COSTED]?: Costed
}

/** Costs of operations refused before they ran, by error: the formatter of a refusal gets the error, and in a batch not the operation's context. */
const refusals = new WeakMap<DomainError, CostExtension>()

/**
 * Rate limiting by query cost around every GraphQL operation:
 * - before it runs, its requested cost is computed from the document and variables; above the
 *   per-query maximum it is refused with QUERY_TOO_COMPLEX; else the cost is taken from the
 *   credential's bucket, or it is refused with RATE_LIMITED, HTTP 429 and `Retry-After`;
 * - after it ran, its actual cost (lists at their returned lengths) is computed and the
 *   difference refunded; `extensions.cost` reports both and the bucket.
 * Nothing runs when refused. In a batch each operation is costed and charged by itself.
 * Anonymous operations (signUp, login, …) are costed the same way and charged to their client
 * address's bucket (`anon:<ip>`), so a request without a credential is bounded too.
 */
export function installCostHooks(app: FastifyInstance, limiter: RateLimiter, metrics: ApiMetrics): void {
  app.graphql.addHook('preExecution', async (schema, document, context, variables) => {
    const ctx = context as unknown as HookContext
    const client: RateLimitedClient = ctx.principal ?? { type: 'anonymous', ip: ctx.reply.request.ip }
    const operationName = operationNameOf(ctx)
    const vars = (variables ?? {}) as Variables
    const requested = requestedQueryCost(schema, document, operationName, vars)
    const max = limiter.maxQueryCost(client)
    if (requested > max) {
      // An infinite cost is a document too large to cost at all: the walk stopped (MAX_COST_WALK_STEPS).
      const shown = Number.isFinite(requested) ? requested : null
      throw refuse(
        { requestedQueryCost: shown ?? max + 1, actualQueryCost: null, throttleStatus: await limiter.peek(client) },
        new DomainError(
          'QUERY_TOO_COMPLEX',
          shown === null
            ? `this query selects too much to be costed and one query may cost at most ${max} points; ask for fewer items or split it into several queries`
            : `this query may cost ${requested} points and one query may cost at most ${max}; ask for fewer items (first/limit) or fewer nested lists, or split it into several queries`,
          { details: { requestedQueryCost: shown, maxQueryCost: max } },
        ),
      )
    }
    const verdict = await limiter.take(client, requested)
    if (!verdict.allowed) {
      metrics.rateLimited.inc({ transport: 'graphql' })
      ctx.reply.header('retry-after', String(verdict.retryAfterSeconds))
      // Set here as well as by the error formatter: a refused operation of a batch is formatted without a status.
      ctx.reply.code(429)
      const { currentlyAvailable, restoreRate } = verdict.status
      throw refuse(
        { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: verdict.status },
        new DomainError(
          'RATE_LIMITED',
          `${client.type === 'anonymous' ? 'this address' : 'this credential'}'s query budget is spent: the query costs ${requested} points, ${currentlyAvailable} are left and the budget refills at ${restoreRate} per second; retry in ${verdict.retryAfterSeconds} s or ask for fewer items`,
          { details: { retryAfter: verdict.retryAfterSeconds } },
        ),
      )
    }
    ctx[COSTED] = {
      client,
      document,
      operationName,
      variables: vars,
      cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: verdict.status },
    }
  })

  app.graphql.addHook('onResolution', async (execution, context) => {
    const costed = (context as unknown as HookContext)[COSTED]
    if (!costed) return
    const { client, document, operationName, variables, cost } = costed
    const actual = actualQueryCost(
      app.graphql.schema,
      document,
      operationName,
      variables,
      execution.data,
      cost.requestedQueryCost,
    )
    const unused = cost.requestedQueryCost - actual
    const throttleStatus = unused > 0 ? await limiter.refund(client, unused) : cost.throttleStatus
    metrics.costConsumed.inc(
      { operation: findOperation(document, operationName)?.operation ?? 'query', transport: 'graphql' },
      actual,
    )
    const extensions = {
      ...execution.extensions,
      cost: { ...cost, actualQueryCost: actual, throttleStatus } satisfies CostExtension,
    }
    Object.assign(execution, { extensions })
  })
}

/**
 * `{extensions: {cost}}` for the response of an operation refused before it ran, or nothing:
 * operations that ran get theirs in `onResolution`, and requests refused before costing (not
 * authenticated, not valid GraphQL) have no cost.
 */
export function refusalExtensions(errors: readonly GraphQLError[]): { extensions?: { cost: CostExtension } } {
  for (const error of errors) {
    const domain = domainErrorOf(error)
    const cost = domain && refusals.get(domain)
    if (cost) return { extensions: { cost } }
  }
  return {}
}

function refuse(cost: CostExtension, error: DomainError): DomainError {
  refusals.set(error, cost)
  return error
}

function domainErrorOf(error: GraphQLError): DomainError | undefined {
  let current: unknown = error
  for (let depth = 0; current && depth < 8; depth++) {
    if (current instanceof DomainError) return current
    current = (current as { originalError?: unknown }).originalError
  }
  return undefined
}

/** The operation a request names: in the body (one per batch item) or the query string of a GET. */
export function operationNameOf(ctx: HookContext): string | null {
  const request = ctx.reply.request
  const body = request.body as { operationName?: string | null } | { operationName?: string | null }[] | undefined
  const item = Array.isArray(body)
    ? body[ctx.operationId ?? 0]
    : (body ?? (request.query as { operationName?: string } | undefined))
  return item?.operationName ?? null
}
