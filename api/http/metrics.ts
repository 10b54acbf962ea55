import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { ApiMetrics } from '../../app/metrics/api-metrics.js'

export interface MetricsOptions {
  metrics: ApiMetrics
  /** Bearer token that `/metrics` asks for (`METRICS_TOKEN`); undefined = open. */
  token: string | undefined
}

/**
 * `GET /metrics` in the Prometheus text format, behind `METRICS_TOKEN` when set, and the HTTP
 * request counter. Wrapped with fastify-plugin so its hook sees every route of the app. Counted
 * when the response is written, so hijacked replies (`/mcp`) count too; the route label is the
 * route's pattern, so ids in URLs cannot blow up the number of series.
 */
export const metricsRoutes = fp(
  async function metricsRoutes(app: FastifyInstance, options: MetricsOptions): Promise<void> {
    const { metrics, token } = options
    app.addHook('onRequest', async (request, reply) => {
      reply.raw.once('finish', () => {
        metrics.httpRequests.inc({
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status: String(reply.raw.statusCode),
        })
      })
    })
    app.get('/metrics', async (request, reply) => {
      if (token !== undefined && !bearerMatches(request.headers.authorization, token)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({
            errors: [
              {
                message: '/metrics needs "Authorization: Bearer <METRICS_TOKEN>"',
                extensions: { code: 'UNAUTHENTICATED' },
              },
            ],
          })
      }
      return reply.type(metrics.contentType).send(await metrics.render())
    })
  },
  { name: 'emporium-metrics' },
)

function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = Buffer.from(/^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? '', 'utf8')
  const expected = Buffer.from(token, 'utf8')
  return presented.length === expected.length && timingSafeEqual(presented, expected)
}
