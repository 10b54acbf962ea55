import type { FastifyRequest } from 'fastify'
import { DomainError } from '../../domain/shared/errors.js'

/** The header a browser page must add when it cannot send `Content-Type: application/json` (multipart uploads, GET). */
export const CSRF_HEADER = 'x-emporium-csrf'

/**
 * Requests that ride on the session cookie must prove they come from a page of this site, in
 * the way of mercurius' and Apollo's `csrfPrevention`: a cross-site page can send the cookie
 * only with a "simple" request (a form post: `text/plain`, `application/x-www-form-urlencoded`,
 * `multipart/form-data`, or a GET), and cannot add a custom header or a JSON content type
 * without a CORS preflight, which this server never grants. So a cookie request must carry
 * `Content-Type: application/json` or the `X-Emporium-CSRF` header (any value), and its
 * `Origin`, when the browser sends one, must be this server's own. Bearer requests are not
 * subject to this: a cross-site page cannot make the browser send a bearer token.
 */
export function checkCsrf(request: FastifyRequest): void {
  const contentType = String(request.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase()
  const custom = request.headers[CSRF_HEADER]
  if (contentType !== 'application/json' && !custom) {
    throw new DomainError(
      'FORBIDDEN',
      'this request uses the session cookie but could have come from another site: send Content-Type: application/json, or the X-Emporium-CSRF header (any value) with multipart uploads and GET',
    )
  }
  const origin = request.headers.origin
  // An opaque origin (`null`: sandboxed frames, some redirects) is never this site.
  if (origin !== undefined && (origin === 'null' || !sameHost(origin, request.host))) {
    throw new DomainError(
      'FORBIDDEN',
      `Origin ${origin} is not this server; session-cookie requests are accepted from this site's own pages only`,
    )
  }
}

/** Compared without the scheme (TLS may end at a proxy) and without default ports, which browsers leave out of Origin. */
function sameHost(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host.toLowerCase().replace(/:(80|443)$/, '')
  } catch {
    return false
  }
}
