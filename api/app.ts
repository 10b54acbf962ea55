import Fastify, { LogController } from 'fastify'
import { v7 as uuidv7 } from 'uuid'
import { createApiMetrics } from '../app/metrics/api-metrics.js'
import type { Platform } from '../app/platform.js'
import { openRateLimiter } from '../app/ratelimit/limiter.js'
import { mcpPlugin } from '../mcp/http.js'
import { graphqlSlices } from './graphql/slices.js'
import { graphqlPlugin } from './graphql/plugin.js'
import { BODY_LIMIT_BYTES } from './graphql/shared/limits.js'
import { bodyError } from './graphql/shared/errors.js'
import { DomainError, HTTP_STATUS_OF, type ErrorCode } from '../domain/shared/errors.js'
import { graphqlUploads } from './graphql/media/upload.js'
import { healthRoutes } from './http/health.js'
import { internalRoutes } from './http/internal.js'
import { metricsRoutes } from './http/metrics.js'
import { playgroundRoutes } from './http/playground.js'
import { storageRoutes } from './http/storage.js'
import { storefrontPlugin } from './http/storefront.js'
import { storefrontApiRoutes } from './storefront/plugin.js'
import { cartRoutes } from './http/cart.js'
import { webhookRoutes } from './http/webhooks/routes.js'
import { testPayRoutes } from './http/webhooks/test-pay.js'
import { checkoutRoutes } from './http/checkout.js'

export { BODY_LIMIT_BYTES }

/** The API server as a value: tests drive it with `app.inject()`; only the CLI calls `listen`. */
export async function buildApp(platform: Platform) {
  const app = Fastify({
    loggerInstance: platform.logger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: platform.config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => uuidv7(),
    // One line per request is noise at info level and costs throughput; debug turns it on.
    logController: new LogController({
      disableRequestLogging: platform.config.logLevel !== 'debug' && platform.config.logLevel !== 'trace',
    }),
  })
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const { status, code, message } = describeError(error, String(request.id))
    if (status >= 500) request.log.error({ err: error }, 'request failed')
    if (error instanceof DomainError && typeof error.details?.retryAfter === 'number')
      reply.header('retry-after', String(Math.ceil(error.details.retryAfter)))
    return reply.code(status).send({ errors: [{ message, extensions: { code } }] })
  })
  const metrics = createApiMetrics(platform, platform.logger)
  const rateLimiter = await openRateLimiter(platform.config, platform.logger, {
    storeFailed: () => metrics.rateLimitStoreErrors.inc(),
  })
  app.addHook('onClose', () => rateLimiter.close())
  await app.register(storefrontPlugin, { platform })
  await app.register(metricsRoutes, { metrics, token: platform.config.metricsToken })
  await app.register(healthRoutes, { platform })
  await app.register(graphqlUploads, { platform })
  await app.register(graphqlPlugin, { platform, slices: graphqlSlices, rateLimiter, metrics })
  await app.register(storageRoutes, { platform })
  await app.register(storefrontApiRoutes, { platform })
  await app.register(cartRoutes, { platform })
  if (platform.config.graphqlPlayground) await app.register(playgroundRoutes)
  await app.register(internalRoutes, { platform })
  await app.register(webhookRoutes, { platform })
  await app.register(testPayRoutes, { platform })
  await app.register(checkoutRoutes, { platform })
  await app.register(mcpPlugin, { platform, rateLimiter, metrics })
  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>

/**
 * What an error of a route outside GraphQL (mercurius formats its own) answers: what fastify
 * raised reading the body is the client's (BAD_REQUEST 400 or 415, PAYLOAD_TOO_LARGE 413), a
 * domain error answers its code's status, another 4xx keeps its status, and only the rest is
 * ours (INTERNAL_SERVER_ERROR 500, with no internals in the message).
 */
function describeError(
  error: Error & { statusCode?: number; code?: string },
  requestId: string,
): { status: number; code: ErrorCode; message: string } {
  if (error instanceof DomainError) {
    const status =
      HTTP_STATUS_OF[error.code] ??
      (error.code === 'NOT_FOUND' ? 404 : error.code === 'FORBIDDEN' ? 403 : error.code === 'CONFLICT' ? 409 : 400)
    return { status, code: error.code, message: error.message }
  }
  const body = bodyError(error, BODY_LIMIT_BYTES)
  if (body) return { status: error.statusCode ?? HTTP_STATUS_OF[body.code]!, ...body }
  const status = error.statusCode ?? 500
  if (status >= 500 && status !== 503)
    return {
      status,
      code: 'INTERNAL_SERVER_ERROR',
      message: `internal server error; quote request id ${requestId} when reporting it`,
    }
  // A route's own 400 (a bad parameter) stays BAD_USER_INPUT; 401, 413, 429 and 503 name theirs.
  const code =
    status === 400
      ? undefined
      : (Object.entries(HTTP_STATUS_OF).find(([, s]) => s === status)?.[0] as ErrorCode | undefined)
  return { status, code: code ?? 'BAD_USER_INPUT', message: error.message }
}
