import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { DomainError } from '../../domain/shared/errors.js'
import type { Platform } from '../../app/platform.js'
import { authenticateStorefrontToken } from '../../app/storefront-api/auth.js'
import {
  maintenanceOf,
  openStorefrontLimiter,
  openStorefrontSession,
  storefrontApiHost,
} from '../../app/storefront-api/open.js'
import { MAINTENANCE_RETRY_AFTER_SECONDS } from '../../app/storefront/serve.js'
import { errorBody } from '../graphql/shared/errors.js'
import { StorefrontCarts } from '../../app/storefront-api/cart.js'
import { buildStorefrontSchema, runStorefrontQuery, type StorefrontRequestBody } from './execute.js'

export const STOREFRONT_API_PATH = '/api/storefront/graphql'

/**
 * Any origin may call: the API is public and token-based, and sends no cookies, so a page of
 * another origin learns nothing it could not fetch itself.
 */
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Retry-After',
}
/**
 * No CDN or proxy in front of the store's host keeps an answer: it depends on the token (a cache
 * would hand it to a request without one), on the moment (stock, a cart) and no purge reaches it.
 */
const NOT_STORED = { 'cache-control': 'no-store' }
const PREFLIGHT = {
  ...CORS,
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'Content-Type, Accept, X-Storefront-Access-Token',
  'access-control-max-age': '86400',
}

/**
 * `POST` and `GET /api/storefront/graphql` on a store's host: the public storefront API. Its own
 * small schema run by graphql-js behind one route (not a second mercurius, whose decorators and
 * hooks are made for the admin API's credentials and cost buckets), per-address rate limits, a
 * storefront token per request; on the platform's host it does not exist (404).
 */
export async function storefrontApiRoutes(app: FastifyInstance, options: { platform: Platform }): Promise<void> {
  const { platform } = options
  const schema = buildStorefrontSchema()
  const limiter = await openStorefrontLimiter(platform, platform.logger)
  app.addHook('onClose', () => limiter.close())

  app.options(STOREFRONT_API_PATH, (_request, reply) => reply.code(204).headers(PREFLIGHT).send())

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.headers({ ...CORS, ...NOT_STORED })
    const host = await storefrontApiHost(platform, request.headers.host, request.url, request.protocol)
    if (host.kind === 'platform')
      return reply
        .code(404)
        .send(
          errorBody(
            'NOT_FOUND',
            `the storefront API answers on a store's host, e.g. https://<store>.${platform.config.platformHost}${STOREFRONT_API_PATH}; the admin API is /graphql`,
          ),
        )
    const verdict = await limiter.take({ type: 'anonymous', ip: request.ip }, 1)
    if (!verdict.allowed)
      return reply
        .code(429)
        .header('retry-after', String(verdict.retryAfterSeconds))
        .send(
          errorBody(
            'RATE_LIMITED',
            `too many storefront API requests from this address; retry in ${verdict.retryAfterSeconds} s`,
            { retryAfter: verdict.retryAfterSeconds },
          ),
        )
    try {
      await authenticateStorefrontToken(
        platform.database.db,
        host.storeId,
        request.headers['x-storefront-access-token'],
      )
    } catch (error) {
      if (error instanceof DomainError) return reply.code(401).send(errorBody(error.code, error.message))
      throw error
    }
    const maintenance = await maintenanceOf(platform, host.storeId)
    if (maintenance)
      return reply
        .code(503)
        .header('retry-after', String(MAINTENANCE_RETRY_AFTER_SECONDS))
        .send(
          errorBody(
            'SERVICE_UNAVAILABLE',
            `this store is closed for maintenance${maintenance.message ? ` (${maintenance.message})` : ''}; retry in ${MAINTENANCE_RETRY_AFTER_SECONDS} s`,
            { retryAfter: MAINTENANCE_RETRY_AFTER_SECONDS },
          ),
        )
    const session = await openStorefrontSession(platform, host, new Date())
    if (!session)
      return reply
        .code(503)
        .header('retry-after', '30')
        .send(
          errorBody('SERVICE_UNAVAILABLE', 'this store is being set up; retry in a few seconds', { retryAfter: 30 }),
        )
    const body = (request.method === 'GET' ? getBody(request.query) : request.body) as StorefrontRequestBody | null
    const answer = await runStorefrontQuery(
      schema,
      body ?? {},
      { session, carts: new StorefrontCarts(platform, session), platform },
      {
        logger: platform.logger,
        requestId: String(request.id),
        allowMutations: request.method === 'POST',
      },
    )
    return reply.code(answer.status).send(answer.body)
  }
  app.route({ method: ['GET', 'POST'], url: STOREFRONT_API_PATH, handler: handle })
}

/** `?query=…&variables={…}&operationName=…`: variables arrive as JSON text. */
function getBody(query: unknown): StorefrontRequestBody {
  const params = (query ?? {}) as Record<string, unknown>
  let variables: unknown = params.variables
  if (typeof variables === 'string') {
    try {
      variables = JSON.parse(variables)
    } catch {
      variables = 'unparseable'
    }
  }
  return { query: params.query, variables, operationName: params.operationName }
}
