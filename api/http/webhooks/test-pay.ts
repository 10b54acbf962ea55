import type { FastifyInstance, FastifyReply } from 'fastify'
import { findTestPaymentSession } from '../../../app/payments/provider/test-sessions.js'
import { payFailedPage, payPage, SESSION_NOT_FOUND_PAGE } from '../../../app/payments/test-pay/page.js'
import { payTestSession } from '../../../app/payments/test-pay/pay.js'
import type { Platform } from '../../../app/platform.js'
import { decideHost } from '../../../app/storefront/host.js'

/** A form post of two fields is tiny; anything larger is not the pay page's form. */
const FORM_LIMIT_BYTES = 4 * 1024

/** TEST session ids are `cs_test_<uuid>`; anything else is no session (and never reaches SQL). */
const SESSION_ID = /^cs_test_[A-Za-z0-9_-]{1,200}$/

const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
}

/**
 * The TEST provider's pay page on the store host (`/checkout/test-pay/<sessionId>`, the checkout
 * URL of a TEST session): GET shows the order number, the amount and Pay / Decline; POST delivers
 * the webhooks Stripe would send, through the real receiver, then redirects to the order's
 * confirmation page. app/storefront/host.ts leaves these paths to this plugin on store hosts; on
 * any other host, and for another store's session, they answer 404.
 */
export async function testPayRoutes(app: FastifyInstance, options: { platform: Platform }): Promise<void> {
  const { platform } = options
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES }, (_request, body, done) =>
    done(null, body),
  )

  async function sessionOf(host: string | undefined, url: string, protocol: string, sessionId: string) {
    const decision = await decideHost(platform, host, url, protocol)
    if (decision.kind !== 'store' || !SESSION_ID.test(sessionId)) return { decision, session: null }
    const session = await findTestPaymentSession(platform.database.db, decision.store.storeId, sessionId)
    return { decision, session }
  }

  const notFound = (reply: FastifyReply) => reply.code(404).headers(HTML_HEADERS).send(SESSION_NOT_FOUND_PAGE)

  app.get<{ Params: { sessionId: string } }>('/checkout/test-pay/:sessionId', async (request, reply) => {
    const { decision, session } = await sessionOf(
      request.headers.host,
      request.url,
      request.protocol,
      request.params.sessionId,
    )
    if (decision.kind === 'redirect') return reply.code(301).header('location', decision.location).send()
    if (decision.kind !== 'store' || !session) return notFound(reply)
    return reply.headers(HTML_HEADERS).send(
      payPage({
        storeName: decision.store.name,
        sessionId: session.sessionId,
        orderNumber: session.orderNumber,
        amount: session.amount,
        currencyCode: session.currencyCode,
      }),
    )
  })

  app.post<{ Params: { sessionId: string } }>(
    '/checkout/test-pay/:sessionId',
    { bodyLimit: FORM_LIMIT_BYTES },
    async (request, reply) => {
      const { decision, session } = await sessionOf(
        request.headers.host,
        request.url,
        request.protocol,
        request.params.sessionId,
      )
      if (decision.kind !== 'store' || !session) return notFound(reply)
      const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '')
      const outcome = form.get('outcome') === 'decline' ? 'decline' : 'pay'
      const result = await payTestSession(platform, decision.store.slug, session, outcome)
      if (!result.ok) {
        request.log.error({ sessionId: session.sessionId, answer: result.answer }, 'test payment webhook refused')
        return reply
          .code(502)
          .headers(HTML_HEADERS)
          .send(payFailedPage(String(request.id)))
      }
      // 303: the browser follows with a GET, so a reload of the confirmation page never posts again.
      return reply.code(303).header('location', result.location).header('cache-control', 'no-store').send()
    },
  )
}
