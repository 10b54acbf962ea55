import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Platform } from '../../app/platform.js'
import { storeOfHost } from '../../app/tenancy/host.js'

export const INTERNAL_SECRET_HEADER = 'x-internal-secret'

/**
 * `/internal/*`, for the platform's own edge: `GET /internal/resolve-host?host=…` answers which
 * store a storefront host name serves. It needs `X-Internal-Secret: <INTERNAL_SECRET>`, compared
 * in constant time; without INTERNAL_SECRET configured the routes do not exist (404).
 */
export async function internalRoutes(app: FastifyInstance, options: { platform: Platform }): Promise<void> {
  const { platform } = options
  app.get('/internal/resolve-host', async (request, reply) => {
    const secret = platform.config.internalSecret
    if (!secret) return reply.code(404).send({ error: 'not found' })
    const presented = request.headers[INTERNAL_SECRET_HEADER]
    if (typeof presented !== 'string' || !sameSecret(presented, secret)) {
      return reply.code(401).send({ error: `send the shared secret in the ${INTERNAL_SECRET_HEADER} header` })
    }
    const host = (request.query as { host?: unknown }).host
    if (typeof host !== 'string' || host.trim() === '')
      return reply.code(400).send({ error: 'give the host name to resolve as ?host=shop.example.com' })
    const store = await storeOfHost(platform, host)
    if (!store) return reply.code(404).send({ error: `no active store serves '${host.slice(0, 255)}'` })
    return store
  })
}

/** Compares digests, so neither the length nor the content of the secret leaks through timing. */
function sameSecret(presented: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(presented), digest(expected))
}
