import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Platform } from '../../app/platform.js'
import { decideHost, isPlatformPath } from '../../app/storefront/host.js'
import { UNKNOWN_STORE_PAGE } from '../../app/storefront/platform-pages.js'
import { openStorefrontCache } from '../../app/storefront/cache/open.js'
import { serveCachedStorefront } from '../../app/storefront/cached.js'
import { serveStorefront } from '../../app/storefront/serve.js'
import { isCartPath } from '../../app/orders/cart/paths.js'

/**
 * Mounts the storefront: on a store's host (`<slug>.<PLATFORM_HOST>` or a verified custom
 * domain) every path is the store's, except `/storage/*`, `/api/storefront/graphql` and
 * `/api/webhooks/*` (and the cart's paths, served by `api/http/cart.ts`); any other host keeps the platform's routes. A root-level `onRequest` hook
 * (fastify-plugin), so it runs before routing and no platform route answers on a store's host.
 */
export const storefrontPlugin = fp(async (app: FastifyInstance, options: { platform: Platform }) => {
  const { platform } = options
  const cached = await openStorefrontCache(platform)
  if (cached) app.addHook('onClose', () => cached.close())
  app.addHook('onRequest', async (request, reply) => {
    const decision = await decideHost(platform, request.headers.host, request.url, request.protocol)
    if (decision.kind === 'platform') return
    if (decision.kind === 'unknown_store')
      return reply
        .code(404)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(UNKNOWN_STORE_PAGE)
    if (isPlatformPath(request.url)) return
    // One shopper's cart: its own routes (api/http/cart.ts), never the shared page cache.
    if (isCartPath(request.url)) return
    if (decision.kind === 'redirect') return reply.code(301).header('location', decision.location).send()
    const storefrontRequest = {
      method: request.method,
      url: request.url,
      origin: decision.origin,
      requestId: String(request.id),
      now: new Date(),
      ifNoneMatch: request.headers['if-none-match'],
    }
    const response = cached
      ? await serveCachedStorefront(platform, cached.cache, decision.store, storefrontRequest, request.log)
      : await serveStorefront(platform, decision.store, storefrontRequest, request.log)
    return reply.code(response.status).headers(response.headers).send(response.body)
  })
})
