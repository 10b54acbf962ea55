import { createHmac, timingSafeEqual } from 'node:crypto'
import { signingKeyFor } from '../../../infra/signing/platform-key.js'
import { uuidBytes, uuidText } from '../../../infra/signing/uuid-bytes.js'
import type { Platform } from '../../platform.js'

const VERSION = 1
const CLAIMS_LENGTH = 1 + 16 + 16
/** 128 bits of HMAC-SHA256: plenty against forgery, and the token stays short (66 characters). */
const MAC_LENGTH = 16
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The opaque cart token of the cart cookie and of the storefront API's cart ids: version, store
 * id and cart id, then a truncated HMAC over them, in base64url. A guessed or copied cart id
 * opens nothing without the signature, and a token made for one store names nothing in another.
 *
 * @example signCartToken(key, storeId, cartId) // 'AQGT…' (66 characters)
 */
export function signCartToken(key: Buffer, storeId: string, cartId: string): string {
  const claims = Buffer.alloc(CLAIMS_LENGTH)
  claims.writeUInt8(VERSION, 0)
  uuidBytes(storeId).copy(claims, 1)
  uuidBytes(cartId).copy(claims, 17)
  return Buffer.concat([claims, mac(key, claims)]).toString('base64url')
}

/** The cart id a token names in `storeId`, or null when it is malformed, forged or another store's. */
export function verifyCartToken(key: Buffer, storeId: string, token: unknown): string | null {
  if (typeof token !== 'string' || !/^[\w-]{60,80}$/.test(token) || !UUID.test(storeId)) return null
  const raw = Buffer.from(token, 'base64url')
  // Decoding drops the last character's low bits: only the one spelling the platform signed is a token.
  if (raw.length !== CLAIMS_LENGTH + MAC_LENGTH || raw.toString('base64url') !== token) return null
  const claims = raw.subarray(0, CLAIMS_LENGTH)
  if (!timingSafeEqual(raw.subarray(CLAIMS_LENGTH), mac(key, claims))) return null
  if (claims.readUInt8(0) !== VERSION) return null
  if (!claims.subarray(1, 17).equals(uuidBytes(storeId))) return null
  return uuidText(claims.subarray(17, 33))
}

function mac(key: Buffer, claims: Buffer): Buffer {
  return createHmac('sha256', key).update('emporium cart').update(claims).digest().subarray(0, MAC_LENGTH)
}

/** The key that signs cart tokens (infra/signing/platform-key.ts). */
export function cartSigningKey(platform: Platform): Promise<Buffer> {
  return signingKeyFor(platform, { label: 'storefront carts v1', name: 'carts' })
}
