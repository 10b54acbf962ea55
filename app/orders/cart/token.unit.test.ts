import { lastBitRespelled } from '../../../test/support/base64url.js'
import { randomBytes } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { Platform } from '../../platform.js'
import { cartCookie, cartIdFromRequest } from './cookie.js'
import { signCartToken, verifyCartToken } from './token.js'

const STORE = '01900000-0000-7000-8000-00000000a001'
const OTHER_STORE = '01900000-0000-7000-8000-00000000a002'
const CART = '01900000-0000-7000-8000-0000000000c1'
const key = randomBytes(32)

describe('cart tokens', () => {
  it('name the cart in the store they were signed for, and nothing elsewhere', () => {
    const token = signCartToken(key, STORE, CART)
    expect(token).toMatch(/^[\w-]{66}$/)
    expect(verifyCartToken(key, STORE, token)).toBe(CART)
    expect(verifyCartToken(key, OTHER_STORE, token)).toBeNull()
    expect(verifyCartToken(randomBytes(32), STORE, token)).toBeNull()
  })

  it('refuse a tampered, truncated or foreign-shaped token', () => {
    const token = signCartToken(key, STORE, CART)
    const flipped = token.slice(0, 30) + (token[30] === 'A' ? 'B' : 'A') + token.slice(31)
    for (const bad of [
      flipped,
      lastBitRespelled(token),
      token.slice(0, 60),
      `${token}AA`,
      CART,
      '',
      'x'.repeat(66),
      null,
      42,
    ])
      expect(verifyCartToken(key, STORE, bad)).toBeNull()
  })
})

describe('the cart cookie', () => {
  const platform = { config: { internalSecret: 'a'.repeat(48) }, database: { db: null } } as unknown as Platform
  const request = (protocol: string, hostname: string, cookie?: string) =>
    ({ protocol, hostname, headers: cookie ? { cookie } : {} }) as unknown as FastifyRequest

  it('is __Host- and Secure over https, bare on plain-http localhost; HttpOnly and SameSite=Lax always', async () => {
    const secure = await cartCookie(platform, request('https', 'shop.example.com'), STORE, CART)
    expect(secure).toMatch(/^__Host-emporium_cart=[\w-]{66}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/)
    const local = await cartCookie(platform, request('http', 'demo.localhost'), STORE, CART)
    expect(local).toMatch(/^emporium_cart=[\w-]{66}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/)
  })

  it('is read back only under the name of its transport', async () => {
    const value = (await cartCookie(platform, request('https', 'shop.example.com'), STORE, CART)).split(';')[0]!
    expect(await cartIdFromRequest(platform, STORE, request('https', 'shop.example.com', `a=b; ${value}`))).toBe(CART)
    const bare = value.replace('__Host-', '')
    // Over https a bare-named cookie could be planted by a sibling subdomain: it does not count.
    expect(await cartIdFromRequest(platform, STORE, request('https', 'shop.example.com', bare))).toBeNull()
    expect(await cartIdFromRequest(platform, OTHER_STORE, request('https', 'shop.example.com', value))).toBeNull()
  })
})
