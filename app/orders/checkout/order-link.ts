import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto'
import { sql } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
import type { Platform } from '../../platform.js'

type KeySource = Pick<Platform, 'config' | 'database'>

/** One key per platform, derived once. */
const keys = new WeakMap<KeySource, Promise<Buffer>>()

/**
 * The key that signs order confirmation links, the same on every API node: derived from
 * `INTERNAL_SECRET` (HKDF, its own label) when it is set, else a random key made once and kept in
 * the database beside the media signing key (the first node to need it inserts it).
 */
function orderLinkKey(platform: KeySource): Promise<Buffer> {
  let key = keys.get(platform)
  if (!key) {
    key = deriveKey(platform.config.internalSecret, platform.database.db)
    key.catch(() => keys.delete(platform))
    keys.set(platform, key)
  }
  return key
}

async function deriveKey(internalSecret: string | undefined, db: AnyDb): Promise<Buffer> {
  if (internalSecret) return Buffer.from(hkdfSync('sha256', internalSecret, 'emporium', 'order links v1', 32))
  await sql`create table if not exists media_signing_keys (name text primary key, key bytea not null)`.execute(db)
  await sql`insert into media_signing_keys (name, key) values ('order-links', ${randomBytes(32)}) on conflict (name) do nothing`.execute(
    db,
  )
  const { rows } = await sql<{
    key: Uint8Array
  }>`select key from media_signing_keys where name = 'order-links'`.execute(db)
  return Buffer.from(rows[0]!.key)
}

function mac(key: Buffer, orderId: string): Buffer {
  return createHmac('sha256', key).update('emporium order link').update(orderId.toLowerCase()).digest()
}

/**
 * The `key` of an order's confirmation link: an HMAC of the order id, so whoever holds the link
 * (the shopper who paid) sees the order, and nobody can guess another order's.
 *
 * @example await orderLinkToken(platform, orderId) // 'hS3k…' (base64url, 43 characters)
 */
export async function orderLinkToken(platform: KeySource, orderId: string): Promise<string> {
  return mac(await orderLinkKey(platform), orderId).toString('base64url')
}

/** Whether `token` is the key of `orderId`'s confirmation link (constant-time). */
export async function verifyOrderLinkToken(
  platform: KeySource,
  orderId: string,
  token: string | undefined,
): Promise<boolean> {
  if (!token) return false
  const presented = Buffer.from(token, 'base64url')
  const expected = mac(await orderLinkKey(platform), orderId)
  return presented.length === expected.length && timingSafeEqual(presented, expected)
}

/**
 * The store-host path of an order's confirmation page, as the pay page redirects to it.
 *
 * @example await orderConfirmationPath(platform, orderId) // '/checkout/orders/<orderId>?key=<token>'
 */
export async function orderConfirmationPath(platform: KeySource, orderId: string): Promise<string> {
  return `/checkout/orders/${encodeURIComponent(orderId)}?key=${await orderLinkToken(platform, orderId)}`
}
