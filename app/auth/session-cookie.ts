import type { FastifyRequest } from 'fastify'

/** The session cookie over HTTPS: `__Host-` binds it to this host, Secure, Path=/, no Domain. */
export const SECURE_SESSION_COOKIE = '__Host-emporium_session'
/** On plain-http localhost browsers drop Secure cookies, and `__Host-` requires Secure: the bare name. */
export const LOCAL_SESSION_COOKIE = 'emporium_session'

const IPV6_LOOPBACK = new Set(['[::1]', '::1'])
const IPV4_LOOPBACK = /^127(?:\.\d{1,3}){3}$/

/**
 * Whether a host name is this machine: `localhost`, any `<name>.localhost` (RFC 6761 reserves
 * the whole zone for loopback, and browsers resolve it so without DNS: that is how the demo
 * store is reached at `demo-store.localhost`), or a loopback address (127.0.0.0/8, ::1). A
 * trailing dot is the same name.
 */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '')
  return name === 'localhost' || name.endsWith('.localhost') || IPV4_LOOPBACK.test(name) || IPV6_LOOPBACK.has(name)
}

/**
 * Whether the request came over plain http to this machine: the only place the cookie goes
 * without `__Host-` and Secure. Anything else (including http behind a TLS-terminating proxy)
 * gets the secure cookie.
 */
export function isPlainLocalhost(request: FastifyRequest): boolean {
  return request.protocol === 'http' && isLoopbackHostname(request.hostname)
}

function cookieName(request: FastifyRequest): string {
  return isPlainLocalhost(request) ? LOCAL_SESSION_COOKIE : SECURE_SESSION_COOKIE
}

/**
 * The session token the browser sent, or null. The bare-named cookie counts only on plain-http
 * localhost: elsewhere a sibling subdomain could plant it, which `__Host-` rules out.
 */
export function readSessionToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie
  if (!header) return null
  const wanted = cookieName(request)
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1 || part.slice(0, eq).trim() !== wanted) continue
    const value = part.slice(eq + 1).trim()
    return /^[A-Za-z0-9_-]{20,200}$/.test(value) ? value : null
  }
  return null
}

/** `Set-Cookie` for a new session: HttpOnly, SameSite=Lax, Path=/, Secure and `__Host-` except on plain-http localhost. */
export function sessionCookie(request: FastifyRequest, token: string, expiresAt: Date): string {
  return serialize(request, token, `Expires=${expiresAt.toUTCString()}`)
}

/** `Set-Cookie` that makes the browser forget the session. */
export function clearedSessionCookie(request: FastifyRequest): string {
  return serialize(request, '', 'Max-Age=0')
}

function serialize(request: FastifyRequest, value: string, lifetime: string): string {
  const secure = isPlainLocalhost(request) ? '' : '; Secure'
  return `${cookieName(request)}=${value}; Path=/; ${lifetime}; HttpOnly; SameSite=Lax${secure}`
}
