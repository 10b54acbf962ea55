import type { FastifyInstance } from 'fastify'
import type { Platform } from '../../../app/platform.js'
import { receiveWebhook, WEBHOOK_BODY_LIMIT_BYTES } from '../../../app/payments/webhook/receive.js'

/**
 * `POST /api/webhooks/{stripe,test}/:store_slug`: the per-store payment webhook. The body is read
 * raw (this plugin's own content-type parser, any type, at most 1 MB → 413) because the signature
 * covers the exact bytes; it is parsed only once the signature holds (app/payments/webhook/receive.ts).
 */
export async function webhookRoutes(app: FastifyInstance, options: { platform: Platform }): Promise<void> {
  const { platform } = options
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }, (_request, body, done) =>
    done(null, body),
  )
  app.post<{ Params: { provider: string; store_slug: string } }>(
    '/api/webhooks/:provider/:store_slug',
    { bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
    async (request, reply) => {
      const signature = request.headers['stripe-signature']
      const answer = await receiveWebhook(
        platform,
        {
          provider: request.params.provider,
          storeSlug: request.params.store_slug,
          rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          signature: Array.isArray(signature) ? signature[0] : signature,
        },
        request.log,
      )
      return reply.code(answer.status).header('cache-control', 'no-store').send(answer.body)
    },
  )
}
