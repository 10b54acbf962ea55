import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Platform } from '../../app/platform.js'
import { decideHost, isPlatformPath } from '../../app/storefront/host.js'
import { UNKNOWN_STORE_PAGE } from '../../app/storefront/platform-pages.js'
import { openStorefrontCache } from '../../app/storefront/cache/open.js'
import { serveCachedStorefront } from '../../app/storefront/cached.js'
import { serveStorefront } from '../../app/storefront/serve.js'
import { decidePreview } from '../../app/storefront/preview.js'
import { isPlainLocalhost } from '../../app/auth/session-cookie.js'
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
  app.addHook('onClose', () => cached.close())
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
    const preview = await decidePreview(platform, decision.store.storeId, {
      url: request.url,
      cookieHeader: request.headers.cookie,
      plainLocal: isPlainLocalhost(request),
      now: storefrontRequest.now,
    })
    if (preview.setCookie) reply.header('set-cookie', preview.setCookie)
    // A preview is one reviewer's view: never from or into the shared page cache, never indexed.
    const response = preview.grant
      ? await serveStorefront(platform, decision.store, { ...storefrontRequest, preview: preview.grant }, request.log)
      : cached.cache
        ? await serveCachedStorefront(platform, cached.cache, decision.store, storefrontRequest, request.log)
        : await serveStorefront(platform, decision.store, storefrontRequest, request.log)
    const headers = preview.grant
      ? { ...response.headers, 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' }
      : response.headers
    return reply.code(response.status).headers(headers).send(response.body)
  })
})
