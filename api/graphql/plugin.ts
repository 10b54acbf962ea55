import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import mercurius, { type IResolvers, type MercuriusLoaders } from 'mercurius'
import { DomainError, HTTP_STATUS_OF } from '../../domain/shared/errors.js'
import type { ApiMetrics } from '../../app/metrics/api-metrics.js'
import { principalActor } from '../../app/auth/authenticate.js'
import type { Platform } from '../../app/platform.js'
import type { RateLimiter } from '../../app/ratelimit/limiter.js'
import { installCostHooks, refusalExtensions } from './shared/cost-hooks.js'
import { installDurationHooks } from './shared/duration-hooks.js'
import { newCorrelationId, type GraphQLContext, type RequestContext } from './shared/context.js'
import { checkCsrf } from '../../app/auth/csrf.js'
import { requestCredentials } from '../../app/auth/request-credentials.js'
import { isAnonymousRequest } from './tenancy/account/anonymous.js'
import {
  GRAPHQL_RESPONSE_JSON,
  acceptsGraphQLResponse,
  errorBody,
  formatError,
  retryAfterOf,
  statusFor,
  transportStatus,
} from './shared/errors.js'
import { RequestRefusal, checkConsistencyPosition, checkGraphQLRequest } from './shared/http-request.js'
import { installInputBounds } from './shared/input-bounds.js'
import { recursiveVariablesOptOut } from './shared/jit.js'
import { servePastFields } from './shared/past-fields.js'
import { documentShapeProblem } from './shared/document-shape.js'
import {
  BODY_LIMIT_BYTES,
  DEFAULT_LIMITS,
  documentLimitRules,
  noIntrospection,
  type QueryLimits,
} from './shared/limits.js'
import { sharedResolvers, sharedTypeDefs } from './shared/schema.js'

/** What each `api/graphql/<area>/<resource>/` folder contributes to the one schema. */
export interface GraphQLSlice {
  typeDefs: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  resolvers: IResolvers<any, GraphQLContext>
  loaders?: MercuriusLoaders
}

declare module 'fastify' {
  interface FastifyRequest {
    requestContext?: RequestContext
  }
}

export interface GraphQLOptions {
  platform: Platform
  slices: readonly GraphQLSlice[]
  limits?: QueryLimits
  /** Charges each operation's cost to the credential's bucket. */
  rateLimiter: RateLimiter
  metrics: ApiMetrics
}

/**
 * POST `/graphql` (and GET with `?query=` for queries), authenticated by API key on every
 * request; GET from a browser opens the playground. Errors follow the code table of
 * API-CONVENTIONS.md.
 */
export async function graphqlPlugin(app: FastifyInstance, options: GraphQLOptions): Promise<void> {
  const { platform } = options
  const limits = options.limits ?? DEFAULT_LIMITS
  const resolvers = mergeResolvers([
    { typeDefs: sharedTypeDefs, resolvers: sharedResolvers as GraphQLSlice['resolvers'] },
    ...options.slices,
  ])
  // Merged per type: two slices may each add loaders to the same type (Product.media, Product.categories).
  const merged: MercuriusLoaders = {}
  for (const slice of options.slices)
    for (const [type, fields] of Object.entries(slice.loaders ?? {})) merged[type] = { ...merged[type], ...fields }
  const loaders = servePastFields(merged)

  app.addHook('onRequest', async (request, reply) => {
    if (
      platform.config.graphqlPlayground &&
      request.method === 'GET' &&
      request.url === '/graphql' &&
      request.headers.accept?.includes('text/html')
    ) {
      return reply.redirect('/graphiql')
    }
  })

  // Before fastify's schema validation, which would coerce `{"query": 123}` into a string.
  app.addHook('preValidation', async (request, reply) => {
    if (request.routeOptions.url !== '/graphql') return
    try {
      checkGraphQLRequest(request)
    } catch (error) {
      return sendDomainError(reply, error)
    }
  })

  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.url !== '/graphql') return
    const body = request.body
    if (Array.isArray(body) && body.length > limits.maxBatch) {
      return sendDomainError(
        reply,
        new DomainError(
          'QUERY_TOO_COMPLEX',
          `a batch may hold at most ${limits.maxBatch} operations; got ${body.length}`,
        ),
      )
    }
    try {
      request.requestContext = await authenticate(platform, request, limits.maxTokens)
    } catch (error) {
      return sendDomainError(reply, error)
    }
  })

  // GraphQL-over-HTTP: a client that accepts application/graphql-response+json gets it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      request.routeOptions.url === '/graphql' &&
      acceptsGraphQLResponse(request.headers.accept) &&
      String(reply.getHeader('content-type') ?? '').startsWith('application/json')
    ) {
      reply.header('content-type', `${GRAPHQL_RESPONSE_JSON}; charset=utf-8`)
    }
    return payload
  })

  await app.register(mercurius, {
    schema: [sharedTypeDefs, ...options.slices.map((s) => s.typeDefs)],
    resolvers: resolvers as IResolvers,
    loaders,
    path: '/graphql',
    // Served by api/http/playground.ts from our own origin: mercurius' GraphiQL loads from a CDN.
    graphiql: false,
    jit: 1,
    cache: true,
    allowBatchedQueries: true,
    // The parser stops at maxTokens: a document's size bounds every step after it.
    graphql: { parseOptions: { maxTokens: limits.maxTokens } },
    validationRules: [
      ...documentLimitRules(limits),
      ...(platform.config.graphqlIntrospection ? [] : [noIntrospection]),
    ],
    context: (request) => request.requestContext ?? { platform },
    errorFormatter: (execution, context) => {
      const reply = (context as { reply?: FastifyReply }).reply
      const requestId = String(reply?.request.id ?? '')
      const errors = execution.errors.flatMap((e) =>
        formatError(e, {
          logger: platform.logger,
          requestId,
          bodyLimitBytes: BODY_LIMIT_BYTES,
          maxTokens: limits.maxTokens,
        }),
      )
      // Errors raised before execution (parse, validation, limits, refusals) come without `data`.
      const executed = execution.data !== undefined
      const graphqlResponse = acceptsGraphQLResponse(reply?.request.headers.accept)
      const transport = transportStatus(execution.errors)
      const statusCode = transport ?? statusFor(errors, { executed, hasData: execution.data != null, graphqlResponse })
      const retryAfter = retryAfterOf(errors)
      if (retryAfter !== undefined) reply?.header('retry-after', String(retryAfter))
      // What was no GraphQL request (unreadable body, 405, 413, 415) never has `data`, whatever the media type.
      const data = transport === undefined && (executed || !graphqlResponse) ? { data: execution.data ?? null } : {}
      return { statusCode, response: { ...data, errors, ...refusalExtensions(execution.errors) } }
    },
  })
  // Mercurius reads a source that is not GraphQL as a JSON AST, which would skip the token limit
  // and feed validation any shape: a query is GraphQL text.
  app.graphql.addHook('preParsing', async (_schema, source) => {
    if (looksLikeJson(source))
      throw new DomainError(
        'BAD_USER_INPUT',
        'Syntax Error: the query is JSON, not a GraphQL document; send the document as text in "query"',
      )
  })
  // Before graphql-js validates: some of its rules cost the square of what a document repeats.
  app.graphql.addHook('preValidation', async (_schema, document) => {
    const problem = documentShapeProblem(document, limits)
    if (problem) throw new DomainError('QUERY_TOO_COMPLEX', problem)
  })
  const optOut = recursiveVariablesOptOut(app.graphql.schema)
  app.graphql.addHook('preExecution', async (_schema, document) => optOut(document))
  installCostHooks(app, options.rateLimiter, options.metrics)
  installDurationHooks(app, options.metrics)
  installInputBounds(app, limits)
}

function looksLikeJson(source: string): boolean {
  if (!/^\s*[[{]\s*["\]}]/.test(source)) return false
  try {
    JSON.parse(source)
    return true
  } catch {
    return false
  }
}

/**
 * The request's context: a bearer key, else the session cookie (CSRF-checked); undefined for the
 * few account operations that run without a credential (signUp, login, …), which get only the
 * platform. A stale cookie does not stand in the way of logging in again.
 */
async function authenticate(
  platform: Platform,
  request: FastifyRequest,
  maxTokens: number,
): Promise<RequestContext | undefined> {
  // Parsed only for requests without a working credential: the hot path never pays for it.
  const anonymous = () => isAnonymousRequest(request.body, maxTokens)
  const credentials = await requestCredentials(platform, request).catch((error: unknown) => {
    if (
      !request.headers.authorization &&
      error instanceof DomainError &&
      error.code === 'UNAUTHENTICATED' &&
      anonymous()
    )
      return null
    throw error
  })
  if (!credentials) {
    if (!anonymous()) throw new DomainError('UNAUTHENTICATED', 'no credential: send Authorization: Bearer <api key>')
    checkCsrf(request)
    return undefined
  }
  const { principal, store } = credentials
  const position = request.headers['x-consistency-position']
  if (typeof position === 'string' && position) {
    checkConsistencyPosition(position)
    await platform.waitForPosition(position)
  }
  return {
    platform,
    principal,
    store,
    requestId: String(request.id),
    correlationId: newCorrelationId(request.headers['x-correlation-id']),
    actor: principalActor(principal),
  }
}

/** Answers a request refused before GraphQL runs, with the status API-CONVENTIONS.md gives its code. */
function sendDomainError(reply: FastifyReply, error: unknown): FastifyReply {
  if (!(error instanceof DomainError)) throw error
  if (error.code === 'UNAUTHENTICATED') reply.header('www-authenticate', 'Bearer')
  const retryAfter = error.details?.retryAfter
  if ((error.code === 'RATE_LIMITED' || error.code === 'SERVICE_UNAVAILABLE') && typeof retryAfter === 'number')
    reply.header('retry-after', String(Math.ceil(retryAfter)))
  const status =
    error instanceof RequestRefusal
      ? error.status
      : (HTTP_STATUS_OF[error.code] ?? (acceptsGraphQLResponse(reply.request.headers.accept) ? 400 : 200))
  return reply.code(status).send(
    errorBody(error.code, error.message, {
      ...(error.field ? { field: error.field } : {}),
      ...(error.details ?? {}),
    }),
  )
}

function mergeResolvers(slices: readonly GraphQLSlice[]): GraphQLSlice['resolvers'] {
  const merged: Record<string, unknown> = {}
  for (const slice of slices) {
    for (const [type, fields] of Object.entries(slice.resolvers)) {
      // A type's field resolvers add to other slices' of the same type; a scalar (it serializes) is one value.
      const adds = typeof fields === 'object' && fields !== null && !('serialize' in fields)
      merged[type] = adds ? { ...(merged[type] as object | undefined), ...(fields as object) } : fields
    }
  }
  return merged as GraphQLSlice['resolvers']
}
