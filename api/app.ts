import Fastify, { LogController } from 'fastify'
import { v7 as uuidv7 } from 'uuid'
import { createApiMetrics } from '../infra/metrics/api-metrics.js'
import type { Platform } from '../infra/platform.js'
import { openRateLimiter } from '../infra/ratelimit/limiter.js'
import { mcpPlugin } from '../mcp/http.js'
import { graphqlSlices } from './graphql/slices.js'
import { graphqlPlugin } from './graphql/plugin.js'
import { BODY_LIMIT_BYTES } from './graphql/shared/limits.js'
import { graphqlUploads } from './graphql/media/upload.js'
import { healthRoutes } from './http/health.js'
import { internalRoutes } from './http/internal.js'
import { metricsRoutes } from './http/metrics.js'
import { playgroundRoutes } from './http/playground.js'
import { storageRoutes } from './http/storage.js'

export { BODY_LIMIT_BYTES }

/** The API server as a value: tests drive it with `app.inject()`; only the CLI calls `listen`. */
export async function buildApp(platform: Platform) {
  const app = Fastify({
    loggerInstance: platform.logger,
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: 'x-request-id',
    genReqId: () => uuidv7(),
    // One line per request is noise at info level and costs throughput; debug turns it on.
    logController: new LogController({ disableRequestLogging: platform.config.logLevel !== 'debug' && platform.config.logLevel !== 'trace' }),
  })
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const status = error.statusCode ?? 500
    if (status >= 500) request.log.error({ err: error }, 'request failed')
    const message =
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? `the request body is larger than the ${BODY_LIMIT_BYTES / 1024 / 1024} MB limit; send less per request`
        : status >= 500
          ? `internal server error; quote request id ${request.id} when reporting it`
          : error.message
    const code = status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_USER_INPUT'
    return reply.code(status).send({ errors: [{ message, extensions: { code } }] })
  })
  const metrics = createApiMetrics(platform, platform.logger)
  const rateLimiter = await openRateLimiter(platform.config, platform.logger, { storeFailed: () => metrics.rateLimitStoreErrors.inc() })
  app.addHook('onClose', () => rateLimiter.close())
  await app.register(metricsRoutes, { metrics, token: platform.config.metricsToken })
  await app.register(healthRoutes, { platform })
  await app.register(graphqlUploads, { platform })
  await app.register(graphqlPlugin, { platform, slices: graphqlSlices, rateLimiter, metrics })
  await app.register(storageRoutes, { platform })
  if (platform.config.graphqlPlayground) await app.register(playgroundRoutes)
  await app.register(internalRoutes, { platform })
  await app.register(mcpPlugin, { platform, rateLimiter, metrics })
  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>
