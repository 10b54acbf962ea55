import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { cartIdFromRequest } from '../../app/orders/cart/cookie.js'
import { readCart } from '../../app/orders/cart/read.js'
import {
  checkoutPage,
  FORM_FIELDS,
  messagePage,
  notSellingPage,
  type FormField,
  type FormValues,
} from '../../app/orders/checkout/pages.js'
import {
  cartTotals,
  readCheckoutSettings,
  startCheckout,
  type CheckoutSettings,
} from '../../app/orders/checkout/start.js'
import { confirmationResponse } from '../../app/orders/checkout/confirmation.js'
import type { Platform } from '../../app/platform.js'
import { decideHost } from '../../app/storefront/host.js'
import type { HostResolution } from '../../app/tenancy/host.js'
import { DomainError } from '../../domain/shared/errors.js'
import type { CartView } from '../../app/orders/cart/read.js'

/** A checkout form is a few hundred bytes; anything near this is not one. */
const FORM_BODY_LIMIT = 64 * 1024

const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
}

/**
 * The checkout on a store's host (the storefront hook leaves `/checkout…` to these routes):
 * `GET /checkout` the form with the order summary priced on the server, `POST /checkout`
 * (urlencoded) → 303 to the payment provider, or 422 with each field's message;
 * `GET /checkout/orders/:orderId?key=` the confirmation. On any other host they answer 404.
 */
export async function checkoutRoutes(app: FastifyInstance, options: { platform: Platform }): Promise<void> {
  const { platform } = options
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded'))
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    )

  async function storeOf(request: FastifyRequest, reply: FastifyReply) {
    const decision = await decideHost(platform, request.headers.host, request.url, request.protocol)
    if (decision.kind !== 'store') {
      reply.callNotFound()
      return null
    }
    return decision
  }

  const send = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).headers(HTML_HEADERS).send(body)

  async function formPage(
    request: FastifyRequest,
    reply: FastifyReply,
    store: HostResolution,
    status: number,
    values: FormValues,
    errors: Partial<Record<FormField, string>>,
    problem?: string,
  ) {
    const [settings, cart] = await Promise.all([
      readCheckoutSettings(platform, store.storeId),
      cartIdFromRequest(platform, store.storeId, request).then((cartId) => readCart(platform, store.storeId, cartId)),
    ])
    if (cart.lines.length === 0)
      return send(
        reply,
        status === 200 ? 200 : status,
        messagePage(store.name, 'Your cart is empty', problem ?? 'Add something to your cart before checking out.'),
      )
    return send(reply, status, checkoutPage(pageModel(store, settings, cart, values, errors, problem)))
  }

  app.get('/checkout', async (request, reply) => {
    const decision = await storeOf(request, reply)
    if (!decision) return reply
    if (!decision.store.commerceEnabled) return send(reply, 403, notSellingPage(decision.store.name))
    return formPage(request, reply, decision.store, 200, {}, {})
  })

  app.post('/checkout', { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
    const decision = await storeOf(request, reply)
    if (!decision) return reply
    const { store, origin } = decision
    if (!store.commerceEnabled) return send(reply, 403, notSellingPage(store.name))
    // A form posted from another site: the cart cookie is SameSite=Lax, and the Origin must be this store's.
    const from = request.headers.origin
    if (from && from !== origin && from !== `${request.protocol}://${request.headers.host}`)
      return send(reply, 403, messagePage(store.name, 'Checkout refused', 'Please check out from the store itself.'))
    // The cart page's "Check out" button posts here with no details yet: show the form.
    if (!hasDetails(request.body)) return reply.code(303).header('location', '/checkout').send()
    const values = formValues(request.body)
    const cartId = await cartIdFromRequest(platform, store.storeId, request)
    try {
      const started = await startCheckout(platform, store.storeId, cartId, detailsOf(values), { origin })
      return reply.code(303).header('location', started.redirectUrl).header('cache-control', 'no-store').send()
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      const reason = error.details?.reason
      if (reason === 'NOT_SELLING') return send(reply, 403, notSellingPage(store.name))
      if (error.code !== 'BAD_USER_INPUT') throw error
      if (reason === 'PAYMENTS_NOT_CONFIGURED')
        return send(
          reply,
          503,
          messagePage(
            store.name,
            'This store cannot take payments yet',
            'Nothing was ordered and nothing was charged. Please try again later.',
            { href: '/cart', label: 'Back to cart' },
          ),
        )
      if (reason) return formPage(request, reply, store, 422, values, {}, sentence(error.message))
      return formPage(request, reply, store, 422, values, fieldErrors(error))
    }
  })

  app.get<{ Params: { orderId: string }; Querystring: { key?: string } }>(
    '/checkout/orders/:orderId',
    async (request, reply) => {
      const decision = await storeOf(request, reply)
      if (!decision) return reply
      const page = await confirmationResponse(platform, decision.store, request.params.orderId, request.query.key)
      return page ? send(reply, 200, page) : reply.callNotFound()
    },
  )
}

function pageModel(
  store: HostResolution,
  settings: CheckoutSettings,
  cart: CartView,
  values: FormValues,
  errors: Partial<Record<FormField, string>>,
  problem: string | undefined,
) {
  const chosen = settings.shippingRates.find(
    (rate) => rate.name.toLowerCase() === (values.shippingRate ?? '').toLowerCase(),
  )
  const rate = chosen?.name ?? settings.shippingRates[0]!.name
  return {
    storeName: store.name,
    currencyCode: cart.currencyCode,
    lines: cart.lines,
    totals: cartTotals(cart, settings, rate),
    shippingRates: settings.shippingRates,
    requirePhone: settings.requirePhone,
    orderNotesEnabled: settings.orderNotesEnabled,
    termsText: settings.termsText,
    values: { ...values, shippingRate: rate },
    errors,
    ...(problem ? { problem } : {}),
  }
}

function hasDetails(body: unknown): boolean {
  return !!body && typeof body === 'object' && 'email' in body
}

function formValues(body: unknown): FormValues {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {}
  return Object.fromEntries(
    FORM_FIELDS.flatMap((field) => (typeof record[field] === 'string' ? [[field, record[field]]] : [])),
  ) as FormValues
}

/** The form's flat fields as `cartCheckout`'s input. Prices are never read from a form. */
function detailsOf(values: FormValues) {
  return {
    email: values.email ?? '',
    shippingAddress: {
      firstName: values.firstName ?? '',
      lastName: values.lastName ?? '',
      address1: values.address1 ?? '',
      address2: values.address2,
      city: values.city ?? '',
      province: values.province,
      postalCode: values.postalCode ?? '',
      countryCode: values.countryCode ?? '',
      phone: values.phone,
    },
    shippingRate: values.shippingRate ?? '',
    note: values.note,
  }
}

/** Every field's first message, from the error's issues (or its one field). */
function fieldErrors(error: DomainError): Partial<Record<FormField, string>> {
  const issues = (error.details?.issues as { field: string[]; message: string }[] | undefined) ?? [
    { field: (error.field ?? []).map(String), message: error.message },
  ]
  const errors: Partial<Record<FormField, string>> = {}
  for (const issue of issues) {
    const name = issue.field.at(-1) as FormField
    const field = (FORM_FIELDS as readonly string[]).includes(name) ? name : 'email'
    errors[field] ??= sentence(issue.message)
  }
  return errors
}

const sentence = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`
