import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto'
import { sql } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
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
  if (raw.length !== CLAIMS_LENGTH + MAC_LENGTH) return null
  const claims = raw.subarray(0, CLAIMS_LENGTH)
  if (!timingSafeEqual(raw.subarray(CLAIMS_LENGTH), mac(key, claims))) return null
  if (claims.readUInt8(0) !== VERSION) return null
  if (!claims.subarray(1, 17).equals(uuidBytes(storeId))) return null
  return uuidText(claims.subarray(17, 33))
}

function mac(key: Buffer, claims: Buffer): Buffer {
  return createHmac('sha256', key).update('emporium cart').update(claims).digest().subarray(0, MAC_LENGTH)
}

function uuidBytes(uuid: string): Buffer {
  return Buffer.from(uuid.replaceAll('-', ''), 'hex')
}

function uuidText(bytes: Buffer): string {
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

const keys = new WeakMap<Platform, Promise<Buffer>>()

/**
 * The key that signs cart tokens, the same on every API node: derived from `INTERNAL_SECRET`
 * (HKDF, its own label, as staged uploads derive theirs) when it is set, else a random key made
 * once and kept in the database (the first node to need it inserts it; the others read that one).
 */
export function cartSigningKey(platform: Platform): Promise<Buffer> {
  let key = keys.get(platform)
  if (!key) {
    key = loadKey(platform.config.internalSecret, platform.database.db)
    key.catch(() => keys.delete(platform))
    keys.set(platform, key)
  }
  return key
}

async function loadKey(internalSecret: string | undefined, db: AnyDb): Promise<Buffer> {
  if (internalSecret) return Buffer.from(hkdfSync('sha256', internalSecret, 'emporium', 'storefront carts v1', 32))
  await sql`create table if not exists cart_signing_keys (name text primary key, key bytea not null)`.execute(db)
  await sql`insert into cart_signing_keys (name, key) values ('carts', ${randomBytes(32)}) on conflict (name) do nothing`.execute(
    db,
  )
  const { rows } = await sql<{ key: Uint8Array }>`select key from cart_signing_keys where name = 'carts'`.execute(db)
  return Buffer.from(rows[0]!.key)
}
