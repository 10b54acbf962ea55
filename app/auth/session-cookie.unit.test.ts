import type { FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { isLoopbackHostname, readSessionToken, sessionCookie } from './session-cookie.js'

// Which cookie a request gets depends only on its scheme and host name: a fake request is enough.
const request = (protocol: 'http' | 'https', hostname: string, cookie?: string) =>
  ({ protocol, hostname, headers: cookie ? { cookie } : {} }) as unknown as FastifyRequest

const TOKEN = 'A'.repeat(43)
const EXPIRES = new Date('2030-01-01T00:00:00Z')

describe('the session cookie on this machine', () => {
  const local = ['localhost', 'demo-store.localhost', 'Admin.Demo-Store.LOCALHOST', 'shop.localhost.', '127.0.0.1']
  it.each(local)('on plain-http %s is the bare name without Secure, and is read back', (hostname) => {
    expect(sessionCookie(request('http', hostname), TOKEN, EXPIRES)).toBe(
      `emporium_session=${TOKEN}; Path=/; Expires=${EXPIRES.toUTCString()}; HttpOnly; SameSite=Lax`,
    )
    expect(readSessionToken(request('http', hostname, `emporium_session=${TOKEN}`))).toBe(TOKEN)
    expect(readSessionToken(request('http', hostname, `__Host-emporium_session=${TOKEN}`))).toBeNull()
  })

  it.each(['demo-store.localhost', '127.0.0.1'])('over https on %s is __Host- and Secure', (hostname) => {
    expect(sessionCookie(request('https', hostname), TOKEN, EXPIRES)).toBe(
      `__Host-emporium_session=${TOKEN}; Path=/; Expires=${EXPIRES.toUTCString()}; HttpOnly; SameSite=Lax; Secure`,
    )
  })

  it.each(['demo-store.example.com', 'localhost.example.com', 'mylocalhost', '128.0.0.1', '10.0.0.1'])(
    'on plain-http %s is __Host- and Secure, and the bare name is not read',
    (hostname) => {
      expect(sessionCookie(request('http', hostname), TOKEN, EXPIRES)).toMatch(/^__Host-emporium_session=.*; Secure$/)
      expect(readSessionToken(request('http', hostname, `emporium_session=${TOKEN}`))).toBeNull()
    },
  )
})

describe('isLoopbackHostname', () => {
  it('knows localhost, its subdomains and the loopback addresses', () => {
    expect(['localhost', 'a.b.localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1'].map(isLoopbackHostname)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ])
    expect(['localhost.evil.com', 'evillocalhost', '0.0.0.0', '[::2]', ''].map(isLoopbackHostname)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ])
  })
})
