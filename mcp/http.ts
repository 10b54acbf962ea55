import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { v7 as uuidv7 } from 'uuid'
import { requestCredentials } from '../app/auth/request-credentials.js'
import { DomainError, type ErrorCode } from '../domain/shared/errors.js'
import type { Principal, StoreRef } from '../app/auth/authenticate.js'
import { formatBytes } from '../domain/shared/bytes.js'
import type { ApiMetrics } from '../app/metrics/api-metrics.js'
import type { Platform } from '../app/platform.js'
import type { RateLimiter } from '../app/ratelimit/limiter.js'
import { mcpRequestCost } from '../app/ratelimit/mcp-cost.js'
import { mcpMessageLimitBytes } from './limits.js'
import { createShopServer } from './server.js'

const STORE_HINT = 'send the X-Store header (store id or slug)'

/** JSON-RPC's "server error" code, which the SDK also answers transport failures with; ours goes in `data.code`. */
const RPC_SERVER_ERROR = -32000

interface Caller {
  principal: Principal
  store: StoreRef | null
  correlationId: string
  origin: string
}

/**
 * The shop MCP server over streamable HTTP at `/mcp`, stateless: every POST is authenticated
 * with its own bearer key and served by a fresh server and transport, so nothing is shared
 * between clients and any API node can answer any request. No SSE stream is offered: GET and
 * DELETE answer 405, as the spec allows.
 */
export async function mcpPlugin(
  app: FastifyInstance,
  options: { platform: Platform; rateLimiter: RateLimiter; metrics: ApiMetrics },
): Promise<void> {
  const { platform, rateLimiter, metrics } = options
  const allowedOrigins = new Set(platform.config.mcpAllowedOrigins.map(normalizeOrigin))
  const callers = new WeakMap<FastifyRequest, Caller>()
  const bodyLimit = mcpMessageLimitBytes(platform.config.mediaMaxBytes)

  app.route({
    method: 'POST',
    url: '/mcp',
    bodyLimit,
    // Before the body is read: a caller without a valid key cannot make the server buffer an image's worth of it.
    async onRequest(request, reply) {
      if (!originAllowed(request.headers.origin, request.headers.host, allowedOrigins)) {
        return sendError(
          reply,
          403,
          'FORBIDDEN',
          `Origin ${request.headers.origin} may not call this MCP endpoint; add it to MCP_ALLOWED_ORIGINS to allow it`,
        )
      }
      try {
        callers.set(request, await authenticate(platform, request))
      } catch (error) {
        if (!(error instanceof DomainError)) throw error
        if (error.code === 'UNAUTHENTICATED')
          reply.header('www-authenticate', bearerChallenge(request.headers.authorization))
        // A restarting database (SERVICE_UNAVAILABLE) says when to come back.
        if (typeof error.details?.retryAfter === 'number')
          reply.header('retry-after', String(Math.ceil(error.details.retryAfter)))
        return sendError(reply, statusOf(error.code), error.code, error.message)
      }
    },
    // Tool calls spend the key's GraphQL budget: one credential, one budget, whatever the transport.
    async preHandler(request, reply) {
      const cost = mcpRequestCost(request.body)
      if (cost === 0) return
      const verdict = await rateLimiter.take(callers.get(request)!.principal, cost)
      if (verdict.allowed) return void metrics.costConsumed.inc({ operation: 'tool_call', transport: 'mcp' }, cost)
      metrics.rateLimited.inc({ transport: 'mcp' })
      const message = `this credential's query budget is spent: a tool call costs ${cost} points and ${verdict.status.currentlyAvailable} are left; retry in ${verdict.retryAfterSeconds} s`
      return reply
        .code(429)
        .header('retry-after', String(verdict.retryAfterSeconds))
        .type('application/json')
        .send({
          jsonrpc: '2.0',
          error: {
            code: RPC_SERVER_ERROR,
            message,
            data: { code: 'RATE_LIMITED', retryAfter: verdict.retryAfterSeconds },
          },
          id: null,
        })
    },
    errorHandler(error: Error & { statusCode?: number; code?: string }, request, reply) {
      const status = error.statusCode ?? 500
      if (status >= 500) request.log.error({ err: error }, 'MCP request failed')
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? `the request body is larger than the ${formatBytes(bodyLimit)} limit of /mcp; send less per call ` +
            `(upload_image takes files of up to ${formatBytes(platform.config.mediaMaxBytes)})`
          : status >= 500
            ? `internal server error; quote request id ${request.id} when reporting it`
            : error.message
      const code = status >= 500 ? 'INTERNAL_SERVER_ERROR' : status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST'
      return sendError(reply, status, code, message)
    },
    async handler(request, reply) {
      const caller = callers.get(request)!
      const { principal, store, correlationId, origin } = caller
      const server = createShopServer(platform, principal, store, { storeHint: STORE_HINT, correlationId, origin })
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
      reply.hijack()
      reply.raw.on('close', () => {
        void transport.close()
        void server.close()
      })
      try {
        await server.connect(transport)
        await transport.handleRequest(request.raw, reply.raw, request.body)
      } catch (error) {
        request.log.error({ err: error }, 'MCP request failed')
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(500, { 'content-type': 'application/json' })
          reply.raw.end(
            JSON.stringify(
              rpcError(
                'INTERNAL_SERVER_ERROR',
                `internal server error; quote request id ${request.id} when reporting it`,
              ),
            ),
          )
        }
      }
    },
  })

  app.route({
    method: ['GET', 'DELETE'],
    url: '/mcp',
    handler: (_request, reply) =>
      sendError(
        reply.header('allow', 'POST'),
        405,
        'BAD_USER_INPUT',
        'this MCP endpoint is stateless and answers POST only: no SSE stream, no sessions to delete',
      ),
  })
}

/** A bearer key on every request, or (for agents running in the admin UI) the session cookie, CSRF-checked as on GraphQL. */
async function authenticate(platform: Platform, request: FastifyRequest): Promise<Caller> {
  const credentials = await requestCredentials(platform, request)
  if (!credentials)
    throw new DomainError('UNAUTHENTICATED', 'no credential: send Authorization: Bearer <api key> on every request')
  const { principal, store } = credentials
  // The origin the client used, built as GraphQL builds staged upload URLs, so both answer alike.
  return {
    principal,
    store,
    correlationId: correlationIdOf(request.headers['x-correlation-id']),
    origin: `${request.protocol}://${request.host}`,
  }
}

/** RFC 6750: no credential gets the bare challenge; a credential that failed says why in `error`. */
function bearerChallenge(authorization: string | undefined): string {
  if (!authorization) return 'Bearer realm="emporium"'
  const malformed = !/^Bearer\s+\S+$/i.test(authorization)
  return `Bearer realm="emporium", error="${malformed ? 'invalid_request' : 'invalid_token'}"`
}

/**
 * Browsers send Origin; a page on another site must not drive the API with a key it got hold
 * of (DNS rebinding, drive-by localhost calls). Clients that are not browsers send none.
 */
function originAllowed(origin: string | undefined, host: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (origin === undefined) return true
  const normalized = normalizeOrigin(origin)
  if (allowed.has(normalized)) return true
  try {
    return host !== undefined && new URL(origin).host === host.toLowerCase()
  } catch {
    return false
  }
}

function normalizeOrigin(origin: string): string {
  try {
    return new URL(origin).origin
  } catch {
    return origin
  }
}

function statusOf(code: ErrorCode): number {
  return code === 'UNAUTHENTICATED'
    ? 401
    : code === 'FORBIDDEN'
      ? 403
      : code === 'NOT_FOUND'
        ? 404
        : code === 'INTERNAL_SERVER_ERROR'
          ? 500
          : code === 'SERVICE_UNAVAILABLE'
            ? 503
            : 400
}

function correlationIdOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header
  return value && /^[\w.:-]{1,100}$/.test(value) ? value : uuidv7()
}

function rpcError(code: ErrorCode, message: string) {
  return { jsonrpc: '2.0', error: { code: RPC_SERVER_ERROR, message, data: { code } }, id: null }
}

function sendError(reply: FastifyReply, status: number, code: ErrorCode, message: string): FastifyReply {
  return reply.code(status).type('application/json').send(rpcError(code, message))
}
