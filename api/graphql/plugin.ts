import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { NoSchemaIntrospectionCustomRule } from 'graphql'
import mercurius, { type IResolvers, type MercuriusLoaders } from 'mercurius'
import { DomainError } from '../../domain/shared/errors.js'
import type { ApiMetrics } from '../../infra/metrics/api-metrics.js'
import { principalActor } from '../../infra/auth/authenticate.js'
import type { Platform } from '../../infra/platform.js'
import type { RateLimiter } from '../../infra/ratelimit/limiter.js'
import { installCostHooks, refusalExtensions } from './shared/cost-hooks.js'
import { newCorrelationId, type GraphQLContext, type RequestContext } from './shared/context.js'
import { checkCsrf } from '../http/session/csrf.js'
import { requestCredentials } from '../http/session/credentials.js'
import { isAnonymousRequest } from './tenancy/account/anonymous.js'
import { errorBody, formatError, statusFor, transportStatus } from './shared/errors.js'
import { installInputBounds } from './shared/input-bounds.js'
import { recursiveVariablesOptOut } from './shared/jit.js'
import { servePastFields } from './shared/past-fields.js'
import { BODY_LIMIT_BYTES, DEFAULT_LIMITS, aliasLimit, depthLimit, type QueryLimits } from './shared/limits.js'
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
  const resolvers = mergeResolvers([{ typeDefs: sharedTypeDefs, resolvers: sharedResolvers as GraphQLSlice['resolvers'] }, ...options.slices])
  // Merged per type: two slices may each add loaders to the same type (Product.media, Product.categories).
  const merged: MercuriusLoaders = {}
  for (const slice of options.slices) for (const [type, fields] of Object.entries(slice.loaders ?? {})) merged[type] = { ...merged[type], ...fields }
  const loaders = servePastFields(merged)

  app.addHook('onRequest', async (request, reply) => {
    if (platform.config.graphqlPlayground && request.method === 'GET' && request.url === '/graphql' && request.headers.accept?.includes('text/html')) {
      return reply.redirect('/graphiql')
    }
  })

  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.url !== '/graphql') return
    const body = request.body
    if (Array.isArray(body) && body.length > limits.maxBatch) {
      return reply.code(200).send(errorBody('QUERY_TOO_COMPLEX', `a batch may hold at most ${limits.maxBatch} operations; got ${body.length}`))
    }
    try {
      request.requestContext = await authenticate(platform, request)
    } catch (error) {
      return sendDomainError(reply, error)
    }
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
    validationRules: [
      depthLimit(limits.maxDepth),
      aliasLimit(limits.maxAliases),
      ...(platform.config.graphqlIntrospection ? [] : [NoSchemaIntrospectionCustomRule]),
    ],
    context: (request) => request.requestContext ?? { platform },
    errorFormatter: (execution, context) => {
      const requestId = String((context as { reply?: FastifyReply }).reply?.request.id ?? '')
      const errors = execution.errors.flatMap((e) => formatError(e, platform.logger, requestId, BODY_LIMIT_BYTES))
      const statusCode = transportStatus(execution.errors) ?? statusFor(errors, execution.data != null)
      return { statusCode, response: { data: execution.data ?? null, errors, ...refusalExtensions(execution.errors) } }
    },
  })
  const optOut = recursiveVariablesOptOut(app.graphql.schema)
  app.graphql.addHook('preExecution', async (_schema, document) => optOut(document))
  installCostHooks(app, options.rateLimiter, options.metrics)
  installInputBounds(app)
}

const POSITION_SHAPE = /^\d{20}-\d{20}$/

/**
 * The request's context: a bearer key, else the session cookie (CSRF-checked); undefined for the
 * few account operations that run without a credential (signUp, login, …), which get only the
 * platform. A stale cookie does not stand in the way of logging in again.
 */
async function authenticate(platform: Platform, request: FastifyRequest): Promise<RequestContext | undefined> {
  // Parsed only for requests without a working credential: the hot path never pays for it.
  const anonymous = () => isAnonymousRequest(request.body)
  const credentials = await requestCredentials(platform, request).catch((error: unknown) => {
    if (!request.headers.authorization && error instanceof DomainError && error.code === 'UNAUTHENTICATED' && anonymous()) return null
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
    // A header the event store cannot decode would fail deep in the adapter as a 500; it is the
    // client's mistake. Both adapters write positions as <20 digits>-<20 digits>.
    if (!POSITION_SHAPE.test(position)) {
      throw new DomainError('BAD_USER_INPUT', `X-Consistency-Position '${position.slice(0, 60)}' is not a position; send an eventPosition a mutation returned`)
    }
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

function sendDomainError(reply: FastifyReply, error: unknown): FastifyReply {
  if (!(error instanceof DomainError)) throw error
  if (error.code === 'UNAUTHENTICATED') reply.header('www-authenticate', 'Bearer')
  const status = error.code === 'UNAUTHENTICATED' ? 401 : error.code === 'RATE_LIMITED' ? 429 : 200
  return reply.code(status).send(errorBody(error.code, error.message, error.field ? { field: error.field } : {}))
}

function mergeResolvers(slices: readonly GraphQLSlice[]): GraphQLSlice['resolvers'] {
  const merged: Record<string, Record<string, unknown>> = {}
  for (const slice of slices) {
    for (const [type, fields] of Object.entries(slice.resolvers)) {
      if (typeof fields === 'object' && fields !== null && !('serialize' in fields)) merged[type] = { ...merged[type], ...(fields as object) }
      else merged[type] = fields as never
    }
  }
  return merged as GraphQLSlice['resolvers']
}
