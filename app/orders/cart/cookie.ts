import type { FastifyRequest } from 'fastify'
import { isPlainLocalhost } from '../../auth/session-cookie.js'
import type { Platform } from '../../platform.js'
import { cartSigningKey, signCartToken, verifyCartToken } from './token.js'

/** The cart cookie over HTTPS: `__Host-` binds it to this store's host, Secure, Path=/, no Domain. */
export const SECURE_CART_COOKIE = '__Host-emporium_cart'
/** On plain-http localhost browsers drop Secure cookies, and `__Host-` requires Secure: the bare name. */
export const LOCAL_CART_COOKIE = 'emporium_cart'
/** A cart is kept for 30 days after the shopper last changed it. */
export const CART_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60

function cookieName(request: FastifyRequest): string {
  return isPlainLocalhost(request) ? LOCAL_CART_COOKIE : SECURE_CART_COOKIE
}

function cookieValue(request: FastifyRequest): string | null {
  const header = request.headers.cookie
  if (!header) return null
  const wanted = cookieName(request)
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq !== -1 && part.slice(0, eq).trim() === wanted) return part.slice(eq + 1).trim()
  }
  return null
}

/**
 * The cart id the request's cart cookie names in `storeId`, or null: no cookie, a forged or
 * malformed one, or another store's are all "no cart yet", never an error. The bare-named
 * cookie counts only on plain-http localhost, like the session cookie.
 *
 * @example const cartId = await cartIdFromRequest(platform, store.storeId, request)
 */
export async function cartIdFromRequest(
  platform: Platform,
  storeId: string,
  request: FastifyRequest,
): Promise<string | null> {
  const value = cookieValue(request)
  return value === null ? null : verifyCartToken(await cartSigningKey(platform), storeId, value)
}

/** `Set-Cookie` holding a cart: signed, HttpOnly, SameSite=Lax, Path=/, Secure and `__Host-` except on plain-http localhost. */
export async function cartCookie(
  platform: Platform,
  request: FastifyRequest,
  storeId: string,
  cartId: string,
): Promise<string> {
  const token = signCartToken(await cartSigningKey(platform), storeId, cartId)
  const secure = isPlainLocalhost(request) ? '' : '; Secure'
  return `${cookieName(request)}=${token}; Path=/; Max-Age=${CART_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`
}

/** The opaque cart id the storefront API hands out for a cart (the cookie's token). */
export async function cartToken(platform: Platform, storeId: string, cartId: string): Promise<string> {
  return signCartToken(await cartSigningKey(platform), storeId, cartId)
}

/** The cart id behind a storefront API cart id, or null when it is not one this store signed. */
export async function cartIdOfToken(platform: Platform, storeId: string, token: unknown): Promise<string | null> {
  return verifyCartToken(await cartSigningKey(platform), storeId, token)
}
