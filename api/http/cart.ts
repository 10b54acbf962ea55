import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { DomainError } from '../../domain/shared/errors.js'
import { cartCookie, cartIdFromRequest } from '../../app/orders/cart/cookie.js'
import { parseCartPath, type CartAction } from '../../app/orders/cart/paths.js'
import { readCart, type CartView } from '../../app/orders/cart/read.js'
import { ajaxCart, ajaxItem, cartLiquidObject, emptyCartObject } from '../../app/orders/cart/shapes.js'
import { escapeHtml } from '../../app/storefront/liquid/escape.js'
import { addToCart, changeCartLines, clearCart, type ShopperStore } from '../../app/orders/cart/shopper.js'
import { cartRequestOf, type CartRequest } from '../../app/orders/cart/form.js'
import type { Platform } from '../../app/platform.js'
import { openStorefrontLimiter } from '../../app/storefront-api/open.js'
import { decideHost } from '../../app/storefront/host.js'
import { routedPage } from '../../app/storefront/routes/page.js'
import { MAINTENANCE_RETRY_AFTER_SECONDS, serveStorefront } from '../../app/storefront/serve.js'
import { storeInMaintenance } from '../../app/settings/global-settings/reads.js'
import { hasTemplate } from '../../app/storefront/render.js'
import { loadMainTheme } from '../../app/storefront/theme.js'
import { plainCartPage } from '../../app/orders/cart/plain-page.js'
import { storeOfHost, type HostResolution } from '../../app/tenancy/host.js'

/** Cart forms are small: a few fields per line, at most 100 lines. */
const CART_BODY_LIMIT = 64 * 1024
const NO_STORE = { 'cache-control': 'no-store' }
const NOT_SELLING = 'This store is not selling online right now'

type Store = { store: HostResolution; origin: string }

/**
 * The cart on a store's host, Shopify's routes: the themed `/cart` page, the form posts
 * `/cart/{add,change,update,clear}` (303 to `/cart` or a same-store `return_to`) and the Ajax
 * API `/cart.js`, `/cart/{add,change,update,clear}.js`, each with an optional locale prefix.
 * The storefront hook leaves these paths to these routes (`isCartPath`), so they never pass the
 * page cache; every answer is `no-store`. The cart is found by its signed cookie; shopper writes
 * are rate limited per client address with the storefront API's limiter.
 */
export async function cartRoutes(app: FastifyInstance, options: { platform: Platform }): Promise<void> {
  const { platform } = options
  const limiter = await openStorefrontLimiter(platform, platform.logger)
  app.addHook('onClose', () => limiter.close())
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: CART_BODY_LIMIT },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  )

  // A body the cart cannot read (bad JSON, an unknown content type, too large) is the client's:
  // answered in the Ajax API's shape on the .js routes; anything else goes to the app's handler.
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500
    if (status < 400 || status >= 500) throw error
    reply.code(status).headers(NO_STORE)
    return parseCartPath(request.url)?.json
      ? reply.send({ status, message: 'Cart Error', description: error.message })
      : reply.header('content-type', 'text/plain; charset=utf-8').send(`${error.message}\n`)
  })

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = parseCartPath(request.url)
    const found = path && (await storeOf(platform, request))
    if (!path || !found) return reply.callNotFound()
    if ('redirect' in found) return reply.code(301).header('location', found.redirect).send()
    reply.headers(NO_STORE)
    const { store, origin } = found
    const shopper: ShopperStore = { storeId: store.storeId, organizationId: store.organizationId }
    const cartPath = `${path.prefix}/cart`
    const write = path.action !== 'show'
    const isGet = request.method === 'GET' || request.method === 'HEAD'

    const page = (status: number, cart: CartView | null, error?: string) =>
      renderCartPage(platform, store, origin, request, status, cart, error)

    if (!store.commerceEnabled)
      return path.json
        ? reply.code(403).send({ status: 403, message: 'Cart Error', description: NOT_SELLING })
        : page(403, null, NOT_SELLING).then((r) =>
            reply.code(r.status).headers(r.headers).headers(NO_STORE).send(r.body),
          )

    const cartId = await cartIdFromRequest(platform, store.storeId, request)
    if (!write) {
      const cart = await readCart(platform, store.storeId, cartId)
      if (path.json) return reply.send(ajaxCart(cart, localizer(path.prefix)))
      const r = await page(200, cart)
      return reply.code(r.status).headers(r.headers).headers(NO_STORE).send(r.body)
    }
    // Shopify's themes link `/cart/change?id=…&quantity=0` to remove a line and `/cart/clear` to empty the cart.
    if (isGet && !(path.action === 'change' || path.action === 'clear'))
      return reply.code(303).header('location', cartPath).send()

    if (await storeInMaintenance(platform, store.storeId)) {
      reply.code(503).header('retry-after', String(MAINTENANCE_RETRY_AFTER_SECONDS))
      const description = 'This store is closed for maintenance; try again later'
      if (path.json) return reply.send({ status: 503, message: 'Cart Error', description })
      const r = await page(503, null, description)
      return reply.headers(r.headers).headers(NO_STORE).send(r.body)
    }

    const verdict = await limiter.take({ type: 'anonymous', ip: request.ip }, 1)
    if (!verdict.allowed) {
      reply.code(429).header('retry-after', String(verdict.retryAfterSeconds))
      const description = `too many cart changes from this address; retry in ${verdict.retryAfterSeconds} s`
      return path.json
        ? reply.send({ status: 429, message: 'Too Many Requests', description })
        : reply.header('content-type', 'text/plain; charset=utf-8').send(`${description}\n`)
    }

    const input = cartRequestOf(
      path.action,
      isGet ? new URLSearchParams(request.url.split('?')[1] ?? '') : await bodyOf(request),
    )
    let newCartId: string | null
    try {
      newCartId = await applyCartRequest(platform, shopper, cartId, path.action, input)
    } catch (error) {
      if (!(error instanceof DomainError) || error.code === 'SERVICE_UNAVAILABLE' || error.code === 'CONFLICT')
        throw error
      const description = error.message
      if (path.json) return reply.code(422).send({ status: 422, message: 'Cart Error', description })
      const r = await page(422, await readCart(platform, store.storeId, cartId), description)
      return reply.code(r.status).headers(r.headers).headers(NO_STORE).send(r.body)
    }
    if (newCartId && newCartId !== cartId)
      reply.header('set-cookie', await cartCookie(platform, request, store.storeId, newCartId))
    const current = newCartId ?? cartId
    if (!path.json) return reply.code(303).header('location', returnPath(input.returnTo, cartPath)).send()
    const cart = await readCart(platform, store.storeId, current)
    if (path.action === 'add') {
      const items = input.items.map((item) => ajaxItem(cart, item.variantId.toLowerCase(), localizer(path.prefix)))
      return reply.send(input.itemsList ? { items } : items[0])
    }
    return reply.send(ajaxCart(cart, localizer(path.prefix)))
  }

  const urls = ['/cart', '/cart.js']
  for (const action of ['add', 'change', 'update', 'clear']) urls.push(`/cart/${action}`, `/cart/${action}.js`)
  for (const url of urls) {
    app.route({ method: ['GET', 'HEAD', 'POST'], url, handler: handle })
    app.route({ method: ['GET', 'HEAD', 'POST'], url: `/:locale${url}`, handler: handle })
  }
}

/**
 * The request's fields: Shopify's themes post `new FormData(form)` to the `.js` routes, which
 * arrives as multipart (parsed by the app's @fastify/multipart): its text fields, no files.
 */
async function bodyOf(request: FastifyRequest): Promise<unknown> {
  if (!request.isMultipart()) return request.body
  const fields = new URLSearchParams()
  try {
    for await (const part of request.parts({ limits: { fields: 500, fieldSize: 4096, files: 0 } }))
      if (part.type === 'field') fields.append(part.fieldname, String(part.value))
  } catch {
    throw Object.assign(new Error('the form could not be read: send text fields only, at most 500'), {
      statusCode: 400,
    })
  }
  return fields
}

/** Runs one cart request; returns the cart id it wrote to (a new cart when the shopper had none). */
async function applyCartRequest(
  platform: Platform,
  store: ShopperStore,
  cartId: string | null,
  action: CartAction,
  input: CartRequest,
): Promise<string | null> {
  switch (action) {
    case 'add':
      return addToCart(platform, store, cartId, input.items)
    case 'change':
    case 'update': {
      if (!cartId) {
        if (input.changes.length === 0 && input.updates.length === 0) return null
        throw new DomainError('NOT_FOUND', 'your cart is empty: there is no line to change', { field: ['input', 'id'] })
      }
      const cart = await readCart(platform, store.storeId, cartId)
      const changes = input.changes.map((change) => {
        const line =
          change.line !== undefined
            ? cart.lines[change.line - 1]
            : cart.lines.find((l) => l.lineId === change.id?.toLowerCase() || l.variantId === change.id?.toLowerCase())
        if (!line)
          throw new DomainError('NOT_FOUND', `there is no line ${change.id ?? change.line} in your cart`, {
            field: ['input', 'id'],
          })
        return { lineId: line.lineId, quantity: change.quantity }
      })
      for (const update of input.updates) {
        const line =
          update.index !== undefined
            ? cart.lines[update.index]
            : cart.lines.find((l) => l.lineId === update.key.toLowerCase() || l.variantId === update.key.toLowerCase())
        if (line) changes.push({ lineId: line.lineId, quantity: update.quantity })
        else if (update.quantity > 0 && update.key && update.index === undefined)
          // Shopify's `updates[<variant id>]=n` adds a variant not in the cart yet.
          await addToCart(platform, store, cartId, [{ variantId: update.key, quantity: update.quantity }])
      }
      if (changes.length > 0) await changeCartLines(platform, store, cartId, dedupe(changes))
      return cartId
    }
    case 'clear':
      await clearCart(platform, store, cartId)
      return cartId
    default:
      return cartId
  }
}

/** The last change of a line wins. */
function dedupe(changes: { lineId: string; quantity: number }[]): { lineId: string; quantity: number }[] {
  return [...new Map(changes.map((change) => [change.lineId, change])).values()]
}

/** `return_to` when it is a path of this store (not `//evil.example`, not a URL), else the cart page. */
export function returnPath(returnTo: string | undefined, fallback: string): string {
  if (!returnTo || !/^\/(?![/\\])/.test(returnTo) || /[\s\\]/.test(returnTo) || returnTo.length > 2000) return fallback
  return returnTo
}

const localizer = (prefix: string) => (path: string) => `${prefix}${path}`

/** The store of the request's host; a POST to a store's secondary host is answered there (a redirect would lose it). */
async function storeOf(platform: Platform, request: FastifyRequest): Promise<Store | { redirect: string } | null> {
  const decision = await decideHost(platform, request.headers.host, request.url, request.protocol)
  if (decision.kind === 'store') return { store: decision.store, origin: decision.origin }
  if (decision.kind !== 'redirect') return null
  if (request.method === 'GET' || request.method === 'HEAD') return { redirect: decision.location }
  const store = request.headers.host ? await storeOfHost(platform, request.headers.host) : null
  return store && { store, origin: `${request.protocol}://${store.primaryHost}` }
}

async function renderCartPage(
  platform: Platform,
  store: HostResolution,
  origin: string,
  request: FastifyRequest,
  status: number,
  cart: CartView | null,
  error: string | undefined,
) {
  const theme = await loadMainTheme(platform, store)
  if (theme && !hasTemplate(theme, 'cart')) {
    const prefix = parseCartPath(request.url)?.prefix ?? ''
    const body = plainCartPage(cart, { storeName: store.name, prefix, message: error })
    return {
      status,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: request.method === 'HEAD' ? '' : body,
    }
  }
  return serveStorefront(
    platform,
    store,
    {
      method: request.method === 'HEAD' ? 'HEAD' : 'GET',
      url: request.url,
      origin,
      requestId: String(request.id),
      now: new Date(),
      routed: async (ctx) =>
        routedPage({
          template: 'cart',
          pageType: 'cart',
          title: 'Your cart',
          canonicalPath: '/cart',
          status,
          objects: {
            cart: {
              ...(cart ? cartLiquidObject(cart, ctx.url) : emptyCartObject(ctx.currency)),
              error: error ? escapeHtml(error) : null,
            },
          },
        }),
    },
    request.log,
  )
}
